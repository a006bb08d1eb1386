import Fastify, { type FastifyInstance } from 'fastify'
import {
  applyServerTimeouts,
  exposeMetrics,
  exposeReadiness,
  httpEdge,
  limitMutatingRequests,
  ServiceMetrics,
  LOG_REDACT_PATHS,
  RATE_LIMIT_MAX_DEFAULT,
  RATE_LIMIT_WINDOW_MS_DEFAULT,
} from '@verity/server'
import { createExtractorDependencies } from '../createExtractorDependencies.ts'
import type { ExtractorDependencies } from '../extractFromSolution.ts'
import type { ExtractorOptions } from '../ExtractorOptions.ts'
import { extractorEdge } from './extractorEdge.ts'
import { extractorRoutes } from './extractorRoutes.ts'

export type BuildExtractorAppOptions = ExtractorOptions & {
  /** pino level; default VERITY_LOG_LEVEL as read by the caller, else `info`. */
  logLevel?: string
  /** Ready sources and mapping (tests, embedding); otherwise opened from the options. */
  dependencies?: ExtractorDependencies
  /** Extraction requests one client address may send per window (429 RATE_LIMITED beyond); defaults of @verity/server. */
  rateLimitMax?: number
  rateLimitWindowMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** base58 of the key the extractor attests with; undefined without a key file. */
    extractorKey: string | undefined
  }
}

/**
 * The reference extractor as a standalone fastify app (not listening): `POST /extract`,
 * `POST /catalog/search`, `GET /health`, `/openapi.json` and Swagger UI (offline) at `/swagger-ui`,
 * with the server time-outs and the per-client rate limit every Verity service has.
 * @example const app = await buildExtractorApp({ catalogPath: 'shop.jsonl' }); await app.listen({ port: 8090 })
 */
export async function buildExtractorApp(options: BuildExtractorAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: options.logLevel ?? 'info', redact: [...LOG_REDACT_PATHS] } })
  applyServerTimeouts(app.server)
  await limitMutatingRequests(app, {
    rateLimitMax: options.rateLimitMax ?? RATE_LIMIT_MAX_DEFAULT,
    rateLimitWindowMs: options.rateLimitWindowMs ?? RATE_LIMIT_WINDOW_MS_DEFAULT,
  })
  await app.register(httpEdge, {
    ...extractorEdge,
    openApi: {
      info: {
        title: 'Verity reference evidence extractor',
        version: '0.1.0',
        description: 'Maps a proposal (a catalog id or a storefront product URL) to evidence. See docs/extractor.md.',
      },
    },
  })
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }))
  exposeMetrics(app, new ServiceMetrics('extractor'))
  exposeReadiness(app)
  const { logLevel: _logLevel, rateLimitMax: _max, rateLimitWindowMs: _window, ...routesOptions } = options
  let dependencies = options.dependencies
  if (dependencies === undefined) {
    const opened = createExtractorDependencies(options, app.log)
    app.addHook('onClose', async () => opened.close())
    dependencies = opened.dependencies
  }
  app.decorate('extractorKey', dependencies.signer?.publicKeyBase58)
  await app.register(extractorRoutes, { ...routesOptions, dependencies })
  return app
}
