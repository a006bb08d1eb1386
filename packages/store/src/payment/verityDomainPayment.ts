// The demo store's `dev.verity.domain` payment handler (docs/ap2-verity-constraint.md): the
// instrument is a Verity intent's mandate payment (AP2 Payment Instrument `dev.verity.mandate_payment`),
// authorized by an AP2 Checkout Mandate chain whose constraint is the intent's proof. The store's
// MandateCheck evaluates the chain (the proof bundle read from an allowed orchestrator); the handler
// checks again with the Payment Mandate, refuses a second checkout of an intent that paid, and has
// the domain apply the payment before the store places the order.
import { checkoutDigestOf } from '@verity/core'
import { Ap2MandateError, ApiError, authorizeVerityCheckout, DomainClient, evaluateVerityConstraint, fetchVerityProofBundle, payMandate, peekVerityConstraint, verifyPaymentMandate, type VerityCheckoutAuthorization, type VerityCheckoutPayment } from '@verity/sdk'
import { UCP_VERSION, UCP_VERITY_PAYMENT_HANDLER, VERITY_PAYMENT_INSTRUMENT_TYPE } from '@verity/wire'
import type { MandateCheck, MandateVerdict } from '../checkout/payment/MandateCheck.ts'
import type { PaymentHandler, PaymentRequest, PaymentResult } from '../checkout/payment/PaymentHandler.ts'

/** The id of the handler instance (an instrument's `handler_id`). */
export const VERITY_DOMAIN_HANDLER_ID = 'verity_domain'

export type VerityDomainPaymentOptions = Readonly<{
  /** The store's vault (`<owner_id>,<shard>`) and the one token it accepts. */
  payee: string
  token: string
  /** The domain that holds the payee's shard: it applies the mandate payments (read at each payment: the devnet starts it after the store). */
  domainUrl: () => string
  /** The store's base URL: the proof must name it (`metadata.business`). */
  businessUrl: () => string
  /** The store's public signing keys (its profile's `signing_keys`). */
  signingKeys: readonly Readonly<Record<string, unknown>>[]
  /** Orchestrators the store reads proof bundles from (read at each complete). */
  orchestratorsAllowed: readonly string[]
  /** Extractor keys whose attestation of the evidence the store believes (as the domain's `mandates.trusted_extractor_keys`). */
  trustedExtractorKeys: readonly string[]
  verifier: Parameters<typeof authorizeVerityCheckout>[0]['verifier']
}>

export type VerityDomainPayment = { handler: PaymentHandler; mandateCheck: MandateCheck }

/** Chains the mandate check evaluated, kept for the handler of the same complete (one proof verification per complete, not two). */
export const EVALUATED_CHAINS_MAX = 256

/**
 * The handler and the MandateCheck of Verity payments, sharing what they learn of a complete (the
 * proof bundle of a checkout's intent is fetched once).
 * @example const verity = createVerityDomainPayment({ payee, token, domainUrl, businessUrl, signingKeys, orchestratorsAllowed, trustedExtractorKeys, verifier })
 *          await startStore({ …, paymentHandlers: [verity.handler], mandateCheck: verity.mandateCheck })
 */
export function createVerityDomainPayment(options: VerityDomainPaymentOptions): VerityDomainPayment {
  const domain = () => new DomainClient(options.domainUrl())
  const authorize = (request: { checkout: Record<string, unknown>; checkoutMandate: unknown; paymentMandate?: unknown; proofBundle: unknown }) =>
    authorizeVerityCheckout({
      session: request.checkout,
      checkoutMandate: request.checkoutMandate,
      paymentMandate: request.paymentMandate,
      merchantSigningKeys: options.signingKeys,
      business: options.businessUrl(),
      orchestratorsAllowed: options.orchestratorsAllowed,
      proofBundle: request.proofBundle,
      verifier: options.verifier,
      trustedExtractorKeys: options.trustedExtractorKeys,
    })

  // Keyed by the chain itself: the handler of the same complete finds what the check evaluated.
  const evaluated = new Map<string, { authorized: VerityCheckoutAuthorization; proofBundle: unknown }>()
  const remember = (chain: string, entry: { authorized: VerityCheckoutAuthorization; proofBundle: unknown }) => {
    evaluated.delete(chain)
    evaluated.set(chain, entry)
    if (evaluated.size > EVALUATED_CHAINS_MAX) evaluated.delete(evaluated.keys().next().value!)
  }

  /** The intent's proof bundle, and whether the intent paid already: for this checkout (a retried complete) or another. */
  async function priorOf(checkoutMandate: unknown, checkout: Record<string, unknown>) {
    const constraint = await peekVerityConstraint(checkoutMandate)
    if (constraint === undefined) throw new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason: 'the checkout mandate carries no dev.verity.intent constraint' })
    const proofBundle = await fetchVerityProofBundle(constraint, { orchestratorsAllowed: options.orchestratorsAllowed })
    const paid = (await domain().listPayments({ intentId: constraint.intent_id, limit: 1 })).length > 0
    const proven = ((proofBundle as { evidence?: { checkout_digest?: unknown } }).evidence ?? {}).checkout_digest
    return { intentId: constraint.intent_id, proofBundle, paid, isThisCheckout: proven === checkoutDigestOf(checkout) }
  }

  const mandateCheck: MandateCheck = async ({ checkout, checkoutMandate }): Promise<MandateVerdict> => {
    try {
      const prior = await priorOf(checkoutMandate, checkout)
      if (prior.paid && !prior.isThisCheckout) return { ok: false, code: 'intent_already_used' as never, reason: `intent ${prior.intentId} paid for another checkout already` }
      // The Payment Mandate is the handler's to check (it comes with the instrument).
      const authorized = await evaluateVerityConstraint({
        checkoutMandate,
        proofBundle: prior.proofBundle,
        merchantSigningKeys: options.signingKeys,
        business: options.businessUrl(),
        verifier: options.verifier,
        trustedExtractorKeys: options.trustedExtractorKeys,
      })
      if (checkoutDigestOf(authorized.checkout) !== checkoutDigestOf(checkout))
        return { ok: false, code: 'mandate_scope_mismatch', reason: 'VERITY_CHECKOUT_MISMATCH: the mandate closes on a state of the checkout other than the session\'s current one' }
      remember(checkoutMandate, { authorized, proofBundle: prior.proofBundle })
      return { ok: true }
    } catch (error) {
      if (error instanceof Ap2MandateError) return { ok: false, code: error.ucpError as MandateVerdict extends { code: infer C } ? C : never, reason: `${error.code}: ${error.message}` }
      throw error
    }
  }

  const handler: PaymentHandler = {
    name: UCP_VERITY_PAYMENT_HANDLER,
    declaration: { id: VERITY_DOMAIN_HANDLER_ID, version: UCP_VERSION, config: { payee: options.payee, token: options.token } },
    async authorize(request: PaymentRequest): Promise<PaymentResult> {
      if (request.instrument.type !== VERITY_PAYMENT_INSTRUMENT_TYPE)
        return { status: 'declined', code: 'payment_instrument_unsupported', reason: `the ${VERITY_DOMAIN_HANDLER_ID} handler takes instruments of type ${VERITY_PAYMENT_INSTRUMENT_TYPE}` }
      if (request.checkoutMandate === undefined)
        return { status: 'declined', code: 'mandate_required', reason: 'a Verity mandate payment is authorized by an AP2 checkout mandate whose constraint is the intent (dev.ucp.shopping.ap2_mandate must be negotiated)' }
      let authorized: VerityCheckoutPayment
      let prior
      try {
        prior = await priorOf(request.checkoutMandate, request.checkout)
        if (prior.paid && !prior.isThisCheckout) return { status: 'declined', code: 'intent_already_used', reason: `intent ${prior.intentId} paid for another checkout already` }
        const token = (request.instrument.credential as { token?: unknown } | undefined)?.token
        const checked = evaluated.get(request.checkoutMandate)
        authorized =
          checked !== undefined && checkoutDigestOf(checked.authorized.checkout) === checkoutDigestOf(request.checkout)
            ? { ...checked.authorized, proofBundle: checked.proofBundle, paymentMandate: await verifyPaymentMandate(token, checked.authorized) }
            : await authorize({ checkout: request.checkout, checkoutMandate: request.checkoutMandate, paymentMandate: token, proofBundle: prior.proofBundle })
      } catch (error) {
        if (error instanceof Ap2MandateError) return { status: 'declined', code: error.ucpError, reason: `${error.code}: ${error.message}` }
        throw error
      }
      // A retried complete of the checkout this intent paid: the same payment, never a second one.
      if (prior.paid) return { status: 'applied', reference: referenceOf(authorized.intentId) }
      try {
        await payMandate(domain(), authorized.proofBundle)
      } catch (error) {
        if (error instanceof ApiError && error.serverCode === 'MANDATE_ALREADY_PAID') return { status: 'applied', reference: referenceOf(authorized.intentId) }
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { status: 'declined', code: 'payment_declined', reason: `the domain refused the mandate payment (${error.serverCode ?? error.status}): ${error.fields.message}` }
        throw error
      }
      return { status: 'applied', reference: referenceOf(authorized.intentId) }
    },
  }
  return { handler, mandateCheck }
}

function referenceOf(intentId: string): string {
  return `verity-intent:${intentId}`
}
