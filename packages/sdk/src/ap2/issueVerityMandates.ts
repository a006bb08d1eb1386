// The two mandates of a Verity checkout, as the agent's client makes them at complete
// (docs/ap2-verity-constraint.md, "The mandates"): the Checkout Mandate chain and the Payment
// Mandate chain, both rooted at the platform key and bound to the agent's mandate key.
import { deriveAp2MandateKey, deriveUcpRequestKey, type KeySigner, type UcpRequestKey } from '@verity/core'
import type { Ap2Merchant, Static } from '@verity/wire'
import { bindMandateKey } from './agentBinding.ts'
import { closeCheckoutMandate, issueOpenCheckoutMandate, issuePaymentMandate } from './issueMandates.ts'
import { verityIntentConstraintOf } from './verityIntentConstraintOf.ts'

export type IssueVerityMandatesParameters = {
  /** A named Ed25519 agent of the intent: binds its mandate key (deriveAp2MandateKey) and, by default, its request key is the platform key. */
  agent: KeySigner
  /** The key whose `kid` the platform profile lists (default: the agent's request key, deriveUcpRequestKey). */
  platformKey?: UcpRequestKey
  /** The signed intent (GET /intents/{id} or the proof bundle's `signed_intent`) and the orchestrator holding it. */
  signedIntent: unknown
  orchestrator: string
  /** The checkout as the business answered it, with `ap2.merchant_authorization`. */
  checkout: Readonly<Record<string, unknown>>
  /** The business's base URL: both closed mandates' `aud`. */
  business: string
  /** Who is paid (`payee.id`: the proven payee, the business's dev.verity.domain vault). */
  payee: Static<typeof Ap2Merchant>
  nowMs?: number
}

export type VerityMandates = { checkoutMandate: string; paymentMandate: string; checkoutHash: string }

/**
 * `ap2.checkout_mandate` and the Payment Mandate (`credential.token`) for one checkout: open
 * mandates signed by the platform key, the intent carried with the agent's binding of its mandate
 * key, closed by that key over the checkout, paying its total with the intent's mandate payment.
 * @example const { checkoutMandate, paymentMandate } = await issueVerityMandates({ agent, signedIntent, orchestrator, checkout, business, payee })
 */
export async function issueVerityMandates(parameters: IssueVerityMandatesParameters): Promise<VerityMandates> {
  const platformKey = parameters.platformKey ?? deriveUcpRequestKey(parameters.agent)
  const mandateKey = deriveAp2MandateKey(parameters.agent)
  const constraint = verityIntentConstraintOf(parameters.signedIntent, parameters.orchestrator)
  const verity = { ...constraint, agent_binding: bindMandateKey(parameters.agent, constraint.intent_id, mandateKey.publicJwk) }
  const time = parameters.nowMs === undefined ? {} : { nowMs: parameters.nowMs }
  const openMandate = await issueOpenCheckoutMandate({ platformKey, mandateKey: mandateKey.publicJwk, checkout: parameters.checkout, verity, ...time })
  const closed = await closeCheckoutMandate({ openMandate, checkout: parameters.checkout, mandateKey, audience: parameters.business, ...time })
  const totals = (parameters.checkout['totals'] ?? []) as { type?: string; amount?: number }[]
  const paymentMandate = await issuePaymentMandate({
    platformKey, mandateKey, openCheckoutHash: closed.openHash, checkoutHash: closed.checkoutHash, payee: parameters.payee,
    amountCents: BigInt(totals.find((total) => total.type === 'total')?.amount ?? 0), currency: String(parameters.checkout['currency'] ?? ''),
    intentId: constraint.intent_id, audience: parameters.business, ...time,
  })
  return { checkoutMandate: closed.checkoutMandate, paymentMandate, checkoutHash: closed.checkoutHash }
}
