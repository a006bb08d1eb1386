// Loaded only when a proof is verified (a dynamic import: bb.js and its wasm are a separate chunk).
import { Barretenberg, RawBuffer, reconstructHonkProof } from '@aztec/bb.js'
import { verifyPolicy, type CircuitProver, type ProofArtifact } from '@verity/prover'
import { checkArtifactShape } from '../../../../prover/src/checkArtifactShape.ts'
import { verifyProofBundle, type ProofVerification } from '../../../../sdk/src/proofs/verifyProofBundle.ts'
import { callApi } from '../api/callApi.ts'

type VerifierAssets = {
  circuits: Record<string, { circuit_hash: string; public_input_count: number; verification_key_base64: string }>
  crs: 'dev' | 'ignition'
  crs_g1_base64: string
  crs_g2_base64: string
}

/** Points of the G1 part of the CRS the server sends: UltraHonk verification reads only [1]₁. */
const VERIFIER_G1_POINTS = 1

let backend: Promise<{ api: Barretenberg; assets: VerifierAssets }> | undefined

/**
 * Verifies a proof bundle (GET /proofs/{id}) in this page with the SDK's verifyProofBundle, the
 * code `verity verify` runs: template id, intent signature, evidence attestation, constraints,
 * and the UltraHonk proof checked by bb.js (wasm, threads when the page is cross-origin
 * isolated) against public inputs recomputed here, with the verification key of the policy
 * circuit (size tier) the artifact names and the CRS points the web server serves from the build
 * the devnet proves with. A circuit the server has no key for is refused.
 */
export async function verifyInBrowser(bundle: unknown): Promise<ProofVerification> {
  backend ??= startBackend()
  backend.catch(() => (backend = undefined))
  const { api, assets } = await backend
  const circuitProver: Pick<CircuitProver, 'verifyCircuit'> = {
    async verifyCircuit(name: string, artifact: ProofArtifact) {
      const circuit = Object.hasOwn(assets.circuits, name) ? assets.circuits[name] : undefined
      if (circuit === undefined) return { ok: false, reason: `proof rejected: no verification key for circuit ${JSON.stringify(name)}` }
      const shape = checkArtifactShape(artifact, { name, circuitHash: circuit.circuit_hash, publicInputs: circuit.public_input_count })
      if (!shape.ok) return shape
      const inputs = new Uint8Array(artifact.public_inputs.length * 32)
      artifact.public_inputs.forEach((hex, index) => inputs.set(hexBytes(hex.slice(2)), index * 32))
      const vk = new RawBuffer(base64Bytes(circuit.verification_key_base64))
      const ok = await api.acirVerifyUltraHonk(reconstructHonkProof(inputs, base64Bytes(artifact.proof)), vk)
      return ok ? { ok: true } : { ok: false, reason: 'proof rejected: the proof does not verify' }
    },
  }
  const circuitHashes = Object.fromEntries(Object.entries(assets.circuits).map(([name, circuit]) => [name, circuit.circuit_hash]))
  return verifyProofBundle(bundle, {
    verifier: { verifyPolicy: (params) => verifyPolicy(circuitProver as CircuitProver, params) },
    circuitHashes,
  })
}

async function startBackend(): Promise<{ api: Barretenberg; assets: VerifierAssets }> {
  const assets = await callApi<VerifierAssets>('/api/verifier/policy')
  const threads = crossOriginIsolated ? Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 4)) : 1
  const api = await Barretenberg.new({ threads })
  await api.srsInitSrs(new RawBuffer(base64Bytes(assets.crs_g1_base64)), VERIFIER_G1_POINTS, new RawBuffer(base64Bytes(assets.crs_g2_base64)))
  return { api, assets }
}

function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}
