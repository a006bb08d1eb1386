// The store's payment seam (docs/ucp.md, "Payment handlers"): a checkout completes, and its order
// is placed, only after the payment handler its instrument names says the payment is applied.
import type { Static, UcpCheckout, UcpPaymentHandler, UcpPaymentInstrument } from '@verity/wire'

/** A checkout as the store answers it (checkout.json with fulfillment, discounts, buyer consent and `ap2`). */
export type Checkout = Static<typeof UcpCheckout>
/** A payment instrument of a complete request (payment_instrument.json; `credential` is handler-specific). */
export type PaymentInstrument = Static<typeof UcpPaymentInstrument>
/** How a handler is listed in the business profile (`ucp.payment_handlers[name][]`). */
export type PaymentHandlerDeclaration = Static<typeof UcpPaymentHandler>

/** What a handler is asked to charge. */
export type PaymentRequest = Readonly<{
  /**
   * The checkout as the store answers it at this moment, signed: `ap2.merchant_authorization` is
   * the store's JWS over it (packages/core `verifyMerchantAuthorization`). Its `totals` entry of
   * type `total` is what to charge, in `currency` minor units (also given as `amountMinor`).
   */
  checkout: Checkout
  /** The instrument of the complete request whose `handler_id` is this handler's `declaration.id`. */
  instrument: PaymentInstrument
  amountMinor: number
  currency: string
  /** `ap2.checkout_mandate` of the complete request, when AP2 is active for the session (already passed the MandateCheck). */
  checkoutMandate: string | undefined
  /** The platform profile URL of the request (`UCP-Agent`), or undefined when it could not be used. */
  platformProfileUrl: string | undefined
  /** That profile as the store fetched it (its `signing_keys` sign AP2 open mandates), or undefined when it could not be used. */
  platformProfile?: Readonly<Record<string, unknown>> | undefined
}>

/**
 * A handler's answer. `applied`: the money moved (or is irrevocably committed) to the store;
 * the store places the order. `declined`: nothing moved; the store answers 402 with `code` and
 * `reason` and places no order; the checkout can be completed again with another instrument.
 */
export type PaymentResult =
  | Readonly<{ status: 'applied'; /** the handler's reference of the payment (a transaction id), kept on the order */ reference: string }>
  | Readonly<{ status: 'declined'; /** a UCP error code (snake_case), e.g. `payment_declined` */ code: string; reason: string }>

/**
 * A payment handler the store can complete checkouts with.
 *
 * Contract:
 * - `authorize` is called at most once at a time per checkout (the store serializes a session's
 *   mutations), after every other check of the complete request has passed.
 * - It MUST be idempotent per `checkout.id`: if the store stops after `applied` but before it has
 *   recorded the order, the retried complete calls `authorize` again for the same checkout, and
 *   the handler must answer the same `applied` without charging twice.
 * - Throwing means "outcome unknown": the checkout stays `complete_in_progress` (only a retried
 *   complete can move it on) and the request is answered 502 (PAYMENT_HANDLER_FAILED, UCP code `payment_failed`).
 */
export interface PaymentHandler {
  /** Reverse-domain name the profile lists it under, e.g. `dev.verity.domain`. */
  readonly name: string
  /** Its profile entry; `declaration.id` is what an instrument's `handler_id` names. */
  readonly declaration: PaymentHandlerDeclaration
  authorize(request: PaymentRequest): Promise<PaymentResult>
}
