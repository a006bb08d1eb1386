import { checkoutDigestOf } from '@verity/core'
import type { Ap2PaymentMandate, Static } from '@verity/wire'
import type { VerifyMandateBundleOptions } from '../mandates/verifyMandateBundle.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { evaluateVerityConstraint, type VerityCheckoutAuthorization } from './evaluateVerityConstraint.ts'
import { fetchVerityProofBundle } from './fetchVerityProofBundle.ts'
import { peekVerityConstraint } from './peekVerityConstraint.ts'
import { verifyPaymentMandate } from './verifyPaymentMandate.ts'

export type AuthorizeVerityCheckoutParameters = VerifyMandateBundleOptions & {
  /** The session as the business holds it now (what it would sign): the mandate's checkout must be it. */
  session: Readonly<Record<string, unknown>>
  /** `ap2.checkout_mandate` of the complete request. */
  checkoutMandate: unknown
  /** `credential.token` of the request's dev.verity.domain payment instrument: the Payment Mandate. */
  paymentMandate: unknown
  merchantSigningKeys: readonly Readonly<Record<string, unknown>>[]
  /** The platform's `signing_keys` (the profile its UCP-Agent names): they sign the open mandates. */
  platformSigningKeys: readonly Readonly<Record<string, unknown>>[]
  /** The business's base URL. */
  business: string
  /** Orchestrators the business reads proof bundles from (GET /proofs/{intent_id}). */
  orchestratorsAllowed: readonly string[]
  /** A bundle already at hand (skips the fetch). */
  proofBundle?: unknown
  nowMs?: number
}

export type VerityCheckoutPayment = VerityCheckoutAuthorization & { proofBundle: unknown; paymentMandate: Static<typeof Ap2PaymentMandate> }

/**
 * Everything a business (or its payment processor) checks before it takes a Verity mandate
 * payment for a checkout, in one call: the chain's Verity constraint (evaluateVerityConstraint,
 * with the proof bundle fetched from the orchestrator it names when that one is allowed), that the
 * mandate's checkout is the session as it stands now (the same signed content), and the Payment
 * Mandate (verifyPaymentMandate). Returns what to pay (`payment`) and the bundle to pay it with
 * (`payMandate(domain, proofBundle)`). Throws Ap2MandateError.
 */
export async function authorizeVerityCheckout(parameters: AuthorizeVerityCheckoutParameters): Promise<VerityCheckoutPayment> {
  const constraint = await peekVerityConstraint(parameters.checkoutMandate)
  if (constraint === undefined) throw new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason: 'the checkout mandate names no Verity intent (dev.verity.intent)' })
  const proofBundle = parameters.proofBundle ?? (await fetchVerityProofBundle(constraint, { orchestratorsAllowed: parameters.orchestratorsAllowed }))
  const authorized = await evaluateVerityConstraint({ ...parameters, checkoutMandate: parameters.checkoutMandate as string, proofBundle })
  if (checkoutDigestOf(authorized.checkout) !== checkoutDigestOf(parameters.session))
    throw new Ap2MandateError({ code: 'VERITY_CHECKOUT_MISMATCH', reason: 'the mandate closes on a state of the checkout other than the session\'s current one' })
  const paymentMandate = await verifyPaymentMandate(parameters.paymentMandate, authorized)
  return { ...authorized, proofBundle, paymentMandate }
}
