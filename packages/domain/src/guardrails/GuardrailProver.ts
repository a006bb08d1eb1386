import type { InputValue } from '@verity/policy'
import type { VerifiableWithDiffs } from '@verity/ledger'
import type { Guardrail } from './Guardrail.ts'

/** Proves one guardrail over one transaction with the policy circuit; returns the proof artifact. */
export interface GuardrailProver {
  prove(job: { guardrail: Guardrail; intent: Readonly<Record<string, InputValue>>; transaction: VerifiableWithDiffs; index: number; sdlHash: string }): Promise<unknown>
}
