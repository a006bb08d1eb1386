// Guardrail proofs with the policy circuit: one proof per transaction per guardrail, over the
// transaction's evidence (the fields the template declares) and the prove-time intent. The
// proof's intent id is "<sdl hash>/<transaction index>", binding it to its place in the SDL.
// The base layer recomputes the template hash, the evidence commitment and the intent id.
import { guardrailIntentId, transactionEvidence } from '@verity/ledger'
import { provePolicy, type CircuitProver } from '@verity/prover'
import { evidenceFor } from './checkGuardrails.ts'
import type { GuardrailProver } from './GuardrailProver.ts'

export { guardrailIntentId }

export function createGuardrailProver(circuits: CircuitProver): GuardrailProver {
  return {
    prove: ({ guardrail, intent, transaction, index, sdlHash }) =>
      provePolicy(circuits, {
        compiled: guardrail.compiled,
        attrs: { ...intent },
        evidence: evidenceFor(guardrail.compiled, transactionEvidence(transaction)),
        intentId: guardrailIntentId(sdlHash, index),
      }),
  }
}
