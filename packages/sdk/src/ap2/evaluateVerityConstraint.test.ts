import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { generateKeyPair, exportJWK } from 'jose'
import { checkoutDigestOf, deriveAp2MandateKey, deriveUcpRequestKey, Ed25519Signer, formatAddress, signMerchantAuthorization, type MerchantSigningKey } from '@verity/core'
import { createProver, type Prover } from '@verity/prover'
import { makeMandateBundle, PAYABLE_CHECKOUT_TEMPLATE } from '../testing/makeMandateBundle.ts'
import { Ap2MandateError, type Ap2RefusalCode } from './Ap2MandateError.ts'
import { evaluateVerityConstraint } from './evaluateVerityConstraint.ts'
import { bindMandateKey } from './agentBinding.ts'
import { closeCheckoutMandate, issueOpenCheckoutMandate, issuePaymentMandate } from './issueMandates.ts'
import { readCheckoutMandate } from './readCheckoutMandate.ts'
import { verityIntentConstraintOf } from './verityIntentConstraintOf.ts'

const BUSINESS = 'http://127.0.0.1:8095'
const ORCHESTRATOR = 'http://127.0.0.1:8080'

describe('the Verity constraint of an AP2 open Checkout Mandate', () => {
  const [user, agent, otherAgent, extractor, store] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  const payee = formatAddress(store.ownerId, 1)
  let prover: Prover
  let merchantKey: MerchantSigningKey
  let publicKeys: Record<string, unknown>[]
  let checkout: Record<string, unknown>
  let bundle: Record<string, unknown>

  /** A checkout as a UCP business answers it: one tee, shipping, the dev.verity.domain handler, signed. */
  async function signedCheckout(overrides: { id?: string; total?: number; quantity?: number; payee?: string } = {}): Promise<Record<string, unknown>> {
    const total = overrides.total ?? 2499
    const body: Record<string, unknown> = {
      ucp: { version: '2026-04-08', payment_handlers: { 'dev.verity.domain': [{ id: 'verity_domain', version: '2026-04-08', config: { payee: overrides.payee ?? payee, token: 'native' } }] } },
      id: overrides.id ?? 'chk_1',
      status: 'ready_for_complete',
      currency: 'USD',
      line_items: [{ id: 'li_1', item: { id: 'tee-classic-white-m', title: 'Classic Crew Tee', price: 1999 }, quantity: overrides.quantity ?? 1, totals: [{ type: 'total', amount: 1999 }] }],
      totals: [{ type: 'subtotal', amount: 1999 }, { type: 'fulfillment', amount: total - 1999 }, { type: 'total', amount: total }],
      links: [],
    }
    return { ...body, ap2: { merchant_authorization: await signMerchantAuthorization(body, merchantKey) } }
  }

  before(async () => {
    prover = createProver({ threads: 1 })
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    merchantKey = { kid: 'store-1', alg: 'ES256', privateJwk: await exportJWK(privateKey) }
    publicKeys = [{ ...(await exportJWK(publicKey)), kid: 'store-1' }]
    checkout = await signedCheckout()
    bundle = await makeMandateBundle({
      prover,
      user,
      extractor,
      payee,
      priceCents: 2499,
      maxPriceCents: 3000,
      templateSource: PAYABLE_CHECKOUT_TEMPLATE,
      attrsExtra: { allowed_payees: [payee] },
      evidenceExtra: { checkout_digest: checkoutDigestOf(checkout) },
      metadata: { business: BUSINESS, checkout: true },
      solution: 'chk_1',
      agent,
    })
  })
  after(async () => {
    await prover?.close()
  })

  /** The platform key of the chains (the agent's request key), as the platform's profile lists it. */
  const platformKey = deriveUcpRequestKey(agent)

  type ChainOptions = { platform?: Ed25519Signer; binder?: Ed25519Signer; boundKeyOf?: Ed25519Signer; bindingOver?: Ed25519Signer; closer?: Ed25519Signer; openFor?: Record<string, unknown>; lifetimeSeconds?: number; nowMs?: number; audience?: string }

  /** A chain as the agent's client makes it; each option swaps one party for another to show what is refused. */
  async function chainFor(forCheckout: Record<string, unknown>, options: ChainOptions = {}): Promise<string> {
    const mandateKey = deriveAp2MandateKey(options.boundKeyOf ?? agent)
    const constraint = verityIntentConstraintOf(bundle.signed_intent, ORCHESTRATOR)
    const openMandate = await issueOpenCheckoutMandate({
      platformKey: deriveUcpRequestKey(options.platform ?? agent),
      mandateKey: mandateKey.publicJwk,
      checkout: options.openFor ?? forCheckout,
      verity: { ...constraint, agent_binding: bindMandateKey(options.binder ?? agent, constraint.intent_id, options.bindingOver === undefined ? mandateKey.publicJwk : deriveAp2MandateKey(options.bindingOver).publicJwk) },
      ...(options.lifetimeSeconds === undefined ? {} : { lifetimeSeconds: options.lifetimeSeconds }),
      ...(options.nowMs === undefined ? {} : { nowMs: options.nowMs }),
    })
    return (await closeCheckoutMandate({ openMandate, checkout: forCheckout, mandateKey: deriveAp2MandateKey(options.closer ?? options.boundKeyOf ?? agent), audience: options.audience ?? BUSINESS })).checkoutMandate
  }

  function evaluate(checkoutMandate: string, overrides: { business?: string; bundle?: unknown; keys?: Record<string, unknown>[]; platformKeys?: Record<string, unknown>[] } = {}) {
    return evaluateVerityConstraint({
      checkoutMandate,
      proofBundle: overrides.bundle ?? bundle,
      merchantSigningKeys: overrides.keys ?? publicKeys,
      platformSigningKeys: overrides.platformKeys ?? [platformKey.publicJwk],
      business: overrides.business ?? BUSINESS,
      verifier: prover,
      trustedExtractorKeys: [extractor.publicKeyBase58],
    })
  }

  async function refused(promise: Promise<unknown>, code: Ap2RefusalCode, message: RegExp): Promise<void> {
    await assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof Ap2MandateError, String(error))
      assert.equal(error.code, code)
      assert.match(error.message, message)
      return true
    })
  }

  test('is met by the closed mandate over the proven checkout: what is paid, by whom, to whom', async () => {
    const checkoutMandate = await chainFor(checkout)
    assert.match(checkoutMandate, /^[^~]+~[^~]+~~[^~]+(~[^~]+)+~$/)
    const authorized = await evaluate(checkoutMandate)
    assert.equal(authorized.intentId, (bundle.signed_intent as { payload: { id: string } }).payload.id)
    assert.equal(authorized.payment.priceCents, 2499n)
    assert.equal(authorized.payment.payee, payee)
    assert.equal(authorized.agentPublicKey, agent.publicKeyBase58)
    assert.equal(authorized.checkoutFacts.id, 'chk_1')
    const read = await readCheckoutMandate(checkoutMandate, [platformKey.publicJwk])
    assert.equal(read.closed.checkout_hash, authorized.checkoutHash)
    assert.deepEqual(read.checkout, checkout)
    // AP2's shape: every JWS is ES256 with a kid, the cnf key is EC P-256, the constraints are AP2's own.
    const headers = checkoutMandate.split('~').filter((part) => part.split('.').length === 3).map((jws) => JSON.parse(Buffer.from(jws.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>)
    assert.deepEqual(headers.map((header) => [header.alg, typeof header.kid]), [['ES256', 'string'], ['ES256', 'string']])
    assert.equal(headers[0]!.kid, platformKey.kid)
    assert.deepEqual(read.open.constraints.map((constraint) => constraint.type), ['checkout.line_items'])
    assert.deepEqual([read.open.cnf.jwk.kty, read.open.cnf.jwk.crv], ['EC', 'P-256'])
    const paymentMandate = await issuePaymentMandate({ platformKey, mandateKey: deriveAp2MandateKey(agent), openCheckoutHash: read.openHash, checkoutHash: authorized.checkoutHash, payee: { id: payee, name: 'Demo store' }, amountCents: 2499n, currency: 'USD', intentId: authorized.intentId, audience: BUSINESS })
    assert.match(paymentMandate, /^[^~]+~[^~]+~~[^~]+(~[^~]+)*~?$/)
  })

  test('a checkout other than the proven one is refused: another total, quantity, payee or session', async () => {
    await refused(evaluate(await chainFor(await signedCheckout({ total: 2999 }))), 'VERITY_CHECKOUT_MISMATCH', /proven price is 2499, the checkout's total is 2999/)
    await refused(evaluate(await chainFor(await signedCheckout({ quantity: 2 }))), 'VERITY_CHECKOUT_MISMATCH', /checkout differs from the one proven/)
    await refused(evaluate(await chainFor(await signedCheckout({ payee: formatAddress(agent.ownerId, 1) }))), 'VERITY_CHECKOUT_MISMATCH', /checkout pays/)
    await refused(evaluate(await chainFor(await signedCheckout({ id: 'chk_2' }))), 'VERITY_CHECKOUT_MISMATCH', /checkout differs/)
    await refused(evaluate(await chainFor(checkout, { audience: 'http://127.0.0.1:9999' }), { business: 'http://127.0.0.1:9999' }), 'VERITY_CHECKOUT_MISMATCH', /proof names business/)
  })

  test('a closed mandate made out to another business (aud) is refused before the proof is verified', async () => {
    await refused(evaluate(await chainFor(checkout, { audience: 'https://some-other-shop.example' })), 'AP2_AUDIENCE_MISMATCH', /made out to "https:\/\/some-other-shop.example", not to this business/)
    await refused(evaluate(await chainFor(checkout), { business: 'http://127.0.0.1:9999' }), 'AP2_AUDIENCE_MISMATCH', /closed Checkout Mandate is made out to/)
    // The same business spelled with a trailing slash is the same audience.
    assert.equal((await evaluate(await chainFor(checkout, { audience: `${BUSINESS}/` }))).intentId, (bundle.signed_intent as { payload: { id: string } }).payload.id)
  })

  test('every signature of the chain is checked: the platform, the agent\'s binding, the mandate key, the business', async () => {
    await refused(evaluate(await chainFor(checkout, { platform: otherAgent })), 'AP2_PLATFORM_KEY_UNKNOWN', /which the platform's profile does not list in signing_keys/)
    await refused(evaluate(await chainFor(checkout), { platformKeys: [] }), 'AP2_PLATFORM_KEY_UNKNOWN', /does not list/)
    await refused(evaluate(await chainFor(checkout, { platform: otherAgent }), { platformKeys: [{ ...platformKey.publicJwk, kid: deriveUcpRequestKey(otherAgent).kid }] }), 'AP2_MANDATE_SIGNATURE_INVALID', /open mandate is not signed by the platform key its kid names/)
    await refused(evaluate(await chainFor(checkout, { closer: otherAgent })), 'AP2_MANDATE_SIGNATURE_INVALID', /closed mandate is not signed by the key the open mandate binds/)
    // The mandate key bound by an agent the intent does not name, or a binding over another key.
    await refused(evaluate(await chainFor(checkout, { binder: otherAgent, boundKeyOf: otherAgent })), 'VERITY_AGENT_NOT_NAMED', /not one the intent names/)
    await refused(evaluate(await chainFor(checkout, { bindingOver: otherAgent })), 'VERITY_AGENT_BINDING_INVALID', /agent_binding is not agent .*'s signature over this intent and the mandate key/)
    const { publicKey } = await generateKeyPair('ES256', { extractable: true })
    await refused(evaluate(await chainFor(checkout), { keys: [{ ...(await exportJWK(publicKey)), kid: 'store-1' }] }), 'MERCHANT_AUTHORIZATION_INVALID', /signature does not verify/)
    const forged = { ...checkout, totals: [{ type: 'total', amount: 1 }] }
    await assert.rejects(chainFor(forged).then((chain) => evaluate(chain)), (error: unknown) => error instanceof Ap2MandateError && error.code === 'MERCHANT_AUTHORIZATION_INVALID')
  })

  test('AP2\'s own constraints are evaluated: a cart the open mandate\'s line_items do not allow, a merchant it does not allow', async () => {
    await refused(evaluate(await chainFor(await signedCheckout({ quantity: 2 }), { openFor: checkout })), 'AP2_CONSTRAINT_UNRESOLVED', /checkout.line_items: tee-classic-white-m \(1\) of the checkout fit no requirement/)
    const withMerchant = async (id: string) => {
      const { ap2: _ap2, ...body } = checkout
      const shown = { ...body, merchant: { id, name: 'Demo store', website: BUSINESS } }
      return { ...shown, ap2: { merchant_authorization: await signMerchantAuthorization(shown, merchantKey) } }
    }
    await refused(evaluate(await chainFor(await withMerchant('other-shop'), { openFor: await withMerchant(BUSINESS) })), 'AP2_CONSTRAINT_UNRESOLVED', /checkout.allowed_merchants: the checkout's merchant "other-shop" is not one the mandate allows/)
  })

  test('an expired open mandate, a chain without a closed mandate, a tampered proof are refused', async () => {
    await refused(evaluate(await chainFor(checkout, { lifetimeSeconds: 1, nowMs: Date.now() - 3_600_000 })), 'AP2_MANDATE_EXPIRED', /open mandate expired/)
    await refused(evaluate('eyJ.eyJ.sig~'), 'AP2_MANDATE_MALFORMED', /not an open mandate chained to a closed one/)
    const tampered = { ...bundle, evidence: { ...(bundle.evidence as object), price_cents: 1 } }
    await refused(evaluate(await chainFor(checkout), { bundle: tampered }), 'VERITY_PROOF_INVALID', /does not authorize a payment/)
  })
})
