import type { FastifyInstance, FastifyRequest } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { RateLimitedError } from '../errors/limitErrors.ts'
import { RATE_LIMIT_CLIENTS_MAX } from '../limits.ts'

/** Methods that change state; every route answering one of them is rate-limited. */
export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export type RateLimitSettings = {
  /** Mutating requests one client (IP address) may send per window (RATE_LIMIT_MAX_DEFAULT). */
  rateLimitMax: number
  /** The window, in ms (RATE_LIMIT_WINDOW_MS_DEFAULT). */
  rateLimitWindowMs: number
}

/**
 * Registers @fastify/rate-limit on `app` (await it before registering routes): every mutating
 * request of one client address counts against one budget of `rateLimitMax` per
 * `rateLimitWindowMs`; reads are not counted. Over it, the request fails with RateLimitedError
 * (429, `Retry-After` in seconds) in the service's own error shape. The client is the TCP peer
 * address (fastify's `trustProxy` is off: a forwarded header cannot pick someone else's budget).
 */
export async function limitMutatingRequests(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  if (!Number.isSafeInteger(settings.rateLimitMax) || settings.rateLimitMax < 1) throw new RangeError(`rateLimitMax must be an integer ≥ 1, got ${settings.rateLimitMax}`)
  if (!Number.isSafeInteger(settings.rateLimitWindowMs) || settings.rateLimitWindowMs < 1)
    throw new RangeError(`rateLimitWindowMs must be an integer ≥ 1, got ${settings.rateLimitWindowMs}`)
  await app.register(rateLimit, {
    global: true,
    max: settings.rateLimitMax,
    timeWindow: settings.rateLimitWindowMs,
    cache: RATE_LIMIT_CLIENTS_MAX,
    keyGenerator: (request: FastifyRequest) => request.ip,
    allowList: (request: FastifyRequest) => !MUTATING_METHODS.has(request.method),
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError({ requestsMax: settings.rateLimitMax, windowMs: settings.rateLimitWindowMs, retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  })
}
