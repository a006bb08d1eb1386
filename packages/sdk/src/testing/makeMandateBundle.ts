// Real proof bundles of a payable template for tests (not built, not exported): a real signature
// over the intent, evidence attested by a real extractor key, a real zero-knowledge policy proof on Ignition's CRS
// whose salt is bound to the attestation, exactly as the orchestrator assembles GET /proofs/{id}.
import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { agentKeyOfSigner, attestEvidence, canonicalJsonBytes, decodeInputFields, Ed25519Signer, encodeBase64Url, intentDigestOf, signAgentProposal, type Signer } from '@verity/core'
import { compileTemplate, compiledBytes, templateId } from '@verity/policy'
import { attestationSalt, choosePolicyTier, newAttestationSaltNonce, type Prover } from '@verity/prover'

/** The payable example template (packages/policy/examples/payable-clothing.template). */
export const PAYABLE_TEMPLATE = readFileSync(new URL('../../../policy/examples/payable-clothing.template', import.meta.url), 'utf8')
/**
 * The payable example without its constraint `evidence.payee_token == intent.payment_token`: its
 * intents can be proven paying a merchant in a token it does not accept, which the domain must refuse.
 */
export const PAYABLE_TEMPLATE_ANY_TOKEN = PAYABLE_TEMPLATE.replace(/^ {2}evidence\.payee_token == intent\.payment_token;\n/m, '')
/** The payable checkout example (packages/policy/examples/payable-checkout.template): evidence.checkout_digest, intent.allowed_payees. */
export const PAYABLE_CHECKOUT_TEMPLATE = readFileSync(new URL('../../../policy/examples/payable-checkout.template', import.meta.url), 'utf8')
/** A template that is not payable (no token, deadline or payee). */
export const CLOTHING_TEMPLATE = readFileSync(new URL('../../../policy/examples/clothing.template', import.meta.url), 'utf8')

/**
 * The agent a bundle's intent names unless told otherwise (a fixed key: a bundle made twice for one
 * intent id and deadline signs the same intent). Every payable intent names its agents
 * (docs/protocol.md, "Agent-bound intents"): the domain refuses an agent-less one (MANDATE_INTENT_UNBOUND).
 */
export const MANDATE_BUNDLE_AGENT = Ed25519Signer.fromSecretKey(new Uint8Array(32).fill(7))

export type MandateBundleParameters = {
  prover: Pick<Prover, 'provePolicy'>
  user: Signer
  extractor: Ed25519Signer
  /** evidence.payee */
  payee: string
  priceCents: number
  maxPriceCents?: number
  /** intent.payment_token; default "native" */
  token?: string
  /** evidence.payee_token, the token the payee accepts; default `token` */
  payeeToken?: string
  /** intent.payment_deadline_ms; default an hour from now */
  deadlineMs?: number
  intentId?: string
  /** default PAYABLE_TEMPLATE (or PAYABLE_TEMPLATE_ANY_TOKEN); with CLOTHING_TEMPLATE the attrs and evidence fit that template instead */
  templateSource?: string
  /** more attrs and evidence (e.g. allowed_payees and checkout_digest for PAYABLE_CHECKOUT_TEMPLATE), and the proposal's metadata */
  attrsExtra?: Record<string, unknown>
  evidenceExtra?: Record<string, unknown>
  metadata?: unknown
  solution?: string
  /**
   * The intent names this agent (`agents`), and the bundle carries its `agent_authorization` (for
   * http://127.0.0.1:8080); default MANDATE_BUNDLE_AGENT; null: the intent names no agent (as a
   * second orchestrator, or one from before the rule, could prove).
   */
  agent?: Signer | null
}

/** A proof bundle (the JSON of GET /proofs/{intent_id}) of a succeeded intent. */
export async function makeMandateBundle(params: MandateBundleParameters): Promise<Record<string, unknown>> {
  const source = params.templateSource ?? PAYABLE_TEMPLATE
  const compiled = compileTemplate(source)
  const id = templateId(compiled)
  const intentId = params.intentId ?? randomUUID()
  const isPayable = source !== CLOTHING_TEMPLATE
  const token = params.token ?? 'native'
  const agent = params.agent === undefined ? MANDATE_BUNDLE_AGENT : params.agent
  const fields: Record<string, unknown> = isPayable
    ? {
        acceptable_categories: ['t-shirt'],
        size: 'M',
        max_price_cents: params.maxPriceCents ?? 2500,
        payment_token: token,
        payment_deadline_ms: params.deadlineMs ?? Date.now() + 3_600_000,
      }
    : { acceptable_categories: ['t-shirt'], size: 'M', audience: 'unisex', max_price_cents: params.maxPriceCents ?? 2500 }
  const evidence: Record<string, unknown> = isPayable
    ? { category: 't-shirt', size: 'M', price_cents: params.priceCents, payee: params.payee, payee_token: params.payeeToken ?? token }
    : { category: 't-shirt', color: 'White', brand: 'Acme', size: 'M', audience: 'unisex', price_cents: params.priceCents }
  Object.assign(fields, params.attrsExtra)
  Object.assign(evidence, params.evidenceExtra)
  const payload = { id: intentId, template_id: id, attrs: { fields }, ...(agent === null ? {} : { agents: [agentKeyOfSigner(agent)] }) }
  const signedIntent = { payload, signature: params.user.sign(canonicalJsonBytes(payload, 'payload')) }
  const proposal = { solution: params.solution ?? 'catalog:tee-classic-white-m', metadata: params.metadata ?? null }
  const binding = { action: 'proposal' as const, orchestrator: 'http://127.0.0.1:8080', intentId, intentDigest: intentDigestOf(canonicalJsonBytes(payload)), ...proposal }
  const agentAuthorization = agent === null ? {} : { agent_authorization: signAgentProposal(agent, binding) }
  const attestation = attestEvidence(params.extractor, { intent_id: intentId, template_id: id, ...proposal, evidence }, { extractedAtMs: Date.now(), sources: [] })
  const nonce = newAttestationSaltNonce()
  const salt = attestationSalt(attestation, nonce)
  const attrs = decodeInputFields(fields, 'intent')
  const evidenceValues = decodeInputFields(evidence, 'evidence')
  const artifact = await params.prover.provePolicy({
    compiled,
    attrs,
    evidence: evidenceValues,
    intentId,
    salt,
    circuit: choosePolicyTier(compiled, { attrs, evidence: evidenceValues }).circuit,
  })
  return {
    signed_intent: signedIntent,
    proposal,
    ...agentAuthorization,
    evidence,
    proof: { artifact, salt: salt.toString(), attestation, attestation_salt_nonce: nonce },
    template: { id, source, compiled_base64url: encodeBase64Url(compiledBytes(compiled)) },
  }
}
