import type { EvidenceAttestation, InputValue } from '@verity/core'
import type { CompiledTemplate } from '@verity/policy'

/** What the orchestrator proves: that `compiled` holds over `attrs` and `evidence` for this intent. */
export type PolicyProofInput = {
  intentId: string
  templateId: string
  compiled: CompiledTemplate
  attrs: Record<string, InputValue>
  evidence: Record<string, InputValue>
  /** A sealed intent's salt: the proof's attrs commitment is then the one the user signed (docs/protocol.md, "Sealed intents"). Absent: an open intent (salt 0). */
  attrsSalt?: bigint
  /** The extractor's attestation of the evidence; the proof is bound to it (docs/proofs.md). Null: unattested. */
  attestation: EvidenceAttestation | null
}

/**
 * Proving port of the orchestrator. `prove` returns the JSON-ready proof object published in
 * GET /proofs/{id} under `proof` (the artifact and whatever an offline verifier needs besides the
 * intent, evidence and template: e.g. the salt of the evidence commitment).
 */
export interface PolicyProving {
  /** Throws (a VerityError naming the bound) when the policy circuit cannot prove `compiled`. */
  assertTemplateFits(compiled: CompiledTemplate): void
  /** Throws (a VerityError naming the set field) when no tier that proves `compiled` holds the sets of an intent's `attrs`. */
  assertIntentFits(compiled: CompiledTemplate, attrs: Record<string, InputValue>): void
  prove(input: PolicyProofInput): Promise<Record<string, unknown>>
  /** Which Barretenberg proves: the native bb or its wasm (undefined: a prover outside this process, e.g. a test's). */
  readonly backend?: 'native' | 'wasm'
  /** Loads the circuit, keys and CRS in every prover worker now (start-up), not on the first proof. */
  warmUp(): Promise<void>
  close(): Promise<void>
}
