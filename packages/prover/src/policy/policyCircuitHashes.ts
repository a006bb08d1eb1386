import { loadCircuit } from '../circuits/loadCircuit.ts'
import { POLICY_CIRCUITS, type PolicyCircuitName } from './policyTiers.ts'

/**
 * The `circuit_hash` of every policy tier this build compiled, by circuit name: what a verifier
 * passes on (e.g. `verifyProofBundle`'s `circuitHashes`) so that a proof naming an unknown circuit,
 * or made with another version of its tier, is refused with that reason.
 */
export async function policyCircuitHashes(): Promise<Record<PolicyCircuitName, string>> {
  const entries = await Promise.all(POLICY_CIRCUITS.map(async (name) => [name, (await loadCircuit(name)).circuitHash] as const))
  return Object.fromEntries(entries) as Record<PolicyCircuitName, string>
}
