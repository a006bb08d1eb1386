import Fastify, { type FastifyInstance } from 'fastify'
import { applyServerTimeouts, exposeMetrics, httpEdge, LOG_REDACT_PATHS, ServiceMetrics } from '@verity/server'
import type { StoreCatalog } from '../catalog/StoreCatalog.ts'
import { STORE_REQUEST_BODY_BYTES_MAX } from '../limits.ts'
import { buildBusinessProfile, type StorePayee } from '../profile/buildBusinessProfile.ts'
import { UnreadableBody } from '../ucp/UnreadableBody.ts'
import { registerMcpRoute } from './mcpRoute.ts'
import { registerRestRoutes } from './restRoutes.ts'
import { storeErrorBody } from './storeErrorBody.ts'
import { httpStatusByCode } from './ucpErrorCodes.ts'
import { errorReply } from '../ucp/responseEnvelope.ts'

export type BuildStoreAppOptions = {
  catalog: StoreCatalog
  /** The URL agents reach the store at (`http://127.0.0.1:8095`): the profile's endpoints are under it. A function is asked on each profile request (the port may be known only once listening). */
  baseUrl: string | (() => string)
  /** Whom the `dev.verity.domain` payment handler names; undefined: the profile lists no payment handler. */
  payee: StorePayee | undefined
  /** pino level (default `info`). */
  logLevel?: string
  /** Largest request body (default STORE_REQUEST_BODY_BYTES_MAX). */
  bodyBytesMax?: number
}

/**
 * The demo store as a fastify app (not listening): `GET /.well-known/ucp`, the REST binding under
 * `/ucp`, the MCP binding at `/ucp/mcp`, `GET /health` and `GET /metrics` (Prometheus, docs/operations.md). JSON bodies only, bounded, through the
 * shared HTTP edge, with the server time-outs every Verity service has.
 * @example const app = await buildStoreApp({ catalog: loadStoreCatalog(DEMO_CATALOG_PATH), baseUrl, payee: undefined })
 */
export async function buildStoreApp(options: BuildStoreAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: options.logLevel ?? 'info', redact: [...LOG_REDACT_PATHS] }, bodyLimit: options.bodyBytesMax ?? STORE_REQUEST_BODY_BYTES_MAX })
  applyServerTimeouts(app.server)
  await app.register(httpEdge, {
    statusByCode: httpStatusByCode,
    errorBody: storeErrorBody,
    isJsonOnly: true,
    onUnreadable: (reason) => new UnreadableBody(reason),
  })
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorReply('not_found', `no route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} (the profile is at /.well-known/ucp)`))
  })
  app.get('/health', async () => ({ ok: true }))
  exposeMetrics(app, new ServiceMetrics('store'))
  const { baseUrl, payee } = options
  const profileOf = () => buildBusinessProfile({ baseUrl: typeof baseUrl === 'string' ? baseUrl : baseUrl(), payee })
  registerRestRoutes(app, { catalog: options.catalog, profileOf })
  registerMcpRoute(app, { catalog: options.catalog, version: '0.1.0' })
  return app
}
