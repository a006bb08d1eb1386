// The evaluation algorithm of the Verity constraint type (docs/ap2-verity-constraint.md,
// "Evaluation"): one call for a business or its payment processor.
import { checkoutDigestOf, checkoutFactsOf, checkoutLineKeys, type CheckoutFacts } from '@verity/core'
import type { MandateFacts } from '@verity/ledger'
import { VERITY_INTENT_CONSTRAINT_TYPE, type Ap2PublicJwk, type Static, type VerityIntentConstraint } from '@verity/wire'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import { MalformedProofBundleError } from '../proofs/proofErrors.ts'
import { verifyMandateBundle, type VerifyMandateBundleOptions } from '../mandates/verifyMandateBundle.ts'
import { agentBindingHolds } from './agentBinding.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { verifyAp2CheckoutMandate } from './verifyAp2CheckoutMandate.ts'

export type EvaluateVerityConstraintParameters = VerifyMandateBundleOptions & {
  /** `ap2.checkout_mandate` of the complete request. */
  checkoutMandate: string
  /** The proof bundle of the intent the constraint names (GET /proofs/{intent_id} of its orchestrator, or as the payment instrument carries it). */
  proofBundle: unknown
  /** The business's public `signing_keys` (its profile's), which sign `ap2.merchant_authorization`. */
  merchantSigningKeys: readonly Readonly<Record<string, unknown>>[]
  /** The platform's public `signing_keys` (the profile its UCP-Agent names): the open mandates' `kid` names one. */
  platformSigningKeys: readonly Readonly<Record<string, unknown>>[]
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
  /** base58 of the named Ed25519 agent key that bound the mandate key (`agent_binding`). */
  agentPublicKey: string
  /** The agent's mandate key (the open mandate's `cnf.jwk`), which signs the closed mandates. */
  mandateKey: Static<typeof Ap2PublicJwk>
  /** base64url SHA-256 of the open Checkout Mandate: the open Payment Mandate's `payment.reference`. */
  openCheckoutHash: string
  /** The platform keys the open mandates were verified with (the open Payment Mandate is checked with them too). */
  platformSigningKeys: readonly Readonly<Record<string, unknown>>[]
  /** What the intent's mandate payment pays (verified). */
  payment: MandateFacts
  /** The business the mandates must be made out to (`aud`): the one evaluating. */
  business: string
}

/**
 * Evaluates the Verity constraint of an AP2 Checkout Mandate chain: the open mandate is signed by
 * a key of the platform (`kid` in `platformSigningKeys`), its AP2 constraints hold for the checkout
 * and it names the intent of `proofBundle`; its `cnf` key is bound by an agent the intent names
 * and signs the closed mandate, which carries a checkout signed by the business; the
 * proof bundle verifies as a mandate payment (verifyMandateBundle); and the checkout is the one
 * the proof covers: its digest, line items, total and payee are the evidence's, at `business`.
 * Returns what is authorized; throws Ap2MandateError naming the first check that fails.
 * @example const authorized = await evaluateVerityConstraint({ checkoutMandate, proofBundle, merchantSigningKeys: profile.signing_keys, platformSigningKeys: platformProfile.signing_keys, business, verifier, trustedExtractorKeys })
 */
export async function evaluateVerityConstraint(parameters: EvaluateVerityConstraintParameters): Promise<VerityCheckoutAuthorization> {
  const intent = intentOf(parameters.proofBundle)
  const chain = await verifyAp2CheckoutMandate(parameters)
  const constraint = chain.open[VERITY_INTENT_CONSTRAINT_TYPE]
  if (constraint === undefined) throw new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason: `the open mandate names no Verity intent (${VERITY_INTENT_CONSTRAINT_TYPE})` })
  checkIntent(constraint, intent)
  const agentPublicKey = checkAgentBinding(constraint, intent, chain.open.cnf.jwk)
  const bundle = await verifyMandateBundle(parameters.proofBundle, parameters)
  if (!bundle.ok) throw new Ap2MandateError({ code: 'VERITY_PROOF_INVALID', reason: `the intent's proof does not authorize a payment (${bundle.code}): ${bundle.reason}` })
  const checkoutFacts = checkoutFactsOf(chain.checkout)
  checkCheckout(parameters.business, intent, checkoutFacts, chain.checkout, bundle.facts)
  return {
    intentId: intent.id, constraint, checkout: chain.checkout, checkoutFacts, checkoutHash: chain.closed.checkout_hash, agentPublicKey, mandateKey: chain.open.cnf.jwk,
    openCheckoutHash: chain.openHash, platformSigningKeys: parameters.platformSigningKeys, payment: bundle.facts, business: parameters.business,
  }
}

/** The named agent that bound the mandate key (`cnf.jwk`): its binding signature verifies and the intent names it. */
function checkAgentBinding(constraint: Static<typeof VerityIntentConstraint>, intent: IntentView, mandateKey: Readonly<Record<string, unknown>>): string {
  const binding = constraint.agent_binding
  if (binding === undefined) throw new Ap2MandateError({ code: 'VERITY_AGENT_BINDING_INVALID', reason: 'the mandate key (cnf) is bound to no agent of the intent: the constraint has no agent_binding' })
  if (intent.agents !== undefined && !intent.agents.includes(binding.agent))
    throw new Ap2MandateError({ code: 'VERITY_AGENT_NOT_NAMED', reason: `the agent key ${binding.agent} that bound the mandate key is not one the intent names in agents` })
  if (!agentBindingHolds(binding, intent.id, mandateKey))
    throw new Ap2MandateError({ code: 'VERITY_AGENT_BINDING_INVALID', reason: `agent_binding is not agent ${binding.agent}'s signature over this intent and the mandate key (cnf)` })
  return binding.agent
}

type IntentView = { id: string; templateId: string; sealed: unknown; agents: string[] | undefined; evidence: Record<string, unknown>; business: unknown }

function intentOf(bundle: unknown): IntentView {
  const root = (bundle ?? {}) as { signed_intent?: unknown; evidence?: unknown; proposal?: { metadata?: unknown } }
  let intent
  try {
    intent = readSignedIntent(root.signed_intent)
  } catch (error) {
    if (error instanceof MalformedProofBundleError) throw new Ap2MandateError({ code: 'VERITY_PROOF_INVALID', reason: error.message })
    throw error
  }
  const signed = signedObjectOf(root.signed_intent)
  const metadata = root.proposal?.metadata as Record<string, unknown> | undefined
  return {
    id: intent.id,
    templateId: intent.templateId,
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
