// The AP2 mandate seam (docs/ucp.md, "AP2 mandates"): once `dev.ucp.shopping.ap2_mandate` is
// negotiated, complete requires `ap2.checkout_mandate`, and the store asks its MandateCheck to
// verify it before any payment handler runs.
import type { Checkout } from './PaymentHandler.ts'

/** AP2's error codes for a refused mandate (ap2_mandate.json#/$defs/error_code), minus `mandate_required` which the store itself answers. */
export type MandateRefusalCode =
  | 'agent_missing_key'
  | 'mandate_invalid_signature'
  | 'mandate_expired'
  | 'mandate_scope_mismatch'
  | 'merchant_authorization_invalid'
  | 'merchant_authorization_missing'

export type MandateVerdict = Readonly<{ ok: true }> | Readonly<{ ok: false; code: MandateRefusalCode; reason: string }>

export type MandateCheckInput = Readonly<{
  /** The session as the store answers it now, `ap2.merchant_authorization` included: the mandate's embedded checkout must match it (id, line items, totals). */
  checkout: Checkout
  /** `ap2.checkout_mandate` as sent (an SD-JWT+kb). */
  checkoutMandate: string
  /** The platform profile URL (`UCP-Agent`) and the profile fetched from it: its `signing_keys` verify the mandate in the platform-provider flow. */
  platformProfileUrl: string
  platformProfile: Readonly<Record<string, unknown>>
}>

/**
 * The store signs every reply afresh (`merchant_authorization` covers the whole reply, `messages`
 * and `ucp` included), so compare the mandate's embedded checkout with `input.checkout` by its
 * terms — id, currency, line items, totals — after verifying the embedded checkout's own
 * `merchant_authorization` with the store's key; not by signature bytes.
 *
 * Verifies an AP2 checkout mandate for a session: its signature and key binding, expiry, that
 * the embedded checkout carries this store's valid `merchant_authorization` (core
 * `verifyMerchantAuthorization`) and the same terms as the session. A refusal is answered 403
 * with the verdict's code; nothing is charged and no order is placed. Throwing is answered 500
 * (internal error), before any payment.
 */
export type MandateCheck = (input: MandateCheckInput) => Promise<MandateVerdict>
