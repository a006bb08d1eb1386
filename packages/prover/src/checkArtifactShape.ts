import { PROOF_BYTES_MAX, PUBLIC_INPUTS_MAX } from './limits.ts'
import { LEGACY_PROOF_SYSTEMS, PROOF_SYSTEM, type ProofSystem, type VerifyResult } from './ProofArtifact.ts'

const FIELD_HEX = /^0x[0-9a-f]{64}$/
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Checks an artifact's shape and that it names the expected circuit, before any proving work. */
export function checkArtifactShape(
  artifact: unknown,
  expected: { name: string; circuitHash: string; publicInputs: number; system?: ProofSystem },
): VerifyResult {
  if (typeof artifact !== 'object' || artifact === null) return fail('artifact is not an object')
  const a = artifact as Record<string, unknown>
  const system = expected.system ?? PROOF_SYSTEM
  if (typeof a.system === 'string' && Object.hasOwn(LEGACY_PROOF_SYSTEMS, a.system))
    return fail(
      `proof system ${JSON.stringify(a.system)} (${LEGACY_PROOF_SYSTEMS[a.system]}) is no longer accepted: ` +
        `this verifier checks "${system}" (zero-knowledge UltraHonk of Barretenberg 5 on Ignition's CRS); prove it again with this version`,
    )
  if (a.system !== system) return fail(`unsupported proof system ${JSON.stringify(a.system)} (expected "${system}")`)
  if (a.circuit !== expected.name) return fail(`artifact is for circuit ${JSON.stringify(a.circuit)}, expected "${expected.name}"`)
  if (a.circuit_hash !== expected.circuitHash)
    return fail(`circuit_hash ${JSON.stringify(a.circuit_hash)} does not match this verifier's ${expected.name} circuit (${expected.circuitHash})`)
  if (a.crs !== 'ignition') return fail(`crs ${JSON.stringify(a.crs)} is not accepted: proofs are made with Aztec's Ignition CRS ("ignition")`)
  const inputs = a.public_inputs
  if (!Array.isArray(inputs) || inputs.length > PUBLIC_INPUTS_MAX || !inputs.every((x) => typeof x === 'string' && FIELD_HEX.test(x)))
    return fail('public_inputs must be an array of 0x-prefixed 32-byte hex field elements')
  if (inputs.length !== expected.publicInputs)
    return fail(`expected ${expected.publicInputs} public inputs, got ${inputs.length}`)
  if (typeof a.proof !== 'string' || !BASE64.test(a.proof) || a.proof.length > (PROOF_BYTES_MAX * 4) / 3 + 4)
    return fail(`proof must be base64 of at most ${PROOF_BYTES_MAX} bytes`)
  return { ok: true }
}

function fail(reason: string): VerifyResult {
  return { ok: false, reason: `proof rejected: ${reason}` }
}
