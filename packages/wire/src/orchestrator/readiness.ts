import { Type } from 'typebox'

/** GET /readyz of every service (@verity/server's exposeReadiness): the orchestrator's is 200 once it proves at full speed, 503 while its prover warms up. */
export const Readiness = Type.Object({
  ready: Type.Boolean(),
  version: Type.Optional(Type.String({ description: 'the Verity release the service runs, e.g. 0.2.0 (every service since 0.2.0)' })),
  reason: Type.Optional(Type.String({ description: 'why it is not ready yet, e.g. "the prover is warming up"' })),
})
