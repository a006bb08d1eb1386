// The commitments a sealed intent signs (docs/protocol.md, "Sealed intents"): one per policy tier
// that can hold the template and the attrs, all ending with the same secret salt. The user's side
// computes them to sign; the orchestrator recomputes them from the opening to check it.
import type { CompiledTemplate, InputValue } from '@verity/policy'
import { randomBytes } from 'node:crypto'
import { CircuitBoundsError } from '../errors/proverErrors.ts'
import { attrsCommitmentOnTier } from './attrsCommitmentBridge.ts'
import { FIELD_MODULUS } from './encodeValue.ts'
import { POLICY_TIERS, type PolicyCircuitName } from './policyTiers.ts'

/** Policy circuit name → the attrs commitment ("0x…", the `attrs_commitment` public input) of a proof on that tier. */
export type SealedCommitments = Partial<Record<PolicyCircuitName, string>>

/**
 * The attrs commitment of every tier that can hold `compiled` and `attrs` (a proof's tier is one
 * of them whatever evidence it proves: a tier that fits the evidence too fits the attrs), smallest
 * first. Throws InputDataError when the attrs do not match the template, or the CircuitBoundsError
 * of the largest tier when no tier holds them.
 */
export async function sealedAttrsCommitments(compiled: CompiledTemplate, attrs: Record<string, InputValue>, salt: bigint): Promise<SealedCommitments> {
  if (salt <= 0n || salt >= FIELD_MODULUS) throw new RangeError('a sealed intent\'s salt must be a non-zero field element (0 < salt < p)')
  const commitments: SealedCommitments = {}
  let refused: CircuitBoundsError | undefined
  for (const tier of POLICY_TIERS) {
    try {
      commitments[tier.circuit] = await attrsCommitmentOnTier(compiled, attrs, salt, tier)
    } catch (error) {
      if (!(error instanceof CircuitBoundsError)) throw error
      refused = error
    }
  }
  if (Object.keys(commitments).length === 0) throw refused!
  return commitments
}

/** A fresh secret salt for a sealed intent: a uniform non-zero field element (from 320 random bits). */
export function sealedAttrsSalt(): bigint {
  return (BigInt('0x' + randomBytes(40).toString('hex')) % (FIELD_MODULUS - 1n)) + 1n
}
