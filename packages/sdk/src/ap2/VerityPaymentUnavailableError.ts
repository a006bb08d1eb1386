import { VerityError } from '@verity/core'

/**
 * A business that cannot take a Verity payment: its profile or the checkout it opened does not
 * negotiate AP2 mandates (`lacks: 'ap2_mandate'`) or offers no `dev.verity.domain` payment handler
 * (`lacks: 'dev.verity.domain'`). Raised before the intent's proposal is made and before any mandate
 * is signed: nothing is spent.
 */
export class VerityPaymentUnavailableError extends VerityError {
  readonly code = 'VERITY_PAYMENT_UNAVAILABLE'
  readonly reportable = true
  constructor(readonly fields: { business: string; lacks: 'ap2_mandate' | 'dev.verity.domain'; where: 'profile' | 'checkout'; reason: string }) {
    super(`${fields.business} cannot take a Verity payment: ${fields.reason}; nothing was proposed, signed or paid. Ask the business to offer ${fields.lacks === 'ap2_mandate' ? 'the AP2 mandates extension (dev.ucp.shopping.ap2_mandate)' : 'the dev.verity.domain payment handler (docs/ap2-verity-constraint.md)'}, or buy at one that does`)
  }
}
