import type { ProofArtifact } from '@verity/prover'

/**
 * What GET /proofs/{intent_id} returns (docs/orchestrator.md, "Proof format"): everything an
 * offline verifier needs. Kept here because @verity/orchestrator does not export the static type
 * of its `ProofResponse` schema; the shape is checked field by field by `verifyProofBundle`.
 */
export type ProofBundle = {
  /** The intent exactly as submitted (shape A or B). */
  signed_intent: Record<string, unknown>
  proposal: { solution: string; metadata: unknown }
  /** The evidence the proof commits to, as plain JSON. */
  evidence: Record<string, unknown>
  /** `{artifact, salt?}`: the proof artifact and the salt of the evidence commitment (default 0). */
  proof: { artifact: ProofArtifact; salt?: string | number | bigint } & Record<string, unknown>
  template: { id: string; source: string; compiled_base64url: string }
}
