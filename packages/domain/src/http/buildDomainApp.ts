// The domain's HTTP service (spec/domain.md): fastify with TypeBox schemas that both validate
// requests and generate /openapi.json; Swagger UI served offline at /swagger-ui.
import { parseJsonBigint, stringifyJsonBigint } from '@verity/core'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  applyServerTimeouts,
  authorizeRequests,
  exposeMetrics,
  ServiceMetrics,
  limitMutatingRequests,
  LOG_REDACT_PATHS,
  RATE_LIMIT_MAX_DEFAULT,
  RATE_LIMIT_WINDOW_MS_DEFAULT,
  TokenRegistry,
  type RateLimitSettings,
} from '@verity/server'
import type { DomainApi } from '../DomainApi.ts'
import { InvalidRequestError } from '@verity/core'
import { GUARDRAIL_INPUT_BYTES_MAX, REQUEST_BODY_BYTES_MAX } from '../limits.ts'
import { handleError } from './errorHandler.ts'
import { watchDomain } from './domainMetrics.ts'
import { DOMAIN_ROUTE_SCOPES } from './domainRouteScopes.ts'
import { addIntegerKeywords, openApiIntegers } from './integerKeywords.ts'
import { intentRoutes } from './intentRoutes.ts'
import { sdlRoutes } from './sdlRoutes.ts'
import { vaultRoutes } from './vaultRoutes.ts'

export type BuildDomainAppOptions = {
  domain: DomainApi
  /** pino level; default from VERITY_LOG_LEVEL read by the caller, else `info` */
  logLevel?: string
  bodyBytesMax?: number
  /** the tokens the operator routes accept (DOMAIN_ROUTE_SCOPES); empty or absent → those routes are open (loopback only) */
  tokens?: TokenRegistry
  /** per-client rate limit of the mutating routes (defaults: RATE_LIMIT_MAX_DEFAULT per RATE_LIMIT_WINDOW_MS_DEFAULT) */
  rateLimit?: Partial<RateLimitSettings>
}

/** Returns the app without listening. */
export async function buildDomainApp(options: BuildDomainAppOptions): Promise<FastifyInstance> {
  const bodyBytesMax = options.bodyBytesMax ?? REQUEST_BODY_BYTES_MAX
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', redact: [...LOG_REDACT_PATHS] },
    bodyLimit: bodyBytesMax,
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false }, plugins: [addIntegerKeywords as never] },
  }).withTypeProvider<TypeBoxTypeProvider>()

  // Bodies are signed: ajv must never coerce or strip them (fastify's defaults do both), so the
  // paging parameters are strings with a pattern instead of coerced integers.
  // u64 amounts and nonces must not be rounded: JSON bodies are parsed with parseJsonBigint, and
  // replies are written with stringifyJsonBigint (response schemas document, they do not filter).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : parseJsonBigint(body as string))
    } catch (error) {
      done(new InvalidRequestError({ reason: `body is not valid JSON: ${(error as Error).message}` }), undefined)
    }
  })
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: GUARDRAIL_INPUT_BYTES_MAX }, (_request, body, done) =>
    done(null, body),
  )
  app.setSerializerCompiler(() => (data) => stringifyJsonBigint(data))
  app.setReplySerializer((payload) => stringifyJsonBigint(payload))
  app.setErrorHandler(handleError)
  // Abuse limits and operator tokens (docs/security.md), in place before any route exists.
  applyServerTimeouts(app.server)
  await limitMutatingRequests(app as unknown as FastifyInstance, {
    rateLimitMax: options.rateLimit?.rateLimitMax ?? RATE_LIMIT_MAX_DEFAULT,
    rateLimitWindowMs: options.rateLimit?.rateLimitWindowMs ?? RATE_LIMIT_WINDOW_MS_DEFAULT,
  })
  authorizeRequests(app as unknown as FastifyInstance, { registry: options.tokens ?? new TokenRegistry([]), routeScopes: DOMAIN_ROUTE_SCOPES })
  const metrics = new ServiceMetrics('domain')
  exposeMetrics(app as unknown as FastifyInstance, metrics)
  watchDomain(metrics, options.domain)

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Verity domain',
        version: '0.1.0',
        description: 'Vaults, signed transactions and settlement through state diff lists (SDLs). See docs/domain.md.',
      },
    },
    transformObject: (documentObject) => openApiIntegers(structuredClone('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject)),
  })
  await app.register(swaggerUi, { routePrefix: '/swagger-ui' })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  await app.register(vaultRoutes, { domain: options.domain })
  await app.register(intentRoutes, { domain: options.domain })
  await app.register(sdlRoutes, { domain: options.domain })
  return app as unknown as FastifyInstance
}
