// The demo store's `dev.verity.domain` payment handler (docs/ap2-verity-constraint.md): the
// instrument is a Verity intent's mandate payment (AP2 Payment Instrument `dev.verity.mandate_payment`),
// authorized by an AP2 Checkout Mandate chain whose constraint is the intent's proof. The store's
// MandateCheck evaluates the chain (the proof bundle read from an allowed orchestrator); the handler
// checks again with the Payment Mandate, and has the domain apply the payment before the store
// places the order. A payment counts for a checkout only when the domain lists exactly the payment
// of the proof the closed mandate names (matchProofPayment): never by intent id alone.
import { checkoutDigestOf } from '@verity/core'
import { Ap2MandateError, ApiError, authorizeVerityCheckout, DomainClient, evaluateVerityConstraint, fetchVerityProofBundle, mandateIdentityOf, payMandate, peekVerityConstraint, verifyPaymentMandate, type PaymentView, type VerityCheckoutAuthorization, type VerityCheckoutPayment } from '@verity/sdk'
import { matchProofPayment, type ExpectedProofPayment, type ProofPaymentMatch } from './matchProofPayment.ts'
import { UCP_VERSION, UCP_VERITY_PAYMENT_HANDLER, VERITY_PAYMENT_INSTRUMENT_TYPE } from '@verity/wire'
import type { MandateCheck, MandateVerdict } from '../checkout/payment/MandateCheck.ts'
import { platformSigningKeysOf } from '../checkout/platform/platformSigningKeysOf.ts'
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
/** Payments of one signed intent read from the domain: one is all it can pay (its spent-set key), a few cover a domain that recorded the same intent before. */
export const PAYMENTS_OF_INTENT_MAX = 10

/**
 * The handler and the MandateCheck of Verity payments, sharing what they learn of a complete (the
 * proof bundle of a checkout's intent is fetched once).
 * @example const verity = createVerityDomainPayment({ payee, token, domainUrl, businessUrl, signingKeys, orchestratorsAllowed, trustedExtractorKeys, verifier })
 *          await startStore({ …, paymentHandlers: [verity.handler], mandateCheck: verity.mandateCheck })
 */
export function createVerityDomainPayment(options: VerityDomainPaymentOptions): VerityDomainPayment {
  const domain = () => new DomainClient(options.domainUrl())
  const authorize = (request: { checkout: Record<string, unknown>; checkoutMandate: unknown; paymentMandate?: unknown; proofBundle: unknown; platformProfile: unknown }) =>
    authorizeVerityCheckout({
      session: request.checkout,
      checkoutMandate: request.checkoutMandate,
      paymentMandate: request.paymentMandate,
      merchantSigningKeys: options.signingKeys,
      platformSigningKeys: platformSigningKeysOf(request.platformProfile),
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

  /** The proof bundle of the intent the checkout mandate names (from an allowed orchestrator). */
  async function bundleOf(checkoutMandate: unknown): Promise<unknown> {
    const constraint = await peekVerityConstraint(checkoutMandate)
    if (constraint === undefined) throw new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason: 'the checkout mandate names no Verity intent (dev.verity.intent)' })
    return fetchVerityProofBundle(constraint, { orchestratorsAllowed: options.orchestratorsAllowed })
  }

  /** The payment the proof must have made for this checkout: its own, to this store, of the checkout's total. */
  function expectedOf(authorized: VerityCheckoutAuthorization): ExpectedProofPayment {
    const facts = authorized.payment
    if (facts.payee !== options.payee || facts.acceptedToken !== options.token)
      throw new Ap2MandateError({ code: 'VERITY_CHECKOUT_MISMATCH', reason: `the proof pays ${facts.payee} in ${facts.acceptedToken}; this store is paid to ${options.payee} in ${options.token}` })
    if (authorized.checkoutFacts.totalCents === undefined) throw new Ap2MandateError({ code: 'VERITY_CHECKOUT_MISMATCH', reason: 'the checkout has no total' })
    const { payerOwnerId, intentDigest, evidenceDigest } = facts
    return { payerOwnerId, intentDigest, evidenceDigest, credited: options.payee, token: options.token, amount: authorized.checkoutFacts.totalCents }
  }

  /** Whether the domain holds the payment of this proof (`this`), another payment of its signed intent (`other`), or none. */
  async function priorPaymentOf(expected: ExpectedProofPayment): Promise<ProofPaymentMatch> {
    return matchProofPayment(await domain().listPayments({ intentDigest: expected.intentDigest, limit: PAYMENTS_OF_INTENT_MAX }), expected)
  }

  /** The domain's payments of the proof's signed intent (one read per mandate check), or none for a bundle too malformed to name it. */
  async function paymentsOfBundle(proofBundle: unknown): Promise<PaymentView[]> {
    const identity = mandateIdentityOf(proofBundle)
    if (identity === null) return []
    const payments = await domain().listPayments({ intentDigest: identity.intentDigest, limit: PAYMENTS_OF_INTENT_MAX })
    return payments.filter((payment) => payment.payer === identity.payerOwnerId)
  }

  /** A proof's signed intent that paid already, named by the mandate for a checkout other than the one it proved: refused by name before the proof is evaluated. */
  function paidForAnotherCheckout(proofBundle: unknown, payments: readonly PaymentView[], checkout: Record<string, unknown>): string | undefined {
    if (payments.length === 0) return undefined
    const proven = ((proofBundle as { evidence?: { checkout_digest?: unknown } }).evidence ?? {}).checkout_digest
    return proven === checkoutDigestOf(checkout) ? undefined : `intent ${payments[0]!.intent_id} paid already, for another checkout`
  }

  const mandateCheck: MandateCheck = async ({ checkout, checkoutMandate, platformProfile }): Promise<MandateVerdict> => {
    try {
      const proofBundle = await bundleOf(checkoutMandate)
      const payments = await paymentsOfBundle(proofBundle)
      const used = paidForAnotherCheckout(proofBundle, payments, checkout)
      if (used !== undefined) return { ok: false, code: 'intent_already_used' as never, reason: used }
      // The Payment Mandate is the handler's to check (it comes with the instrument).
      const authorized = await evaluateVerityConstraint({
        checkoutMandate,
        proofBundle,
        merchantSigningKeys: options.signingKeys,
        platformSigningKeys: platformSigningKeysOf(platformProfile),
        business: options.businessUrl(),
        verifier: options.verifier,
        trustedExtractorKeys: options.trustedExtractorKeys,
      })
      if (checkoutDigestOf(authorized.checkout) !== checkoutDigestOf(checkout))
        return { ok: false, code: 'mandate_scope_mismatch', reason: 'VERITY_CHECKOUT_MISMATCH: the mandate closes on a state of the checkout other than the session\'s current one' }
      const prior = matchProofPayment(payments, expectedOf(authorized))
      if (prior.kind === 'other') return { ok: false, code: 'intent_already_used' as never, reason: `intent ${authorized.intentId} paid already, for something else: ${prior.reason}` }
      remember(checkoutMandate, { authorized, proofBundle })
      return { ok: true }
    } catch (error) {
      if (error instanceof Ap2MandateError) return { ok: false, code: error.ucpError as MandateVerdict extends { code: infer C } ? C : never, reason: `${error.code}: ${error.message}` }
      throw error
    }
  }

  /** The checked authorization of a complete: what the mandate check evaluated for this chain, or evaluated now. */
  async function authorizationOf(request: PaymentRequest & { checkoutMandate: string }): Promise<VerityCheckoutPayment> {
    const token = (request.instrument.credential as { token?: unknown } | undefined)?.token
    const checked = evaluated.get(request.checkoutMandate)
    if (checked !== undefined && checkoutDigestOf(checked.authorized.checkout) === checkoutDigestOf(request.checkout))
      return { ...checked.authorized, proofBundle: checked.proofBundle, paymentMandate: await verifyPaymentMandate(token, checked.authorized) }
    return authorize({ checkout: request.checkout, checkoutMandate: request.checkoutMandate, paymentMandate: token, proofBundle: await bundleOf(request.checkoutMandate), platformProfile: request.platformProfile })
  }

  /**
   * Has the domain apply the payment of the proof, unless it holds it already, and answers applied
   * only once the domain lists exactly that payment: this signed intent's, with this evidence, to
   * this store's vault, of the checkout's total. A payment of the same id (another orchestrator's
   * intent) or of the same intent for something else never stands in for it.
   */
  async function payForCheckout(authorized: VerityCheckoutPayment, expected: ExpectedProofPayment): Promise<PaymentResult> {
    const reference = referenceOf(authorized.intentId, expected.intentDigest)
    const prior = await priorPaymentOf(expected)
    if (prior.kind === 'this') return { status: 'applied', reference } // a retried complete: the same payment, never a second one
    if (prior.kind === 'other') return { status: 'declined', code: 'intent_already_used', reason: `intent ${authorized.intentId} paid already, for something else: ${prior.reason}` }
    try {
      await payMandate(domain(), authorized.proofBundle)
    } catch (error) {
      if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) throw error
      if (error.serverCode !== 'MANDATE_ALREADY_PAID') return { status: 'declined', code: 'payment_declined', reason: `the domain refused the mandate payment (${error.serverCode ?? error.status}): ${error.fields.message}` }
    }
    const after = await priorPaymentOf(expected)
    if (after.kind === 'this') return { status: 'applied', reference }
    const reason = after.kind === 'other' ? after.reason : 'the domain lists no payment of it (paid before the domain recorded digests, or not at all)'
    return { status: 'declined', code: 'intent_already_used', reason: `intent ${authorized.intentId} paid already, not with this proof for this checkout: ${reason}` }
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
      let expected: ExpectedProofPayment
      try {
        authorized = await authorizationOf({ ...request, checkoutMandate: request.checkoutMandate })
        expected = expectedOf(authorized)
      } catch (error) {
        if (error instanceof Ap2MandateError) return { status: 'declined', code: error.ucpError, reason: `${error.code}: ${error.message}` }
        throw error
      }
      return payForCheckout(authorized, expected)
    },
  }
  return { handler, mandateCheck }
}

/** The order's payment reference: the intent, and the digest that names exactly which signed intent paid. */
function referenceOf(intentId: string, intentDigest: string): string {
  return `verity-intent:${intentId}:${intentDigest}`
}
