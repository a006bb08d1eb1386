import Fastify, { type FastifyInstance } from 'fastify'
import { stringifyJsonBigint } from '@verity/core'
import {
  applyServerTimeouts,
  httpEdge,
  limitMutatingRequests,
  LOG_REDACT_PATHS,
  RATE_LIMIT_MAX_DEFAULT,
  RATE_LIMIT_WINDOW_MS_DEFAULT,
  exposeMetrics,
  exposeReadiness,
  ServiceMetrics,
  type RateLimitSettings,
} from '@verity/server'
import { RpcParseError } from '../errors/requestErrors.ts'
import { RPC_BODY_BYTES_MAX } from '../limits.ts'
import type { BaseLayerNode } from '../node/BaseLayerNode.ts'
import { handleRpcRequest } from '../rpc/handleRpcRequest.ts'
import { rpcErrorOf } from '../rpc/rpcErrorOf.ts'
import { baseLayerErrorBody } from './baseLayerErrorBody.ts'
import { httpStatusByCode } from './httpStatusByCode.ts'
import { openApiDocument } from './openApiDocument.ts'

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
  // The shared HTTP edge: JSON only, bigint-exact; a body that is not JSON is answered in-band
  // (a JSON-RPC parse error), so it reaches the route as an UnparsedBody.
  void app.register(httpEdge, {
    statusByCode: httpStatusByCode,
    unlistedStatus: 500,
    errorBody: baseLayerErrorBody,
    isJsonOnly: true,
    onUnreadable: (reason) => new UnparsedBody(reason),
    openApi: { document: openApiDocument() },
  })
  app.get('/health', async () => ({ status: 'ok' }))
  // Requests by method and status (JSON-RPC methods are in the body, so every call is `POST /`).
  exposeMetrics(app, new ServiceMetrics('base-layer'))
  exposeReadiness(app)

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
