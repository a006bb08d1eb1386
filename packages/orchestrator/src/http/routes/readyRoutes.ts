import type { FastifyPluginAsync } from 'fastify'
import { exposeReadiness } from '@verity/server'

export type ReadyRoutesOptions = {
  /** True once every worker of the prover is warm for every policy tier (or warming failed: it will not get better). */
  isProverWarm(): boolean
}

/**
 * GET /readyz: 503 `{ready: false}` while the prover warms up at start (a proposal then would wait
 * behind the warm-up), 200 `{ready: true}` after: what a load balancer or a script waits for before
 * sending proposals. The service accepts requests either way (docs/orchestrator.md). Both say the
 * release (`version`), as every service's /readyz does.
 */
export const readyRoutes: FastifyPluginAsync<ReadyRoutesOptions> = async (app, { isProverWarm }) => {
  exposeReadiness(app, { notReadyReason: () => (isProverWarm() ? undefined : 'the prover is warming up (every policy tier, one proof per worker)') })
}
