import type { CompiledTemplate, InputValue } from '@verity/policy'
import { randomBytes } from 'node:crypto'
import type { CircuitProver } from '../createCircuitProver.ts'
import type { ProofArtifact, VerifyResult } from '../ProofArtifact.ts'
import { encodePolicyInputs, policyPublicInputs, policyPublicInputsForCommitment } from './encodePolicyInputs.ts'
import { FIELD_MODULUS } from './encodeValue.ts'
import { POLICY_CIRCUITS, POLICY_TIER_UNIVERSAL, policyTierOf, type PolicyCircuitName } from './policyTiers.ts'

/** The universal policy circuit's folder under circuits/ (the other tiers: POLICY_CIRCUITS). */
export const POLICY_CIRCUIT = POLICY_TIER_UNIVERSAL.circuit

export type ProvePolicyParameters = {
  compiled: CompiledTemplate
  attrs: Record<string, InputValue>
  evidence: Record<string, InputValue>
  intentId: string
  /** Salt of the evidence commitment (a field element); default 0 (evidence published with the proof). */
  salt?: bigint
  /** Salt of the attrs commitment (a field element); default 0 (open intents). A random one (randomFieldSalt) hides the attrs. */
  attrsSalt?: bigint
  /**
   * The tier to prove on (default: the universal `policy`). `choosePolicyTier(compiled).circuit`
   * names the smallest tier the template fits, whose proofs are the fastest.
   */
  circuit?: PolicyCircuitName
  signal?: AbortSignal
}

/**
 * What a policy proof is verified against: the attrs themselves (with the salt of their commitment,
 * default 0), or only their commitment (`attrsCommitment`, a 0x-hex field element: a sealed intent,
 * whose attrs the verifier does not see).
 */
export type VerifyPolicyParameters = {
  artifact: ProofArtifact
  compiled: CompiledTemplate
  evidence: Record<string, InputValue>
  intentId: string
  /** The evidence salt the prover used; default 0. */
  salt?: bigint
} & (
  | { attrs: Record<string, InputValue>; attrsSalt?: bigint; attrsCommitment?: undefined }
  | { attrsCommitment: string; attrs?: undefined; attrsSalt?: undefined }
)

const FIELD_HEX = /^0x[0-9a-fA-F]{1,64}$/

/**
 * Proves that `evidence` and `attrs` satisfy every constraint of `compiled` for intent `intentId`.
 * Throws InputDataError (schema mismatch), CircuitBoundsError, WitnessError (a constraint fails:
 * no proof exists), ProofQueueFullError, ProofCancelledError.
 */
export async function provePolicy(prover: CircuitProver, params: ProvePolicyParameters): Promise<ProofArtifact> {
  const tier = policyTierOf(params.circuit ?? POLICY_CIRCUIT)
  if (tier === undefined) throw new RangeError(`circuit must be one of ${POLICY_CIRCUITS.join(', ')}, got ${JSON.stringify(params.circuit)}`)
  const { inputs } = await encodePolicyInputs(params.compiled, params.attrs, params.evidence, params.intentId, params.salt ?? 0n, tier, params.attrsSalt ?? 0n)
  return prover.proveCircuit(tier.circuit, inputs, params.signal ? { signal: params.signal } : {})
}

/**
 * Verifies a policy proof for the claimed statement. The tier, hence the circuit and verification
 * key, is the one the artifact's `circuit` names; any other name is refused. Recomputes the public
 * inputs (template hash, attrs and evidence commitments, intent id) for that tier from the claimed
 * data, compares them with the artifact's, then verifies the proof with that tier's key (after
 * checking its `circuit_hash`). Claimed data that does not fit the template or the tier is a
 * failed verification, not an exception, and so is an artifact of an old proof system (named in the reason).
 */
export async function verifyPolicy(prover: CircuitProver, params: VerifyPolicyParameters): Promise<VerifyResult> {
  const circuit = (params.artifact as { circuit?: unknown } | null)?.circuit
  const tier = policyTierOf(circuit)
  if (tier === undefined)
    return { ok: false, reason: `proof rejected: unknown policy circuit ${JSON.stringify(circuit)} (known: ${POLICY_CIRCUITS.join(', ')})` }
  let expected: string[]
  try {
    if (params.attrs !== undefined) {
      expected = await policyPublicInputs(params.compiled, params.attrs, params.evidence, params.intentId, params.salt ?? 0n, tier, params.attrsSalt ?? 0n)
    } else {
      if (typeof params.attrsCommitment !== 'string' || !FIELD_HEX.test(params.attrsCommitment)) throw new RangeError('attrsCommitment must be a 0x-hex field element')
      expected = await policyPublicInputsForCommitment(params.compiled, BigInt(params.attrsCommitment), params.evidence, params.intentId, params.salt ?? 0n, tier)
    }
  } catch (error) {
    return { ok: false, reason: `proof rejected: the claimed statement cannot be encoded: ${error instanceof Error ? error.message : String(error)}` }
  }
  const names = ['template hash', 'attrs commitment', 'evidence commitment', 'intent id']
  const got = params.artifact.public_inputs
  if (!Array.isArray(got) || got.length !== expected.length)
    return { ok: false, reason: `proof rejected: expected ${expected.length} public inputs` }
  for (let i = 0; i < expected.length; i++) {
    if (String(got[i]).toLowerCase() !== expected[i])
      return { ok: false, reason: `proof rejected: public input ${i} (${names[i]}) does not match the claimed data` }
  }
  return prover.verifyCircuit(tier.circuit, params.artifact)
}

/** A random salt for a private commitment (evidence or attrs): a uniform field element. */
export function randomSalt(): bigint {
  return BigInt('0x' + randomBytes(40).toString('hex')) % FIELD_MODULUS
}

/** A random field element to salt a commitment with (e.g. a sealed intent's attrs: `attrsSalt`). */
export const randomFieldSalt: () => bigint = randomSalt
