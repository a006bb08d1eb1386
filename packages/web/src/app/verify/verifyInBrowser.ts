// Loaded only when a proof is verified (a dynamic import: bb.js and its wasm are a separate chunk).
import { BackendType, Barretenberg } from '@aztec/bb.js'
import { verifyPolicy, type CircuitProver, type ProofArtifact } from '@verity/prover'
import { checkArtifactShape } from '../../../../prover/src/checkArtifactShape.ts'
import { verifyProofBundle, type ProofVerification } from '../../../../sdk/src/proofs/verifyProofBundle.ts'
import { callApi } from '../api/callApi.ts'

type VerifierAssets = {
  circuits: Record<string, { circuit_hash: string; public_input_count: number; verification_key_base64: string }>
  crs: 'ignition'
  crs_g1_base64: string
  crs_g2_base64: string
}

/** Points of the G1 part of the CRS the server sends: UltraHonk verification reads only [1]₁. */
const VERIFIER_G1_POINTS = 1

let backend: Promise<{ api: Barretenberg; assets: VerifierAssets }> | undefined

/**
 * Verifies a proof bundle (GET /proofs/{id}) in this page with the SDK's verifyProofBundle, the
 * code `verity verify` runs: template id, intent signature, evidence attestation, constraints,
 * and the zero-knowledge UltraHonk proof checked by bb.js 5 (wasm, threads when the page is cross-origin
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
      const proofBytes = base64Bytes(artifact.proof)
      if (proofBytes.length % 32 !== 0) return { ok: false, reason: 'proof rejected: the proof does not verify' }
      const proof = Array.from({ length: proofBytes.length / 32 }, (_, i) => proofBytes.subarray(i * 32, i * 32 + 32))
      const verified = await api
        .circuitVerify({
          verificationKey: base64Bytes(circuit.verification_key_base64),
          publicInputs: artifact.public_inputs.map((hex) => hexBytes(hex.slice(2))),
          proof,
          // Zero-knowledge UltraHonk, Poseidon2 transcript: the settings every policy proof is made with.
          settings: { ipaAccumulation: false, oracleHashType: 'poseidon2', disableZk: false, optimizedSolidityVerifier: false },
        })
        .then((response) => response.verified, () => false)
      return verified ? { ok: true } : { ok: false, reason: 'proof rejected: the proof does not verify' }
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
  // Barretenberg 5's wasm in a web worker, with no CRS download: the page gives it [1]₁ and [x]₂.
  const api = await Barretenberg.new({ backend: BackendType.WasmWorker, threads, skipSrsInit: true })
  await api.srsInitSrs({ pointsBuf: base64Bytes(assets.crs_g1_base64), numPoints: VERIFIER_G1_POINTS, g2Point: base64Bytes(assets.crs_g2_base64) })
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
