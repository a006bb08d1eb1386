// The conformance suite's payment handler (conformance mode only, never in a real store): the
// instruments of test_data/flower_shop/payment_instruments.csv name it. A token credential
// `success_token` is applied and `fail_token` declined; a bound token must be bound to this
// checkout; a card credential (`type: "card"`, the suite's raw card test) is applied. Nothing is
// charged anywhere: this handler exists to run the suite.
import { randomUUID } from 'node:crypto'
import { UCP_VERSION } from '@verity/wire'
import type { PaymentHandler } from '../payment/PaymentHandler.ts'

export const MOCK_PAYMENT_HANDLER_ID = 'mock_payment_handler'

export function createMockPaymentHandler(): PaymentHandler {
  return {
    name: 'dev.ucp.conformance.mock_payment',
    declaration: { id: MOCK_PAYMENT_HANDLER_ID, version: UCP_VERSION, config: { test_only: true } },
    async authorize({ checkout, instrument }) {
      const credential = (instrument.credential ?? {}) as { type?: string; token?: unknown; binding?: { checkout_id?: unknown } }
      if (credential.type === 'card') return { status: 'applied', reference: `mock_${randomUUID()}` }
      if (credential.type !== 'token') return { status: 'declined', code: 'payment_failed', reason: `credential type ${JSON.stringify(credential.type)} is not token or card` }
      if (credential.binding?.checkout_id !== undefined && credential.binding.checkout_id !== checkout.id) {
        return { status: 'declined', code: 'payment_failed', reason: 'the token is bound to another checkout' }
      }
      if (credential.token === 'success_token') return { status: 'applied', reference: `mock_${randomUUID()}` }
      return { status: 'declined', code: 'payment_failed', reason: credential.token === 'fail_token' ? 'the card was declined (fail_token)' : 'unknown test token' }
    },
  }
}
