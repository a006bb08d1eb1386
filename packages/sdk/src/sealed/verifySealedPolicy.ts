import type { CompiledTemplate, InputValue } from '@verity/policy'
import type { ProofArtifact, Prover, VerifyResult } from '@verity/prover'

/** A policy verification against a signed attrs commitment instead of the attrs. */
export type SealedVerifyParameters = {
  artifact: ProofArtifact
  compiled: CompiledTemplate
  /** The commitment the user signed for the artifact's tier ("0x…"). */
  attrsCommitment: string
  evidence: Record<string, InputValue>
  intentId: string
  salt: bigint
}

/**
 * Verifies a sealed intent's policy proof: @verity/prover's verifyPolicy with `attrsCommitment`
 * in place of the attrs (it recomputes the template hash, evidence commitment and intent id, takes
 * the attrs commitment as given, and checks the proof with the tier's key).
 */
export function verifySealedPolicy(verifier: Pick<Prover, 'verifyPolicy'>, params: SealedVerifyParameters): Promise<VerifyResult> {
  return verifier.verifyPolicy(params)
}
