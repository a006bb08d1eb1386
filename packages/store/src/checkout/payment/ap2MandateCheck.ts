// The store as an AP2 merchant for any platform (docs/ap2-verity-constraint.md, "Evaluation", the
// AP2 part): a MandateCheck that accepts a standard AP2 Checkout Mandate chain, signed from a key
// of the platform's profile, made out to this store, whose constraints hold for, and whose checkout
// is, the session as the store signs it now. Conformance mode uses it (with the mock payment
// handler); the Verity handler's check adds the intent's proof on top of the same checks.
import { checkoutDigestOf } from '@verity/core'
import { Ap2MandateError, verifyAp2CheckoutMandate } from '@verity/sdk'
import { platformSigningKeysOf } from '../platform/platformSigningKeysOf.ts'
import type { MandateCheck, MandateRefusalCode } from './MandateCheck.ts'

export type Ap2MandateCheckOptions = Readonly<{
  /** The store's public signing keys (its profile's `signing_keys`). */
  signingKeys: () => readonly Readonly<Record<string, unknown>>[]
  /** The store's base URL: the closed mandate's `aud`. */
  businessUrl: () => string
}>

/** @example startStore({ mandateCheck: createAp2MandateCheck({ signingKeys: () => [key.publicJwk], businessUrl: () => url }) }) */
export function createAp2MandateCheck(options: Ap2MandateCheckOptions): MandateCheck {
  return async ({ checkout, checkoutMandate, platformProfile }) => {
    try {
      const chain = await verifyAp2CheckoutMandate({ checkoutMandate, platformSigningKeys: platformSigningKeysOf(platformProfile), merchantSigningKeys: options.signingKeys(), business: options.businessUrl() })
      if (checkoutDigestOf(chain.checkout) !== checkoutDigestOf(checkout))
        return { ok: false, code: 'mandate_scope_mismatch', reason: 'the mandate closes on a state of the checkout other than the session\'s current one' }
      return { ok: true }
    } catch (error) {
      if (error instanceof Ap2MandateError) return { ok: false, code: error.ucpError as MandateRefusalCode, reason: `${error.code}: ${error.message}` }
      throw error
    }
  }
}
