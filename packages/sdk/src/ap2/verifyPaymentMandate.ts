import { Ap2OpenPaymentMandate, Ap2PaymentMandate, type Static } from '@verity/wire'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { checkPaymentConstraints } from './ap2Constraints.ts'
import { checkMandateAudience } from './checkMandateAudience.ts'
import { checkBinding, contentOf, rootKeyOf, splitChain, verifyHop } from './mandateHops.ts'
import { thumbprintOf } from './sdJwtKeys.ts'
import type { VerityCheckoutAuthorization } from './evaluateVerityConstraint.ts'

/**
 * Verifies the Payment Mandate chain (`payment.instruments[*].credential.token`, AP2's autonomous
 * shape `<open Payment Mandate>~<closed Payment Mandate>`) of a checkout the Verity constraint
 * authorized: the open one signed by the same platform key set and bound to the same mandate key
 * (`cnf`), its AP2 constraints met (`payment.reference` = the open Checkout Mandate); the closed one
 * signed by that key, made out to the business (`aud`), its `transaction_id` the closed Checkout
 * Mandate's `checkout_hash`, paying the checkout's total in its currency to the proven payee, with
 * the intent's mandate payment as instrument. Throws Ap2MandateError.
 */
export async function verifyPaymentMandate(token: unknown, authorized: VerityCheckoutAuthorization): Promise<Static<typeof Ap2PaymentMandate>> {
  if (typeof token !== 'string' || token.length === 0) throw mismatch('AP2_MANDATE_MALFORMED', 'the payment instrument carries no payment mandate (credential.token)')
  const { open, closed } = splitChain(token, 'the payment mandate')
  const openHop = await verifyHop(open, rootKeyOf(open, authorized.platformSigningKeys), 'the open Payment Mandate is not signed by the platform key its kid names')
  const openContent = contentOf(openHop.payload, Ap2OpenPaymentMandate, 'the open Payment Mandate')
  if (thumbprintOf(openContent.cnf.jwk) !== thumbprintOf(authorized.mandateKey))
    throw mismatch('AP2_MANDATE_SIGNATURE_INVALID', 'the open Payment Mandate binds another key (cnf) than the Checkout Mandate')
  const closedHop = await verifyHop(closed, openContent.cnf.jwk, 'the payment mandate is not signed by the agent\'s mandate key of the checkout mandate')
  checkBinding(open, closedHop, 'Payment Mandate')
  checkMandateAudience('Payment Mandate', closedHop.payload['aud'], authorized.business)
  const mandate = contentOf(closedHop.payload, Ap2PaymentMandate, 'the payment mandate')
  checkPaymentConstraints(openContent.constraints as Record<string, unknown>[], mandate, authorized.openCheckoutHash)
  const facts = authorized.checkoutFacts
  if (mandate.transaction_id !== authorized.checkoutHash) throw mismatch('AP2_CHECKOUT_HASH_MISMATCH', 'the payment mandate pays another checkout (transaction_id is not the checkout_hash)')
  if (BigInt(mandate.payment_amount.amount) !== facts.totalCents || mandate.payment_amount.currency !== facts.currency)
    throw mismatch('VERITY_CHECKOUT_MISMATCH', `the payment mandate pays ${mandate.payment_amount.amount} ${mandate.payment_amount.currency}, the checkout's total is ${facts.totalCents} ${facts.currency}`)
  if (mandate.payee.id !== authorized.payment.payee) throw mismatch('VERITY_CHECKOUT_MISMATCH', `the payment mandate pays ${mandate.payee.id}, the proven payee is ${authorized.payment.payee}`)
  if (mandate.payment_instrument.id !== authorized.intentId) throw mismatch('VERITY_INTENT_MISMATCH', `the payment instrument is intent ${mandate.payment_instrument.id}, the mandate's is ${authorized.intentId}`)
  return mandate
}

function mismatch(code: ConstructorParameters<typeof Ap2MandateError>[0]['code'], reason: string): Ap2MandateError {
  return new Ap2MandateError({ code, reason })
}
