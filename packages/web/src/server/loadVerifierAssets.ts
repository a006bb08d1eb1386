import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCircuitProver, IGNITION_CRS_DIR, loadCircuit, POLICY_CIRCUITS, readCrs } from '@verity/prover'
import { VerifierAssetsError } from './webErrors.ts'

/** One policy circuit (size tier) as the page verifies it: its hash, public input count and key. */
export type VerifierCircuitAssets = {
  circuit_hash: string
  public_input_count: number
  /** base64 of the circuit's zero-knowledge UltraHonk verification key (Poseidon2 transcript). */
  verification_key_base64: string
}

/**
 * What the page needs to verify a policy proof with bb.js (GET /api/verifier/policy): for every
 * policy circuit (size tier), by name, its hash and public input count (to check the artifact's
 * shape) and verification key, so the page picks the key by the artifact's `circuit`; the CRS
 * kind, and the part of the CRS a verifier uses: UltraHonk verification needs only [1]₁ and [x]₂
 * (the G1 prefix, a megabyte, is for provers).
 */
export type VerifierAssets = {
  circuits: Record<string, VerifierCircuitAssets>
  crs: 'ignition'
  /** base64 of the first G1 point (64 bytes, uncompressed: the generator). */
  crs_g1_base64: string
  /** base64 of the G2 point [x]₂ (128 bytes). */
  crs_g2_base64: string
}

/** Points of the G1 file the page receives: the generator is all the verifier reads. */
export const VERIFIER_G1_POINTS = 1
// Public inputs of every policy circuit: template hash, attrs and evidence commitments, intent id (docs/proofs.md).
const POLICY_PUBLIC_INPUTS = 4
/** The BN254 G1 generator (1, 2), 64 bytes uncompressed: the prefix's first point (checked by readCrs's SHA-256). */
const G1_GENERATOR = Buffer.concat([Buffer.alloc(31), Buffer.from([1]), Buffer.alloc(31), Buffer.from([2])])

/**
 * Reads (once per server) the verifier's files for the Ignition CRS at `crsPath` (default: the
 * prefix committed in @verity/prover, what the devnet proves with). The verification keys come from
 * the prover (cached in build/vk, computed once by Barretenberg when missing).
 */
export async function loadVerifierAssets(crsPath: string = process.env.VERITY_CRS_PATH ?? IGNITION_CRS_DIR): Promise<VerifierAssets> {
  let crs
  try {
    crs = readCrs(crsPath)
  } catch (error) {
    throw new VerifierAssetsError({ reason: error instanceof Error ? error.message : String(error) })
  }
  const g2 = readFileSync(join(crsPath, 'bn254_g2.dat'))
  const prover = createCircuitProver({ crsPath, workers: 1, threads: 1 })
  const circuits: Record<string, VerifierCircuitAssets> = {}
  try {
    for (const name of POLICY_CIRCUITS) {
      const circuit = await loadCircuit(name)
      const vk = await prover.verificationKey(name)
      circuits[name] = { circuit_hash: circuit.circuitHash, public_input_count: POLICY_PUBLIC_INPUTS, verification_key_base64: Buffer.from(vk).toString('base64') }
    }
  } finally {
    await prover.close()
  }
  return {
    circuits,
    crs: crs.kind,
    crs_g1_base64: G1_GENERATOR.toString('base64'),
    crs_g2_base64: g2.toString('base64'),
  }
}
