import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import type { ExtractorDependencies } from '../extractFromSolution.ts'
import type { ExtractorOptions } from '../ExtractorOptions.ts'
import { extractorRoutes } from './extractorRoutes.ts'

export type BuildExtractorAppOptions = ExtractorOptions & {
  /** pino level; default VERITY_LOG_LEVEL as read by the caller, else `info`. */
  logLevel?: string
  /** Ready sources and mapping (tests, embedding); otherwise opened from the options. */
  dependencies?: ExtractorDependencies
}

/**
 * The reference extractor as a standalone fastify app (not listening): `POST /extract`,
 * `GET /health`, `/openapi.json` and Swagger UI (offline) at `/swagger-ui`.
 * @example const app = await buildExtractorApp({ catalogPath: 'shop.jsonl' }); await app.listen({ port: 8090 })
 */
export async function buildExtractorApp(options: BuildExtractorAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: options.logLevel ?? 'info' } })
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Verity reference evidence extractor',
        version: '0.1.0',
        description: 'Maps a proposal (a catalog id or a storefront product URL) to evidence. See docs/extractor.md.',
      },
    },
  })
  await app.register(swaggerUi, { routePrefix: '/swagger-ui' })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }))
  const { logLevel: _logLevel, ...routesOptions } = options
  await app.register(extractorRoutes, routesOptions)
  return app
}
