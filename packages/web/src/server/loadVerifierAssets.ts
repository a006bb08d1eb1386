import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { Barretenberg } from '@aztec/bb.js'
import { BUILD_DIR, DEV_CRS_DIR, loadCircuit, POLICY_CIRCUITS, readCrs } from '@verity/prover'
import { VerifierAssetsError } from './webErrors.ts'

/** One policy circuit (size tier) as the page verifies it: its hash, public input count and key. */
export type VerifierCircuitAssets = {
  circuit_hash: string
  public_input_count: number
  /** base64 of the circuit's UltraHonk verification key for this CRS. */
  verification_key_base64: string
}

/**
 * What the page needs to verify a policy proof with bb.js (GET /api/verifier/policy): for every
 * policy circuit (size tier), by name, its hash and public input count (to check the artifact's
 * shape) and verification key, so the page picks the key by the artifact's `circuit`; the CRS
 * kind, and the part of the CRS a verifier uses: UltraHonk verification needs only [1]₁ and [τ]₂
 * (the full G1 file, megabytes, is for provers).
 */
export type VerifierAssets = {
  circuits: Record<string, VerifierCircuitAssets>
  crs: 'dev' | 'ignition'
  /** base64 of the first G1 point (64 bytes). */
  crs_g1_base64: string
  /** base64 of the G2 point [τ]₂ (128 bytes). */
  crs_g2_base64: string
}

/** Points of the G1 file the page receives: the generator is all the verifier reads. */
export const VERIFIER_G1_POINTS = 1
const G1_POINT_BYTES = 64
// Public inputs of every policy circuit: template hash, attrs and evidence commitments, intent id (docs/proofs.md).
const POLICY_PUBLIC_INPUTS = 4

/**
 * Reads (once per server) the verifier's files for the CRS at `crsPath` (default: the build's
 * dev CRS, the one the devnet proves with). The verification keys are the ones the prover caches
 * in build/vk/<circuit hash>-<CRS fingerprint>.vk; a missing one is computed with bb.js (a few
 * seconds, once) and cached there the same way.
 */
export async function loadVerifierAssets(crsPath: string = process.env.VERITY_CRS_PATH ?? DEV_CRS_DIR): Promise<VerifierAssets> {
  if (!existsSync(crsPath)) throw new VerifierAssetsError({ reason: `no CRS at ${crsPath} (run npm ci, or set VERITY_CRS_PATH)` })
  const crs = readCrs(crsPath)
  if (crs.points < VERIFIER_G1_POINTS) throw new VerifierAssetsError({ reason: `the CRS at ${crsPath} has no G1 points` })
  const g1 = readFileSync(join(crsPath, 'bn254_g1.dat')).subarray(0, VERIFIER_G1_POINTS * G1_POINT_BYTES)
  const g2 = readFileSync(join(crsPath, 'bn254_g2.dat'))
  const circuits: Record<string, VerifierCircuitAssets> = {}
  for (const name of POLICY_CIRCUITS) {
    const circuit = await loadCircuit(name)
    const vk = await readOrComputeVk(join(BUILD_DIR, 'vk', `${circuit.circuitHash}-${crs.fingerprint}.vk`), circuit.program.bytecode, crsPath)
    circuits[name] = { circuit_hash: circuit.circuitHash, public_input_count: POLICY_PUBLIC_INPUTS, verification_key_base64: Buffer.from(vk).toString('base64') }
  }
  return {
    circuits,
    crs: crs.kind,
    crs_g1_base64: Buffer.from(g1).toString('base64'),
    crs_g2_base64: g2.toString('base64'),
  }
}

async function readOrComputeVk(path: string, bytecodeBase64: string, crsPath: string): Promise<Uint8Array> {
  if (existsSync(path)) return new Uint8Array(readFileSync(path))
  const api = await Barretenberg.new({ threads: 1, crsPath, logger: () => {} })
  try {
    const bytecode = gunzipSync(Buffer.from(bytecodeBase64, 'base64'))
    await api.acirInitSRS(bytecode, false, true)
    const vk = await api.acirWriteVkUltraHonk(bytecode, false)
    mkdirSync(join(path, '..'), { recursive: true })
    const temporary = `${path}.${process.pid}.tmp`
    writeFileSync(temporary, vk)
    renameSync(temporary, path)
    return vk
  } finally {
    await api.destroy()
  }
}
