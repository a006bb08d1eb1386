import { LEGACY_PROOF_SYSTEMS, PROOF_SYSTEM } from '@verity/prover'
import { InvalidParamsError } from '../errors/requestErrors.ts'
import { PROOF_CHARS_MAX, PROOF_FIELD_CHARS_MAX, PROOF_PUBLIC_INPUTS_MAX, SDL_PROOFS_MAX } from '../limits.ts'

/** A proof artifact as sent (DESIGN §6); the prover checks its content, this only its shape. */
export type ProofArtifactJson = {
  system: typeof PROOF_SYSTEM
  circuit: string
  circuit_hash: string
  crs: 'ignition'
  public_inputs: string[]
  proof: string
}

// Circuit names select a folder of compiled circuits: never a path.
const CIRCUIT_NAME_PATTERN = /^[a-z0-9_-]{1,64}$/

/** Checks the shape of `submitSdl`'s `proofs`: 1 to SDL_PROOFS_MAX artifacts, the SDL proof first. */
export function readProofs(value: unknown): ProofArtifactJson[] {
  const fail = (field: string, reason: string): never => {
    throw new InvalidParamsError({ method: 'submitSdl', field, reason })
  }
  if (!Array.isArray(value)) fail('proofs', 'expected an array of proof artifacts')
  const proofs = value as unknown[]
  if (proofs.length === 0) fail('proofs', 'expected at least the SDL proof')
  if (proofs.length > SDL_PROOFS_MAX) fail('proofs', `expected at most ${SDL_PROOFS_MAX} artifacts, got ${proofs.length}`)
  return proofs.map((proof, index) => {
    const at = `proofs[${index}]`
    if (proof === null || typeof proof !== 'object' || Array.isArray(proof)) fail(at, 'expected an object')
    const artifact = proof as Record<string, unknown>
    const keys = ['system', 'circuit', 'circuit_hash', 'crs', 'public_inputs', 'proof']
    for (const key of Object.keys(artifact)) if (!keys.includes(key)) fail(`${at}.${key}`, 'unknown field')
    if (typeof artifact.system === 'string' && Object.hasOwn(LEGACY_PROOF_SYSTEMS, artifact.system))
      fail(`${at}.system`, `proof system ${JSON.stringify(artifact.system)} (${LEGACY_PROOF_SYSTEMS[artifact.system]}) is no longer accepted; expected "${PROOF_SYSTEM}": prove the SDL again with this version`)
    if (artifact.system !== PROOF_SYSTEM) fail(`${at}.system`, `expected "${PROOF_SYSTEM}"`)
    if (artifact.crs !== 'ignition') fail(`${at}.crs`, 'expected "ignition" (proofs are made with Aztec\'s Ignition CRS)')
    for (const key of ['circuit', 'circuit_hash'])
      if (typeof artifact[key] !== 'string' || (artifact[key] as string).length > PROOF_FIELD_CHARS_MAX) fail(`${at}.${key}`, 'expected a short string')
    if (!CIRCUIT_NAME_PATTERN.test(artifact.circuit as string)) fail(`${at}.circuit`, 'expected a circuit name (lowercase letters, digits, _ and -)')
    if (typeof artifact.proof !== 'string' || artifact.proof.length > PROOF_CHARS_MAX) fail(`${at}.proof`, `expected a string of at most ${PROOF_CHARS_MAX} characters`)
    const inputs = artifact.public_inputs
    if (!Array.isArray(inputs) || inputs.length > PROOF_PUBLIC_INPUTS_MAX) fail(`${at}.public_inputs`, `expected an array of at most ${PROOF_PUBLIC_INPUTS_MAX} strings`)
    ;(inputs as unknown[]).forEach((input, i) => {
      if (typeof input !== 'string' || input.length > PROOF_FIELD_CHARS_MAX) fail(`${at}.public_inputs[${i}]`, 'expected a field element string')
    })
    return artifact as ProofArtifactJson
  })
}
