import type { FastifyPluginAsync } from 'fastify'
import { Readiness } from '@verity/wire'

export type ReadyRoutesOptions = {
  /** True once every worker of the prover is warm for every policy tier (or warming failed: it will not get better). */
  isProverWarm(): boolean
}

/**
 * GET /readyz: 503 `{ready: false}` while the prover warms up at start (a proposal then would wait
 * behind the warm-up), 200 `{ready: true}` after: what a load balancer or a script waits for before
 * sending proposals. The service accepts requests either way (docs/orchestrator.md).
 */
export const readyRoutes: FastifyPluginAsync<ReadyRoutesOptions> = async (app, { isProverWarm }) => {
  app.get(
    '/readyz',
    { schema: { operationId: 'readyz_get', tags: ['meta'], response: { 200: Readiness, 503: Readiness } } },
    async (_request, reply) =>
      isProverWarm() ? { ready: true } : reply.code(503).send({ ready: false, reason: 'the prover is warming up (every policy tier, one proof per worker)' }),
  )
}
