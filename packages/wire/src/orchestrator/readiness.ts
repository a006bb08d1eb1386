import { Type } from 'typebox'

/** GET /readyz: 200 once the orchestrator proves at full speed, 503 while its prover warms up. */
export const Readiness = Type.Object({
  ready: Type.Boolean(),
  reason: Type.Optional(Type.String({ description: 'why it is not ready yet, e.g. "the prover is warming up"' })),
})
