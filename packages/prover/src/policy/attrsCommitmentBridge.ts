// The one place the sealed form (docs/protocol.md, "Sealed intents") reaches the policy circuit's
// attrs commitment: the zero-knowledge circuit computes
//   attrs_commitment = Poseidon2(attr slots of the tier ‖ presence bits ‖ attr sets ‖ attrs_salt)
// and policyAttrsCommitment({circuit, compiled, attrs, salt}) is that value on the host.
import type { CompiledTemplate, InputValue } from '@verity/policy'
import { policyAttrsCommitment } from './encodePolicyInputs.ts'
import type { PolicyTier } from './policyTiers.ts'

/** The attrs commitment a proof on `tier` carries as its `attrs_commitment` public input ("0x…"). Throws CircuitBoundsError when the tier cannot hold them. */
export async function attrsCommitmentOnTier(compiled: CompiledTemplate, attrs: Record<string, InputValue>, salt: bigint, tier: PolicyTier): Promise<string> {
  return policyAttrsCommitment({ circuit: tier.circuit, compiled, attrs, salt })
}
