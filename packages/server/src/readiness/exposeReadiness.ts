import type { FastifyInstance } from 'fastify'
import { VERITY_VERSION } from '@verity/core'

/** The route a load balancer or a script asks whether the service is ready, and which release it runs. */
export const READINESS_ROUTE = '/readyz'

export type ExposeReadinessOptions = {
  /** Why the service is not ready yet, or undefined once it is (default: ready as soon as it listens). */
  notReadyReason?: () => string | undefined
}

const readinessBody = {
  type: 'object',
  required: ['ready', 'version'],
  properties: {
    ready: { type: 'boolean' },
    version: { type: 'string', description: 'the Verity release this service runs, e.g. 0.2.0' },
    reason: { type: 'string', description: 'why it is not ready yet' },
  },
} as const

/**
 * Serves `GET /readyz`: 200 `{ ready: true, version }` once ready, 503 `{ ready: false, version,
 * reason }` before. `version` is VERITY_VERSION, so an operator sees which release answers.
 * @example exposeReadiness(app) // ready as soon as the service listens
 */
export function exposeReadiness(app: FastifyInstance, options: ExposeReadinessOptions = {}): void {
  app.get(
    READINESS_ROUTE,
    { schema: { operationId: 'readyz_get', tags: ['meta'], response: { 200: readinessBody, 503: readinessBody } } },
    async (_request, reply) => {
      const reason = options.notReadyReason?.()
      return reason === undefined ? { ready: true, version: VERITY_VERSION } : reply.code(503).send({ ready: false, version: VERITY_VERSION, reason })
    },
  )
}
