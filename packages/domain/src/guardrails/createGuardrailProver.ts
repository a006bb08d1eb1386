// Guardrail proofs with the policy circuit: one proof per transaction per guardrail, over the
// transaction's evidence (the fields the template declares) and the prove-time intent. The
// proof's intent id is "<sdl hash>/<transaction index>", binding it to its place in the SDL.
import { provePolicy, type CircuitProver } from '@verity/prover'
import { evidenceFor } from './checkGuardrails.ts'
import type { GuardrailProver } from './GuardrailProver.ts'
import { transactionEvidence } from './transactionEvidence.ts'

/** The intent id a guardrail proof of transaction `index` of SDL `sdlHash` carries. */
export function guardrailIntentId(sdlHash: string, index: number): string {
  return `${sdlHash}/${index}`
}

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
