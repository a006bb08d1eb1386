import { SDJwtInstance } from '@sd-jwt/core'
import { Ap2PaymentMandate, describeUcpViolations, validateUcp, type Static } from '@verity/wire'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { checkMandateAudience } from './checkMandateAudience.ts'
import { ed25519PublicJwk, sdJwtHasher, sdJwtVerifierOf } from './sdJwtKeys.ts'
import type { VerityCheckoutAuthorization } from './evaluateVerityConstraint.ts'

/**
 * Verifies the Payment Mandate (`payment.instruments[*].credential.token`) of a checkout the
 * Verity constraint authorized: signed by the same agent key, its `transaction_id` the closed
 * Checkout Mandate's `checkout_hash`, made out to the business (`aud`), paying the checkout's total in its currency to the proven
 * payee, with the intent's mandate payment as instrument. Throws Ap2MandateError.
 */
export async function verifyPaymentMandate(token: unknown, authorized: VerityCheckoutAuthorization): Promise<Static<typeof Ap2PaymentMandate>> {
  if (typeof token !== 'string' || token.length === 0) throw mismatch('AP2_MANDATE_MALFORMED', 'the payment instrument carries no payment mandate (credential.token)')
  const instance = new SDJwtInstance({ hasher: sdJwtHasher, verifier: sdJwtVerifierOf(ed25519PublicJwk(authorized.agentPublicKey)) })
  let payload: unknown
  try {
    payload = (await instance.verify(token)).payload
  } catch (error) {
    throw mismatch('AP2_MANDATE_SIGNATURE_INVALID', `the payment mandate is not signed by the agent of the checkout mandate (${(error as Error).message})`)
  }
  checkMandateAudience('Payment Mandate', (payload as { aud?: unknown } | null)?.aud, authorized.business)
  const delegated = (payload as { delegate_payload?: unknown[] } | null)?.delegate_payload
  const checked = validateUcp(Ap2PaymentMandate, Array.isArray(delegated) ? delegated[0] : undefined)
  if (!checked.ok) throw mismatch('AP2_MANDATE_MALFORMED', `the payment mandate breaks its AP2 schema (${describeUcpViolations(checked.violations)})`)
  const mandate = checked.value
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
