import type { ProofArtifact } from '@verity/prover'
import type { SealedPart } from './readSealedPart.ts'

/** The public input the policy circuit puts the attrs commitment in (template hash, attrs commitment, evidence commitment, intent id). */
const ATTRS_COMMITMENT_INPUT = 1

/**
 * The commitment a sealed intent's proof must carry: the one the user signed for the tier the
 * artifact names. Refused (`commitment`) when the user signed none for that tier, or when the
 * proof's attrs commitment is another: a verifier never compares against a commitment nobody
 * signed, so a proof over other attrs, or on a tier the user did not commit for, cannot pass.
 */
export function checkSealedCommitment(sealed: SealedPart, artifact: ProofArtifact): { commitment: string } | { ok: false; reason: string; check: 'commitment' } {
  const tier = artifact.circuit
  const commitment = Object.hasOwn(sealed.commitments, tier) ? sealed.commitments[tier] : undefined
  if (commitment === undefined)
    return { ok: false, reason: `the sealed intent commits for ${Object.keys(sealed.commitments).join(', ')}, not for the proof's circuit ${JSON.stringify(tier)}`, check: 'commitment' }
  const proven = Array.isArray(artifact.public_inputs) ? artifact.public_inputs[ATTRS_COMMITMENT_INPUT] : undefined
  if (typeof proven !== 'string' || proven.toLowerCase() !== commitment)
    return { ok: false, reason: `the proof's attrs commitment is not the one the user signed for ${tier}`, check: 'commitment' }
  return { commitment }
}
