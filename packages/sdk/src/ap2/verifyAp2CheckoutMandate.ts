// The AP2 part of a business's check of `ap2.checkout_mandate` (docs/ap2-verity-constraint.md,
// "Evaluation", steps 1–4 and 7), for any chain, Verity's or a standard AP2 platform's: the chain
// verifies from the platform key its `kid` names, is made out to this business, AP2's constraints
// hold for its checkout, and that checkout carries this business's signature.
import { verifyMerchantAuthorization } from '@verity/core'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { checkCheckoutConstraints } from './ap2Constraints.ts'
import { checkMandateAudience } from './checkMandateAudience.ts'
import { readCheckoutMandate, type ReadCheckoutMandate } from './readCheckoutMandate.ts'

export type VerifyAp2CheckoutMandateParameters = {
  checkoutMandate: string
  /** The platform's `signing_keys` (the profile its UCP-Agent names). */
  platformSigningKeys: readonly Readonly<Record<string, unknown>>[]
  /** The business's `signing_keys` (they sign `ap2.merchant_authorization`). */
  merchantSigningKeys: readonly Readonly<Record<string, unknown>>[]
  /** The business's base URL: the closed mandate's `aud`. */
  business: string
  nowMs?: number
}

/**
 * Verifies a Checkout Mandate chain as an AP2 merchant must (AP2 specification, "Merchant"): the
 * chain, its audience, every constraint, the merchant's signature of its checkout. Returns the
 * chain read; throws Ap2MandateError naming the first check that fails.
 * @example const chain = await verifyAp2CheckoutMandate({ checkoutMandate, platformSigningKeys, merchantSigningKeys, business })
 */
export async function verifyAp2CheckoutMandate(parameters: VerifyAp2CheckoutMandateParameters): Promise<ReadCheckoutMandate> {
  const chain = await readCheckoutMandate(parameters.checkoutMandate, parameters.platformSigningKeys, parameters.nowMs)
  checkMandateAudience('closed Checkout Mandate', chain.audience, parameters.business)
  checkCheckoutConstraints(chain.open.constraints, chain.checkout)
  const merchant = await verifyMerchantAuthorization(chain.checkout, parameters.merchantSigningKeys)
  if (!merchant.ok) throw new Ap2MandateError({ code: 'MERCHANT_AUTHORIZATION_INVALID', reason: `the checkout's ap2.merchant_authorization: ${merchant.reason}` })
  return chain
}
