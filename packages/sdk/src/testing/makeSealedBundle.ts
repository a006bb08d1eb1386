// Real proof bundles of sealed intents for tests (not built, not exported): sealIntent's
// commitments and signature, evidence attested by a real extractor key, a real policy proof on the
// tier the orchestrator would choose, with the attrs salt, exactly as GET /proofs/{id} assembles it.
import { randomUUID } from 'node:crypto'
import { agentKeyOfSigner, attestEvidence, decodeInputFields, encodeBase64Url, type Ed25519Signer, type Signer } from '@verity/core'
import { compileTemplate, compiledBytes, templateId } from '@verity/policy'
import { attestationSalt, choosePolicyTier, newAttestationSaltNonce, type Prover } from '@verity/prover'
import { signProposal } from '../intents/signProposal.ts'
import { sealIntent } from '../sealed/sealIntent.ts'
import { MANDATE_BUNDLE_AGENT } from './makeMandateBundle.ts'

export type SealedBundleParameters = {
  prover: Pick<Prover, 'provePolicy'>
  user: Signer
  extractor: Ed25519Signer
  source: string
  fields: Record<string, unknown>
  evidence: Record<string, unknown>
  shape?: 'a' | 'b'
  /** The agent the intent names, which signs the proposal (default MANDATE_BUNDLE_AGENT; null: none, as makeMandateBundle). */
  agent?: Signer | null
}

/** A proof bundle (the JSON of GET /proofs/{intent_id}) of a succeeded sealed intent. */
export async function makeSealedBundle(params: SealedBundleParameters): Promise<Record<string, any>> {
  const compiled = compileTemplate(params.source)
  const id = templateId(compiled)
  const intentId = randomUUID()
  const agent = params.agent === undefined ? MANDATE_BUNDLE_AGENT : params.agent
  const agents = agent === null ? {} : { agents: [agentKeyOfSigner(agent)] }
  const { signedIntent, opening } = await sealIntent({ id: intentId, compiled, fields: params.fields, signer: params.user, shape: params.shape ?? 'b', ...agents })
  const proposal = { solution: 'catalog:tee-classic-white-m', metadata: null }
  const authorization = agent === null ? {} : { agent_authorization: signProposal({ agent, orchestratorUrl: 'http://127.0.0.1:8080', signedIntent, ...proposal }).agent_authorization }
  const attestation = attestEvidence(params.extractor, { intent_id: intentId, template_id: id, ...proposal, evidence: params.evidence }, { extractedAtMs: Date.now(), sources: [] })
  const nonce = newAttestationSaltNonce()
  const salt = attestationSalt(attestation, nonce)
  const attrs = decodeInputFields(params.fields, 'intent')
  const evidence = decodeInputFields(params.evidence, 'evidence')
  const artifact = await params.prover.provePolicy({
    compiled,
    attrs,
    evidence,
    intentId,
    salt,
    attrsSalt: BigInt(opening.salt),
    circuit: choosePolicyTier(compiled, { attrs, evidence }).circuit,
  })
  return {
    signed_intent: signedIntent,
    proposal,
    ...authorization,
    evidence: params.evidence,
    proof: { artifact, salt: salt.toString(), attestation, attestation_salt_nonce: nonce },
    template: { id, source: params.source, compiled_base64url: encodeBase64Url(compiledBytes(compiled)) },
  }
}
