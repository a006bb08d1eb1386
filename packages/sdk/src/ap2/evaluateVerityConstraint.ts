// The evaluation algorithm of the Verity constraint type (docs/ap2-verity-constraint.md,
// "Evaluation"): one call for a business or its payment processor.
import { checkoutDigestOf, checkoutFactsOf, checkoutLineKeys, decodeBase58, encodeBase58, verifyMerchantAuthorization, type CheckoutFacts } from '@verity/core'
import type { MandateFacts } from '@verity/ledger'
import { VERITY_INTENT_CONSTRAINT_TYPE, VerityIntentConstraint, validateUcp, describeUcpViolations, type Static } from '@verity/wire'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import { MalformedProofBundleError } from '../proofs/proofErrors.ts'
import { verifyMandateBundle, type VerifyMandateBundleOptions } from '../mandates/verifyMandateBundle.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { checkMandateAudience } from './checkMandateAudience.ts'
import { readCheckoutMandate } from './readCheckoutMandate.ts'
import { ed25519KeyOfJwk } from './sdJwtKeys.ts'

export type EvaluateVerityConstraintParameters = VerifyMandateBundleOptions & {
  /** `ap2.checkout_mandate` of the complete request. */
  checkoutMandate: string
  /** The proof bundle of the intent the constraint names (GET /proofs/{intent_id} of its orchestrator, or as the payment instrument carries it). */
  proofBundle: unknown
  /** The business's public `signing_keys` (its profile's), which sign `ap2.merchant_authorization`. */
  merchantSigningKeys: readonly Readonly<Record<string, unknown>>[]
  /** The business's base URL: the proof must name it (`proposal.metadata.business`). */
  business: string
  nowMs?: number
}

export type VerityCheckoutAuthorization = {
  intentId: string
  constraint: Static<typeof VerityIntentConstraint>
  /** The merchant-signed checkout the mandate closes on. */
  checkout: Record<string, unknown>
  checkoutFacts: CheckoutFacts
  checkoutHash: string
  /** base58 of the agent's Ed25519 key (the open mandate's `cnf`), which signs the closed mandates. */
  agentPublicKey: string
  /** What the intent's mandate payment pays (verified). */
  payment: MandateFacts
  /** The business the mandates must be made out to (`aud`): the one evaluating. */
  business: string
}

/**
 * Evaluates the Verity constraint of an AP2 Checkout Mandate chain: the open mandate is the
 * intent's signer's and names the intent of `proofBundle`; the closed mandate is the agent's
 * (named by the intent when it is agent-bound) and carries a checkout signed by the business; the
 * proof bundle verifies as a mandate payment (verifyMandateBundle); and the checkout is the one
 * the proof covers: its digest, line items, total and payee are the evidence's, at `business`.
 * Returns what is authorized; throws Ap2MandateError naming the first check that fails.
 * @example const authorized = await evaluateVerityConstraint({ checkoutMandate, proofBundle, merchantSigningKeys: profile.signing_keys, business, verifier, trustedExtractorKeys })
 */
export async function evaluateVerityConstraint(parameters: EvaluateVerityConstraintParameters): Promise<VerityCheckoutAuthorization> {
  const intent = intentOf(parameters.proofBundle)
  const chain = await readCheckoutMandate(parameters.checkoutMandate, intent.userKey, parameters.nowMs)
  checkMandateAudience('closed Checkout Mandate', chain.audience, parameters.business)
  const constraint = verityConstraintOf(chain.open.constraints)
  checkIntent(constraint, intent)
  const agentKey = ed25519KeyOfJwk(chain.open.cnf.jwk)
  if (agentKey === undefined) throw new Ap2MandateError({ code: 'AP2_MANDATE_MALFORMED', reason: 'cnf.jwk must be an Ed25519 key (OKP)' })
  const agentPublicKey = encodeBase58(agentKey)
  if (intent.agents !== undefined && !intent.agents.includes(agentPublicKey))
    throw new Ap2MandateError({ code: 'VERITY_AGENT_NOT_NAMED', reason: `the agent key ${agentPublicKey} that signs the closed mandate is not one the intent names in agents` })
  const merchant = await verifyMerchantAuthorization(chain.checkout, parameters.merchantSigningKeys)
  if (!merchant.ok) throw new Ap2MandateError({ code: 'MERCHANT_AUTHORIZATION_INVALID', reason: `the checkout's ap2.merchant_authorization: ${merchant.reason}` })
  const bundle = await verifyMandateBundle(parameters.proofBundle, parameters)
  if (!bundle.ok) throw new Ap2MandateError({ code: 'VERITY_PROOF_INVALID', reason: `the intent's proof does not authorize a payment (${bundle.code}): ${bundle.reason}` })
  const checkoutFacts = checkoutFactsOf(chain.checkout)
  checkCheckout(parameters.business, intent, checkoutFacts, chain.checkout, bundle.facts)
  return { intentId: intent.id, constraint, checkout: chain.checkout, checkoutFacts, checkoutHash: chain.closed.checkout_hash, agentPublicKey, payment: bundle.facts, business: parameters.business }
}

type IntentView = { id: string; templateId: string; userKey: Uint8Array; sealed: unknown; agents: string[] | undefined; evidence: Record<string, unknown>; business: unknown }

function intentOf(bundle: unknown): IntentView {
  const root = (bundle ?? {}) as { signed_intent?: unknown; evidence?: unknown; proposal?: { metadata?: unknown } }
  let intent
  try {
    intent = readSignedIntent(root.signed_intent)
  } catch (error) {
    if (error instanceof MalformedProofBundleError) throw new Ap2MandateError({ code: 'VERITY_PROOF_INVALID', reason: error.message })
    throw error
  }
  const signature = intent.authorship as { Ed25519?: { pub_key?: unknown } } | 'Unsigned'
  if (signature === 'Unsigned' || typeof signature.Ed25519?.pub_key !== 'string')
    throw new Ap2MandateError({ code: 'AP2_MANDATE_SIGNATURE_INVALID', reason: 'the open mandate must be signed by the intent\'s signer, an Ed25519 key (this intent is not signed by one)' })
  const signed = signedObjectOf(root.signed_intent)
  const metadata = root.proposal?.metadata as Record<string, unknown> | undefined
  return {
    id: intent.id,
    templateId: intent.templateId,
    userKey: decodeBase58(signature.Ed25519.pub_key, 'signed_intent Ed25519 pub_key', 32),
    sealed: (signed['sealed'] as { commitments?: unknown } | undefined)?.commitments,
    agents: Array.isArray(signed['agents']) ? (signed['agents'] as { Ed25519?: unknown }[]).map((agent) => (typeof agent?.Ed25519 === 'string' ? agent.Ed25519 : '')) : undefined,
    evidence: (typeof root.evidence === 'object' && root.evidence !== null ? root.evidence : {}) as Record<string, unknown>,
    business: metadata?.['business'],
  }
}

function signedObjectOf(signedIntent: unknown): Record<string, unknown> {
  const root = signedIntent as { payload?: Record<string, unknown>; intent?: Record<string, unknown> }
  return root.payload ?? root.intent ?? {}
}

function verityConstraintOf(constraints: readonly { type: string }[]): Static<typeof VerityIntentConstraint> {
  const unknown = constraints.find((constraint) => constraint.type !== VERITY_INTENT_CONSTRAINT_TYPE)
  if (unknown !== undefined) throw new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason: `the open mandate has a constraint this verifier does not evaluate (${JSON.stringify(unknown.type)}); AP2 treats it as failing` })
  if (constraints.length !== 1) throw new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason: `the open mandate must carry one ${VERITY_INTENT_CONSTRAINT_TYPE} constraint, not ${constraints.length}` })
  const checked = validateUcp(VerityIntentConstraint, constraints[0])
  if (!checked.ok) throw new Ap2MandateError({ code: 'AP2_MANDATE_MALFORMED', reason: `the ${VERITY_INTENT_CONSTRAINT_TYPE} constraint breaks its schema (${describeUcpViolations(checked.violations)})` })
  return checked.value
}

function checkIntent(constraint: Static<typeof VerityIntentConstraint>, intent: IntentView): void {
  const mismatch = (reason: string) => new Ap2MandateError({ code: 'VERITY_INTENT_MISMATCH', reason })
  if (constraint.intent_id !== intent.id) throw mismatch(`the mandate names intent ${constraint.intent_id}, the proof is of intent ${intent.id}`)
  if (constraint.template_id !== intent.templateId) throw mismatch(`the mandate names template ${constraint.template_id}, the intent's is ${intent.templateId}`)
  const sealedSigned = intent.sealed === undefined ? undefined : JSON.stringify(sortedEntries(intent.sealed))
  const sealedNamed = constraint.commitments === undefined ? undefined : JSON.stringify(sortedEntries(constraint.commitments))
  if (sealedSigned !== sealedNamed) throw mismatch(`the mandate's commitments ${sealedNamed ?? '(none)'} are not the sealed intent's ${sealedSigned ?? '(none: the intent is not sealed)'}`)
}

function checkCheckout(expectedBusiness: string, intent: IntentView, facts: CheckoutFacts, checkout: Record<string, unknown>, payment: MandateFacts): void {
  const { evidence, business } = intent
  const mismatch = (reason: string) => new Ap2MandateError({ code: 'VERITY_CHECKOUT_MISMATCH', reason })
  if (typeof business !== 'string' || trimSlash(business) !== trimSlash(expectedBusiness)) throw mismatch(`the proof names business ${JSON.stringify(business)}, this is ${expectedBusiness}`)
  if (typeof evidence['checkout_digest'] !== 'string') throw mismatch('the proof covers no checkout: its evidence has no checkout_digest (the template must ask for evidence.checkout_digest)')
  if (evidence['checkout_id'] !== undefined && evidence['checkout_id'] !== facts.id) throw mismatch(`the proof covers checkout ${JSON.stringify(evidence['checkout_id'])}, the mandate's is ${JSON.stringify(facts.id)}`)
  const lines = evidence['line_items']
  if (Array.isArray(lines) && JSON.stringify([...lines].sort()) !== JSON.stringify(checkoutLineKeys(facts.lines)))
    throw mismatch(`the proof covers the items ${JSON.stringify([...lines].sort())}, the checkout has ${JSON.stringify(checkoutLineKeys(facts.lines))}`)
  if (facts.totalCents !== payment.priceCents) throw mismatch(`the proven price is ${payment.priceCents}, the checkout's total is ${facts.totalCents}`)
  if (facts.payee !== payment.payee) throw mismatch(`the proven payee is ${payment.payee}, the checkout pays ${facts.payee ?? 'no dev.verity.domain payee'}`)
  if (facts.payeeToken !== payment.acceptedToken) throw mismatch(`the proven token is ${payment.acceptedToken}, the checkout's handler accepts ${facts.payeeToken}`)
  if (evidence['checkout_digest'] !== checkoutDigestOf(checkout)) throw mismatch('the checkout differs from the one proven (checkout_digest): the business changed it after the proof, or it is another checkout')
}

function sortedEntries(value: unknown): [string, unknown][] {
  return Object.entries((value ?? {}) as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
