// Verifying an AP2 Checkout Mandate chain (docs/ap2-verity-constraint.md, "Evaluation", steps 1–4):
// the platform's open mandate, the agent's closed one bound to it, the checkout it carries.
import { Ap2CheckoutMandate, Ap2OpenCheckoutMandate, type Static } from '@verity/wire'
import { MANDATE_CLOCK_SKEW_SECONDS } from '../limits.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { checkoutOfJwt } from './checkoutJwt.ts'
import { checkBinding, contentOf, malformed, rootKeyOf, splitChain, verifyHop } from './mandateHops.ts'
import { sha256Base64Url } from './sdJwtKeys.ts'

export type ReadCheckoutMandate = {
  open: Static<typeof Ap2OpenCheckoutMandate>
  closed: Static<typeof Ap2CheckoutMandate>
  /** The checkout of `checkout_jwt`, with its `ap2.merchant_authorization` (not yet verified: the business's keys judge it). */
  checkout: Record<string, unknown>
  /** The closed mandate's audience. */
  audience: string | undefined
  /** base64url SHA-256 of the open mandate (`sd_hash`; an open Payment Mandate's `payment.reference` names it). */
  openHash: string
}

/**
 * Verifies the chain `<open SD-JWT>~<closed SD-JWT>` of `ap2.checkout_mandate`: the open mandate
 * is signed by the platform key its header's `kid` names among `platformKeys` and not expired; the
 * closed one is signed by the open one's `cnf.jwk` (EC P-256), typed `kb+sd-jwt`, its `sd_hash` is
 * the open one's hash, and its `checkout_hash` is the hash of its `checkout_jwt`. Throws Ap2MandateError.
 */
export async function readCheckoutMandate(chain: string, platformKeys: readonly Readonly<Record<string, unknown>>[], nowMs: number = Date.now()): Promise<ReadCheckoutMandate> {
  const { open, closed: closedToken } = splitChain(chain, 'ap2.checkout_mandate')
  const openHop = await verifyHop(open, rootKeyOf(open, platformKeys), 'the open mandate is not signed by the platform key its kid names')
  const openContent = contentOf(openHop.payload, Ap2OpenCheckoutMandate, 'the open mandate')
  const nowSeconds = Math.floor(nowMs / 1000)
  if (openContent.exp !== undefined && openContent.exp + MANDATE_CLOCK_SKEW_SECONDS < nowSeconds)
    throw new Ap2MandateError({ code: 'AP2_MANDATE_EXPIRED', reason: `the open mandate expired at ${new Date(openContent.exp * 1000).toISOString()}` })
  const closedHop = await verifyHop(closedToken, openContent.cnf.jwk, 'the closed mandate is not signed by the key the open mandate binds (cnf)')
  checkBinding(open, closedHop, 'Checkout Mandate')
  const closed = contentOf(closedHop.payload, Ap2CheckoutMandate, 'the closed mandate')
  if (closed.checkout_hash !== sha256Base64Url(closed.checkout_jwt)) throw new Ap2MandateError({ code: 'AP2_CHECKOUT_HASH_MISMATCH', reason: 'checkout_hash is not the hash of checkout_jwt' })
  const checkout = checkoutOfJwt(closed.checkout_jwt)
  if (checkout === undefined) throw malformed('checkout_jwt is not a compact JWS of a checkout object')
  const audience = closedHop.payload['aud']
  return { open: openContent, closed, checkout, audience: typeof audience === 'string' ? audience : undefined, openHash: sha256Base64Url(open) }
}
