import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { isVerityError, parseJsonBigint, stringifyJsonBigint } from '@verity/core'
import {
  applyServerTimeouts,
  httpStatusByServerCode,
  limitMutatingRequests,
  LOG_REDACT_PATHS,
  RATE_LIMIT_MAX_DEFAULT,
  RATE_LIMIT_WINDOW_MS_DEFAULT,
  exposeMetrics,
  ServiceMetrics,
  type RateLimitSettings,
} from '@verity/server'
import { RpcParseError } from '../errors/requestErrors.ts'
import { RPC_BODY_BYTES_MAX } from '../limits.ts'
import type { BaseLayerNode } from '../node/BaseLayerNode.ts'
import { handleRpcRequest } from '../rpc/handleRpcRequest.ts'
import { openApiDocument } from './openApiDocument.ts'
import { rpcErrorCodes, rpcErrorOf } from '../rpc/rpcErrorOf.ts'

export type BaseLayerAppOptions = {
  node: BaseLayerNode
  /** pino level; default `VERITY_LOG_LEVEL` read by the caller, else `info` */
  logLevel?: string
  /** largest request body, in bytes (default RPC_BODY_BYTES_MAX) */
  bodyBytesMax?: number
  /** per-client rate limit of JSON-RPC calls (POST /), defaults RATE_LIMIT_MAX_DEFAULT per RATE_LIMIT_WINDOW_MS_DEFAULT */
  rateLimit?: Partial<RateLimitSettings>
}

/** A body that arrived but is not JSON; answered with a JSON-RPC parse error (-32700). */
class UnparsedBody {
  constructor(readonly reason: string) {}
}

/**
 * The base layer's JSON-RPC 2.0 endpoint (`POST /`, application/json), `GET /health`,
 * `/openapi.json` and Swagger UI (offline) at `/swagger-ui`, not listening. Large integers are parsed without rounding (parseJsonBigint) and written exactly.
 * JSON-RPC errors are answered with HTTP 200 (the error is in the body); a body over the limit
 * gets 413 and a content type other than JSON 415, both with a JSON-RPC error body.
 */
export function buildBaseLayerApp(options: BaseLayerAppOptions): FastifyInstance {
  const bodyBytesMax = options.bodyBytesMax ?? RPC_BODY_BYTES_MAX
  const app = Fastify({ logger: { level: options.logLevel ?? 'info', redact: [...LOG_REDACT_PATHS] }, bodyLimit: bodyBytesMax })
  // Abuse limits (docs/security.md). Every method that changes state is operator-signed, so the
  // base layer needs no tokens; its one route is rate-limited per client like every mutating route.
  applyServerTimeouts(app.server)
  void limitMutatingRequests(app, {
    rateLimitMax: options.rateLimit?.rateLimitMax ?? RATE_LIMIT_MAX_DEFAULT,
    rateLimitWindowMs: options.rateLimit?.rateLimitWindowMs ?? RATE_LIMIT_WINDOW_MS_DEFAULT,
  })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: bodyBytesMax }, (_request, body, done) => {
    try {
      done(null, parseJsonBigint(body as string))
    } catch (error) {
      done(null, new UnparsedBody((error as Error).message))
    }
  })

  app.setErrorHandler((error: { code?: string; statusCode?: number; message: string }, request, reply) => {
    const limitStatus = isVerityError(error) ? httpStatusByServerCode[error.code] : undefined
    if (limitStatus !== undefined) {
      // RATE_LIMITED (429, Retry-After already set): a JSON-RPC error whose data.code names it.
      void reply.code(limitStatus).type('application/json').send(stringifyJsonBigint({ jsonrpc: '2.0', id: null, error: rpcErrorOf(error) }))
      return
    }
    const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    const unsupported = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
    if (!tooLarge && !unsupported) request.log.error({ err: error }, 'unexpected error')
    const status = tooLarge ? 413 : unsupported ? 415 : (error.statusCode ?? 500) < 500 ? (error.statusCode as number) : 500
    const message = tooLarge
      ? `request body exceeds the limit of ${bodyBytesMax} bytes`
      : unsupported
        ? 'content type must be application/json'
        : status < 500
          ? error.message
          : 'internal error'
    const code = status < 500 ? rpcErrorCodes.INVALID_REQUEST : rpcErrorCodes.INTERNAL_ERROR
    // data.code as on every other error (docs/base-layer-rpc.md).
    const dataCode = unsupported ? 'UNSUPPORTED_MEDIA_TYPE' : status < 500 ? 'INVALID_REQUEST' : 'INTERNAL_ERROR'
    const body = { jsonrpc: '2.0', id: null, error: { code, message, data: { code: dataCode } } }
    void reply.code(status).type('application/json').send(stringifyJsonBigint(body))
  })

  void app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } })
  void app.register(swaggerUi, { routePrefix: '/swagger-ui' })
  app.get('/openapi.json', async () => app.swagger())
  app.get('/health', async () => ({ status: 'ok' }))
  // Requests by method and status (JSON-RPC methods are in the body, so every call is `POST /`).
  exposeMetrics(app, new ServiceMetrics('base-layer'))

  // Registered as a plugin so that it loads after the rate limiter, whose hook it must carry.
  void app.register(async (rpc) => {
    rpc.post('/', async (request, reply) => {
      const body = request.body
      const response =
        body instanceof UnparsedBody
          ? { jsonrpc: '2.0', id: null, error: rpcErrorOf(new RpcParseError({ reason: body.reason })) }
          : await handleRpcRequest(options.node, body, (error, method) => request.log.error({ err: error, method }, 'unexpected error in a JSON-RPC method'))
      if (response === undefined) return reply.code(204).send()
      return reply.code(200).type('application/json').send(stringifyJsonBigint(response))
    })
  })
  return app
}
