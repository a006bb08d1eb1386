import { decodeBase64Url, decodeInputFields, type InputValue } from '@verity/core'
import type { MandateFacts, MandateRefusalCode } from '@verity/ledger'
import { decodeCompiledTemplate, payableShape } from '@verity/policy'
import { MalformedProofBundleError } from '../proofs/proofErrors.ts'
import { verifyProofBundle, type ProofCheck, type VerifyProofBundleOptions } from '../proofs/verifyProofBundle.ts'
import { retiredProofSystemRefusal } from './retiredProofSystemRefusal.ts'
import { sealedMandateProblem } from '../sealed/checkSealedMandate.ts'
import { sealedPaymentAttrFields } from '../sealed/sealedPayment.ts'
import { mandateIdentityOf, type MandateIdentity } from './mandateIdentityOf.ts'
import { unboundIntentRefusal } from './unboundIntentRefusal.ts'

export type MandateVerification = { ok: true; facts: MandateFacts } | { ok: false; code: MandateRefusalCode; reason: string }

export type VerifyMandateBundleOptions = Pick<VerifyProofBundleOptions, 'verifier' | 'production' | 'circuitHashes'> & {
  /** The extractor keys (base58 Ed25519) whose attestation of the evidence (price, payee) is believed. None: every bundle is refused. */
  trustedExtractorKeys: readonly string[]
  /**
   * Refuse an intent that names no agents (MANDATE_INTENT_UNBOUND; docs/protocol.md, "Agent-bound
   * intents"). Default true: where a payment is admitted (the domain, a business checking an AP2
   * chain). The base layer passes false at settlement: a payment a domain admitted before the rule
   * may still sit in an unsettled SDL, and the domain answered for it when it admitted it.
   */
  agentsRequired?: boolean
}

/** The refusal code of each broken link of the trust chain (verifyProofBundle's `check`). */
const CODE_OF_CHECK: Readonly<Record<ProofCheck, MandateRefusalCode>> = Object.freeze({
  template: 'MANDATE_TEMPLATE_INVALID',
  unsigned: 'MANDATE_INTENT_UNSIGNED',
  signature: 'MANDATE_INTENT_SIGNATURE_INVALID',
  'agent-signature-missing': 'MANDATE_AGENT_SIGNATURE_MISSING',
  'agent-signature': 'MANDATE_AGENT_SIGNATURE_INVALID',
  inputs: 'MANDATE_BUNDLE_MALFORMED',
  constraints: 'MANDATE_CONSTRAINT_FAILED',
  'attestation-missing': 'MANDATE_ATTESTATION_MISSING',
  attestation: 'MANDATE_ATTESTATION_INVALID',
  extractor: 'MANDATE_EXTRACTOR_UNTRUSTED',
  commitment: 'MANDATE_COMMITMENT_MISMATCH',
  proof: 'MANDATE_PROOF_INVALID',
})

/**
 * Verifies the proof bundle of a mandate payment (docs/domain.md, "Mandate payments"): the
 * template is payable, its intent names its agents (unless `agentsRequired` is false), and the bundle verifies as `verifyProofBundle` checks it (template, the
 * user's signature over the intent, evidence attested by one of `trustedExtractorKeys`, the
 * constraints, the policy proof). Returns the facts the payment must restate, or the refusal's
 * code and reason. Costs one proof verification (~1 s on bb.js wasm) unless refused earlier.
 * @example const result = await verifyMandateBundle(bundle, { verifier: createProver(), trustedExtractorKeys: [extractorKey] })
 */
export async function verifyMandateBundle(bundle: unknown, options: VerifyMandateBundleOptions): Promise<MandateVerification> {
  const retired = retiredProofSystemRefusal(bundle)
  if (retired !== undefined) return retired
  const payable = checkPayable(bundle)
  if (payable !== undefined) return payable
  const unbound = options.agentsRequired === false ? undefined : unboundIntentRefusal(bundle)
  if (unbound !== undefined) return unbound
  const sealedProblem = sealedMandateProblem(bundle)
  if (sealedProblem !== undefined) return { ok: false, code: 'MANDATE_SEALED_PAYMENT_UNBOUND', reason: sealedProblem }
  if (options.trustedExtractorKeys.length === 0)
    return { ok: false, code: 'MANDATE_EXTRACTOR_UNTRUSTED', reason: 'no extractor key is trusted for mandate payments (mandates.trusted_extractor_keys is empty)' }
  let verified
  try {
    verified = await verifyProofBundle(bundle, { ...options, trustedExtractorKeys: options.trustedExtractorKeys, allowUnsigned: false })
  } catch (error) {
    if (error instanceof MalformedProofBundleError) return { ok: false, code: 'MANDATE_BUNDLE_MALFORMED', reason: error.message }
    throw error
  }
  if (!verified.ok) return { ok: false, code: CODE_OF_CHECK[verified.check], reason: verified.reason }
  const { statement } = verified
  if (statement.signer === 'Unsigned') return { ok: false, code: 'MANDATE_INTENT_UNSIGNED', reason: 'the intent is Unsigned: nobody authorized a payment' }
  // A sealed intent's token and ceiling are what its proof established (docs/protocol.md, "Sealed intents").
  const attrs = statement.sealed === undefined ? statement.attrs : sealedPaymentAttrFields(statement.attrs, statement.evidence)
  const identity = mandateIdentityOf(bundle)
  // verifyProofBundle read the same intent and evidence: a bundle it accepts always has an identity.
  if (identity === null || identity.intentId !== statement.intentId || identity.payerOwnerId !== statement.signer.ownerId) throw new Error('a verified bundle names its signed intent')
  return { ok: true, facts: factsOf(identity, attrs, statement.evidence) }
}

/** Refuses a bundle whose template is not payable, before its proof is checked (a broken template is verifyProofBundle's to name). */
function checkPayable(bundle: unknown): MandateVerification | undefined {
  const template = (bundle as { template?: { compiled_base64url?: unknown } | null } | null)?.template
  if (template === null || typeof template !== 'object' || typeof template.compiled_base64url !== 'string') return undefined
  let shape
  try {
    shape = payableShape(decodeCompiledTemplate(decodeBase64Url(template.compiled_base64url)))
  } catch {
    return undefined
  }
  if (shape.isPayable) return undefined
  return { ok: false, code: 'MANDATE_TEMPLATE_NOT_PAYABLE', reason: `the intent's template is not payable: ${shape.problems.join('; ')}` }
}

/** The payment fields of a verified statement (their types were checked against the payable template). */
function factsOf(identity: MandateIdentity, attrFields: Record<string, unknown>, evidenceJson: Record<string, unknown>): MandateFacts {
  const attrs = decodeInputFields(attrFields, 'intent')
  const evidence = decodeInputFields(evidenceJson, 'evidence')
  return {
    intentId: identity.intentId,
    intentDigest: identity.intentDigest,
    evidenceDigest: identity.evidenceDigest,
    payerOwnerId: identity.payerOwnerId,
    payee: text(evidence.payee),
    token: text(attrs.payment_token),
    acceptedToken: text(evidence.payee_token),
    priceCents: integer(evidence.price_cents),
    maxPriceCents: integer(attrs.max_price_cents),
    deadlineMs: integer(attrs.payment_deadline_ms),
  }
}

function text(value: InputValue | undefined): string {
  if (typeof value !== 'string') throw new Error('a payable template declares this field a string (verified above)')
  return value
}

function integer(value: InputValue | undefined): bigint {
  if (typeof value !== 'bigint') throw new Error('a payable template declares this field an int (verified above)')
  return value
}
