// The domain's HTTP service (spec/domain.md) on the shared HTTP edge (@verity/server httpEdge):
// bigint-exact JSON, every request validated against the wire schemas of @verity/wire, failures in
// `{message, code, index?, constraint?}`, /openapi.json from the same schemas and Swagger UI offline.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  applyServerTimeouts,
  authorizeRequests,
  exposeMetrics,
  exposeReadiness,
  httpEdge,
  ServiceMetrics,
  limitMutatingRequests,
  LOG_REDACT_PATHS,
  RATE_LIMIT_MAX_DEFAULT,
  RATE_LIMIT_WINDOW_MS_DEFAULT,
  TokenRegistry,
  type RateLimitSettings,
} from '@verity/server'
import type { DomainApi } from '../DomainApi.ts'
import { GUARDRAIL_INPUT_BYTES_MAX, REQUEST_BODY_BYTES_MAX } from '../limits.ts'
import { domainErrorBody } from './domainErrorBody.ts'
import { watchDomain } from './domainMetrics.ts'
import { DOMAIN_ROUTE_SCOPES } from './domainRouteScopes.ts'
import { httpStatusByCode, UNLISTED_CODE_STATUS } from './httpStatusByCode.ts'
import { intentRoutes } from './intentRoutes.ts'
import { paymentRoutes } from './paymentRoutes.ts'
import { sdlRoutes } from './sdlRoutes.ts'
import { vaultRoutes } from './vaultRoutes.ts'
import { finalizedVaultRoutes, type FinalizedVaultRoutesOptions } from './finalizedVaultRoutes.ts'

export type BuildDomainAppOptions = {
  domain: DomainApi
  /** pino level; default from VERITY_LOG_LEVEL read by the caller, else `info` */
  logLevel?: string
  bodyBytesMax?: number
  /** the tokens the operator routes accept (DOMAIN_ROUTE_SCOPES); empty or absent → those routes are open (loopback only) */
  tokens?: TokenRegistry
  /** per-client rate limit of the mutating routes (defaults: RATE_LIMIT_MAX_DEFAULT per RATE_LIMIT_WINDOW_MS_DEFAULT) */
  rateLimit?: Partial<RateLimitSettings>
  /** where GET /vaults/{owner_id}/finalized comes from (finalizedVaultRoutes); default: the base layer's view */
  finalizedVaults?: FinalizedVaultRoutesOptions['finalizedVaults']
}

/** Returns the app without listening. */
export async function buildDomainApp(options: BuildDomainAppOptions): Promise<FastifyInstance> {
  const bodyBytesMax = options.bodyBytesMax ?? REQUEST_BODY_BYTES_MAX
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', redact: [...LOG_REDACT_PATHS] },
    bodyLimit: bodyBytesMax,
  }).withTypeProvider<TypeBoxTypeProvider>()
  const isGuardrailInput = (contentType: string | undefined) => contentType?.startsWith('application/octet-stream') ?? false
  await app.register(httpEdge, {
    statusByCode: httpStatusByCode,
    unlistedStatus: UNLISTED_CODE_STATUS,
    errorBody: domainErrorBody,
    bodyBytesMaxOf: (request) => (isGuardrailInput(request.headers['content-type']) ? GUARDRAIL_INPUT_BYTES_MAX : (request.routeOptions.bodyLimit ?? bodyBytesMax)),
    openApi: {
      info: {
        title: 'Verity domain',
        version: '0.1.0',
        description: 'Vaults, signed transactions and settlement through state diff lists (SDLs). See docs/domain.md.',
      },
    },
  })
  // The guardrail input of POST /sdls/{hash}/prove: bytes, with their own limit.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: GUARDRAIL_INPUT_BYTES_MAX }, (_request, body, done) =>
    done(null, body),
  )
  // Abuse limits and operator tokens (docs/security.md), in place before any route exists.
  applyServerTimeouts(app.server)
  await limitMutatingRequests(app as unknown as FastifyInstance, {
    rateLimitMax: options.rateLimit?.rateLimitMax ?? RATE_LIMIT_MAX_DEFAULT,
    rateLimitWindowMs: options.rateLimit?.rateLimitWindowMs ?? RATE_LIMIT_WINDOW_MS_DEFAULT,
  })
  authorizeRequests(app as unknown as FastifyInstance, { registry: options.tokens ?? new TokenRegistry([]), routeScopes: DOMAIN_ROUTE_SCOPES })
  const metrics = new ServiceMetrics('domain')
  exposeMetrics(app as unknown as FastifyInstance, metrics)
  exposeReadiness(app as unknown as FastifyInstance)
  watchDomain(metrics, options.domain)

  await app.register(vaultRoutes, { domain: options.domain })
  await app.register(finalizedVaultRoutes, { finalizedVaults: options.finalizedVaults ?? (() => null) })
  await app.register(intentRoutes, { domain: options.domain })
  await app.register(paymentRoutes, { domain: options.domain })
  await app.register(sdlRoutes, { domain: options.domain })
  return app as unknown as FastifyInstance
}
