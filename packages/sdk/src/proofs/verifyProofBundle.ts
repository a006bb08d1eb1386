import {
  decodeBase64Url,
  decodeInputFields,
  hashDigest,
  isVerityError,
  ownerIdOfSignature,
  verifySignature,
  type InputValue,
  type Signature,
} from '@verity/core'
import { compileTemplate, decodeCompiledTemplate, evaluateTemplate, templateId, type CompiledTemplate } from '@verity/policy'
import { LEGACY_PROOF_SYSTEMS, PROOF_SYSTEM, type ProofArtifact, type Prover } from '@verity/prover'
import { checkAttestationLink, type EvidenceProvenance } from './checkAttestationLink.ts'
import { checkBundleAgent, type AgentBindingCheck } from './checkBundleAgent.ts'
import { MalformedProofBundleError } from './proofErrors.ts'
import { readSignedIntent } from './readSignedIntent.ts'
import { checkSealedCommitment } from '../sealed/checkSealedCommitment.ts'
import { checkSealedEvidence } from '../sealed/checkSealedEvidence.ts'
import { verifySealedPolicy } from '../sealed/verifySealedPolicy.ts'

/** What a valid proof establishes, for display. */
export type ProofStatement = {
  intentId: string
  templateId: string
  templateName: string
  /** The intent's signer, or 'Unsigned' (shape B intents an orchestrator accepted unsigned). */
  signer: { scheme: string; ownerId: string } | 'Unsigned'
  /** The signed attrs; of a sealed intent, only those it discloses (`sealed` says which commitment the proof matched). */
  attrs: Record<string, unknown>
  /** A sealed intent (docs/protocol.md, "Sealed intents"): the proof's tier and the signed commitment it carries. */
  sealed?: { tier: string; commitment: string }
  evidence: Record<string, unknown>
  /** The proposal's solution. The proof binds the evidence extracted for it, not the solution text. */
  solution: string
  /** The named agent that signed the proposal (and the orchestrator it signed for), or 'unbound' for an intent that names no agent. */
  agent: { ownerId: string; orchestrator: string } | 'unbound'
  crs: 'ignition'
  /** The proof system that made the proof (e.g. 'ultrahonk-zk/bb5'). */
  system: string
  circuit: string
  /** Where the evidence came from: the extractor key that attested it, or 'unattested'. */
  provenance: EvidenceProvenance
}

/**
 * Which link of the trust chain a failed verification broke: `template` (id, compiled bytes,
 * source, the intent's template), `unsigned`, `signature` (the intent's), `inputs` (attrs or
 * evidence unreadable), `constraints` (the evidence does not satisfy the template), `attestation-missing`,
 * `attestation`, `extractor` (attested by a key not trusted), `commitment` (a sealed intent's proof
 * does not carry the attrs commitment the user signed for its tier), `proof` (CRS, circuit, the proof itself);
 * for an intent that names its agents, `agent-signature-missing` (no `agent_authorization`) and
 * `agent-signature` (not by a named agent, or not over this intent and proposal).
 */
export type ProofCheck = 'template' | 'unsigned' | 'signature' | AgentBindingCheck | 'inputs' | 'constraints' | 'attestation-missing' | 'attestation' | 'extractor' | 'commitment' | 'proof'

export type ProofVerification =
  | { ok: true; statement: ProofStatement }
  | { ok: false; reason: string; check: ProofCheck }

export type VerifyProofBundleOptions = {
  /** The policy verifier: a Prover from @verity/prover's `createProver` (only `verifyPolicy` is used). */
  verifier: Pick<Prover, 'verifyPolicy'>
  /** Production verifier. Every accepted proof is on Aztec's Ignition CRS (a "dev" one is refused) whatever this says. */
  production?: boolean
  /** Accept an `Unsigned` intent (its proof says nothing about who asked). Default false. */
  allowUnsigned?: boolean
  /**
   * The circuit hash of each policy circuit (size tier) the verifier has, by name: @verity/prover's
   * `policyCircuitHashes()`. When given, a proof naming another circuit, or made with another
   * version of its circuit, is refused with that reason (its public inputs would not match either,
   * but "template hash does not match" would mislead). Either way the verifier checks the proof
   * with the key of the circuit the artifact names, and refuses a name it does not know.
   */
  circuitHashes?: Readonly<Record<string, string>>
  /**
   * Extractor keys (base58 Ed25519) you trust to vouch for evidence. When given, the evidence must
   * be attested by one of them; when not, an attested bundle reports its key for you to judge and
   * an unattested one verifies as "evidence unattested".
   */
  trustedExtractorKeys?: readonly string[]
}

/**
 * Verifies a proof bundle (what GET /proofs/{intent_id} returns) offline, trusting no service:
 * the template id is recomputed from the compiled bytes (and the source must compile to them),
 * the intent must name that template and carry a valid signature, an agent-bound intent's proposal
 * must be signed by one of its agents (`agent_authorization`), the evidence's attestation (if
 * any) must be signed over this very extraction by a key you trust, the evidence must satisfy every
 * constraint, and the zero-knowledge proof must verify against public inputs recomputed from the
 * template, the attrs, the evidence (with the salt bound to the attestation) and the intent id. Returns the statement, or the first reason
 * it fails. Throws MalformedProofBundleError when the bundle lacks a field.
 * @example const result = await verifyProofBundle(bundle, { verifier: createProver() })
 */
export async function verifyProofBundle(json: unknown, options: VerifyProofBundleOptions): Promise<ProofVerification> {
  const bundle = readBundle(json)
  const template = checkTemplate(bundle.template)
  if ('reason' in template) return template
  const intent = readSignedIntent(bundle.signed_intent)
  if (intent.templateId !== template.id)
    return { ok: false, reason: `the intent names template ${intent.templateId}, but the proof is for template ${template.id}`, check: 'template' }
  const signer = checkAuthorship(intent.authorship, intent.signedBytes, options.allowUnsigned === true)
  if ('reason' in signer) return signer
  const agent = checkBundleAgent(intent, bundle.proposal, bundle.agent_authorization)
  if (!agent.ok) return agent

  let attrs: Record<string, InputValue>
  let evidence: Record<string, InputValue>
  try {
    attrs = intent.sealed === undefined ? decodeInputFields(intent.attrFields, 'intent') : {}
    evidence = decodeInputFields(bundle.evidence, 'evidence')
  } catch (error) {
    return failIfVerityError(error, 'cannot read the attrs or evidence', 'inputs')
  }
  // A sealed intent's attrs are not in the bundle: the proof alone shows its constraints held.
  const evaluated = intent.sealed === undefined ? evaluate(template.compiled, attrs, evidence) : checkSealedEvidence(template.compiled, evidence)
  if (evaluated !== undefined) return evaluated

  const artifact = bundle.proof.artifact
  const system = (artifact as { system?: unknown }).system
  if (typeof system === 'string' && Object.hasOwn(LEGACY_PROOF_SYSTEMS, system))
    return { ok: false, reason: `the proof was made with proof system ${JSON.stringify(system)} (${LEGACY_PROOF_SYSTEMS[system]}), which this verifier no longer accepts: it checks "${PROOF_SYSTEM}" (zero-knowledge, Aztec's Ignition CRS); the proof must be made again`, check: 'proof' }
  if ((artifact.crs as string) !== 'ignition')
    return { ok: false, reason: `the proof names crs ${JSON.stringify(artifact.crs)}: only Aztec's Ignition CRS ("ignition") is accepted (a "dev" proof comes from an old version, made with a forgeable CRS)`, check: 'proof' }
  const circuitRefused = checkCircuit(artifact, options.circuitHashes)
  if (circuitRefused !== undefined) return circuitRefused
  const extraction = { intent_id: intent.id, template_id: template.id, solution: bundle.proposal.solution, metadata: bundle.proposal.metadata, evidence: bundle.evidence }
  const link = checkAttestationLink(bundle.proof, extraction, options.trustedExtractorKeys)
  if ('ok' in link) return link
  const salt = link.salt ?? readSalt(bundle.proof.salt)
  const sealed = intent.sealed === undefined ? undefined : checkSealedCommitment(intent.sealed, artifact)
  if (sealed !== undefined && !('commitment' in sealed)) return sealed
  const verified =
    sealed === undefined
      ? await options.verifier.verifyPolicy({ artifact, compiled: template.compiled, attrs, evidence, intentId: intent.id, salt })
      : await verifySealedPolicy(options.verifier, { artifact, compiled: template.compiled, attrsCommitment: sealed.commitment, evidence, intentId: intent.id, salt })
  if (!verified.ok) {
    const attested = link.provenance.status === 'attested' && verified.reason.includes('evidence commitment')
    const unbound = attested ? ' (the proof is not bound to this attestation)' : ''
    return { ok: false, reason: `${verified.reason}${unbound}`, check: 'proof' }
  }
  return {
    ok: true,
    statement: {
      intentId: intent.id,
      templateId: template.id,
      templateName: template.compiled.name,
      signer: signer.signer,
      attrs: intent.sealed === undefined ? intent.attrFields : intent.sealed.disclosedFields,
      ...(sealed === undefined ? {} : { sealed: { tier: artifact.circuit, commitment: sealed.commitment } }),
      evidence: bundle.evidence,
      solution: bundle.proposal.solution,
      agent: agent.agent,
      crs: artifact.crs,
      circuit: artifact.circuit,
      system: artifact.system,
      provenance: link.provenance,
    },
  }
}

type Failure = { ok: false; reason: string; check: ProofCheck }

/** The artifact's circuit must be one the verifier has, in the same version (when hashes are given). */
function checkCircuit(artifact: ProofArtifact, circuitHashes: Readonly<Record<string, string>> | undefined): Failure | undefined {
  if (circuitHashes === undefined) return undefined
  const known = Object.hasOwn(circuitHashes, artifact.circuit) ? circuitHashes[artifact.circuit] : undefined
  if (known === undefined)
    return { ok: false, reason: `the proof names circuit ${JSON.stringify(artifact.circuit)}, which this verifier does not have (it has ${Object.keys(circuitHashes).join(', ')})`, check: 'proof' }
  if (artifact.circuit_hash !== known)
    return { ok: false, reason: `the proof was made with another version of the ${artifact.circuit} circuit (circuit_hash ${artifact.circuit_hash}, this verifier's is ${known})`, check: 'proof' }
  return undefined
}

function checkTemplate(template: CheckedBundle['template']): { id: string; compiled: CompiledTemplate } | Failure {
  let bytes: Uint8Array
  try {
    bytes = decodeBase64Url(template.compiled_base64url)
  } catch {
    return { ok: false, reason: 'template.compiled_base64url is not base64url', check: 'template' }
  }
  const id = hashDigest(bytes)
  if (id !== template.id) return { ok: false, reason: `template id ${template.id} is not the hash of the compiled template (${id})`, check: 'template' }
  let compiled: CompiledTemplate
  try {
    compiled = decodeCompiledTemplate(bytes)
  } catch (error) {
    return failIfVerityError(error, 'the compiled template is invalid', 'template')
  }
  try {
    if (templateId(compileTemplate(template.source)) !== id) return { ok: false, reason: 'template.source does not compile to the proven template', check: 'template' }
  } catch (error) {
    return failIfVerityError(error, 'template.source does not compile', 'template')
  }
  return { id, compiled }
}

function checkAuthorship(authorship: unknown, signedBytes: Uint8Array, allowUnsigned: boolean): { signer: ProofStatement['signer'] } | Failure {
  if (authorship === 'Unsigned') {
    return allowUnsigned ? { signer: 'Unsigned' } : { ok: false, reason: 'the intent is Unsigned: nobody authorised it (pass --allow-unsigned to accept)', check: 'unsigned' }
  }
  let valid: boolean
  try {
    valid = verifySignature(authorship as Signature, signedBytes)
  } catch (error) {
    return failIfVerityError(error, 'the intent signature is malformed', 'signature')
  }
  if (!valid) return { ok: false, reason: 'the intent signature does not verify over the intent', check: 'signature' }
  const signature = authorship as Signature
  return { signer: { scheme: Object.keys(signature)[0] ?? '?', ownerId: ownerIdOfSignature(signature) } }
}

// Re-evaluating before the proof check gives a readable reason (which constraint, which values).
function evaluate(compiled: CompiledTemplate, attrs: Record<string, InputValue>, evidence: Record<string, InputValue>): Failure | undefined {
  try {
    const result = evaluateTemplate(compiled, attrs, evidence)
    if (result.ok) return undefined
    const failure = result.failures[0]!
    return { ok: false, reason: `constraint [${failure.index}] does not hold: ${failure.reason}`, check: 'constraints' }
  } catch (error) {
    return failIfVerityError(error, 'the attrs or evidence do not fit the template', 'inputs')
  }
}

function failIfVerityError(error: unknown, context: string, check: ProofCheck): Failure {
  if (!isVerityError(error)) throw error
  return { ok: false, reason: `${context}: ${error.message}`, check }
}

function readSalt(value: unknown): bigint {
  if (value === undefined || value === null) return 0n
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,80})$/.test(value)) return BigInt(value)
  throw new MalformedProofBundleError({ field: 'proof.salt', reason: 'must be a non-negative integer (number, decimal or 0x-hex string)' })
}

type CheckedBundle = {
  signed_intent: unknown
  proposal: { solution: string; metadata: unknown }
  agent_authorization: unknown
  evidence: Record<string, unknown>
  proof: { artifact: ProofArtifact; salt?: unknown; attestation?: unknown; attestation_salt_nonce?: unknown }
  template: { id: string; source: string; compiled_base64url: string }
}

function readBundle(json: unknown): CheckedBundle {
  const root = readObject(json, 'proof bundle')
  for (const key of ['signed_intent', 'proposal', 'evidence', 'proof', 'template'])
    if (!(key in root)) throw new MalformedProofBundleError({ field: key, reason: 'is missing (expected the JSON of GET /proofs/{intent_id})' })
  const proposal = readObject(root.proposal, 'proposal')
  if (typeof proposal.solution !== 'string') throw new MalformedProofBundleError({ field: 'proposal.solution', reason: 'must be a string' })
  readObject(root.evidence, 'evidence')
  const proof = readObject(root.proof, 'proof')
  // Accept the artifact itself in `proof` too (a bundle assembled by hand).
  const artifact = 'artifact' in proof ? readObject(proof.artifact, 'proof.artifact') : proof
  // "dev" is kept readable so that an old bundle gets a clear refusal (the proof system and the CRS it names), not a parse error.
  if ((artifact.crs as string) !== 'dev' && artifact.crs !== 'ignition') throw new MalformedProofBundleError({ field: 'proof.artifact.crs', reason: 'must be "ignition"' })
  const template = readObject(root.template, 'template')
  for (const key of ['id', 'source', 'compiled_base64url'])
    if (typeof template[key] !== 'string') throw new MalformedProofBundleError({ field: `template.${key}`, reason: 'must be a string' })
  return {
    signed_intent: root.signed_intent,
    proposal: { solution: proposal.solution, metadata: proposal.metadata },
    agent_authorization: root.agent_authorization,
    evidence: root.evidence as Record<string, unknown>,
    proof: {
      artifact: artifact as unknown as ProofArtifact,
      salt: proof.salt,
      attestation: proof.attestation,
      attestation_salt_nonce: proof.attestation_salt_nonce,
    },
    template: template as CheckedBundle['template'],
  }
}

function readObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedProofBundleError({ field, reason: 'must be a JSON object' })
  return value as Record<string, unknown>
}
