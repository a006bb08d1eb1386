// The one place the sealed form (docs/protocol.md, "Sealed intents") reaches the policy circuit's
// attrs commitment. The zero-knowledge circuit (branch proof-v5) computes
//   attrs_commitment = Poseidon2(attr slots of the tier ‖ presence bits ‖ attr sets ‖ attrs_salt)
// and exports policyAttrsCommitment({circuit, compiled, attrs, salt}); once it is merged this file
// calls it. Until then it binds the same (tier, attrs, salt) with Poseidon2(today's commitment ‖
// salt): a hiding, binding commitment the orchestrator and the SDK agree on, but not one today's
// circuit proves, so no sealed proof verifies before the merge (sealed verification then refuses).
import type { CompiledTemplate, InputValue } from '@verity/policy'
import { poseidon2Hash } from '../hash/poseidon2.ts'
import { encodePolicyInputs } from './encodePolicyInputs.ts'
import { fieldHex } from './encodeValue.ts'
import type { PolicyTier } from './policyTiers.ts'

/** The attrs commitment a proof on `tier` carries as its `attrs_commitment` public input ("0x…"). Throws CircuitBoundsError when the tier cannot hold them. */
export async function attrsCommitmentOnTier(compiled: CompiledTemplate, attrs: Record<string, InputValue>, salt: bigint, tier: PolicyTier): Promise<string> {
  const { publicInputs } = await encodePolicyInputs(compiled, attrs, placeholderEvidence(compiled), '00000000-0000-4000-8000-000000000000', 0n, tier)
  return fieldHex(await poseidon2Hash([publicInputs.attrsCommitment, salt]))
}

/** Evidence of the right types (never proven: the attrs' part of the encoding does not depend on it). */
function placeholderEvidence(compiled: CompiledTemplate): Record<string, InputValue> {
  const evidence: Record<string, InputValue> = {}
  for (const field of compiled.evidence) {
    if (field.isOptional) continue
    evidence[field.name] = field.type === 'string' ? '' : field.type === 'int' ? 0n : field.type === 'bool' ? false : []
  }
  return evidence
}
