import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { deriveAp2MandateKey, deriveUcpRequestKey, Ed25519Signer, formatAddress } from '@verity/core'
import { Ap2MandateError, type Ap2RefusalCode } from './Ap2MandateError.ts'
import type { VerityCheckoutAuthorization } from './evaluateVerityConstraint.ts'
import { bindMandateKey } from './agentBinding.ts'
import { closeCheckoutMandate, issueOpenCheckoutMandate, issuePaymentMandate } from './issueMandates.ts'
import { peekVerityConstraint } from './peekVerityConstraint.ts'
import { verifyPaymentMandate } from './verifyPaymentMandate.ts'

const [agent, stranger, store] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
const payee = formatAddress(store.ownerId, 1)
const intentId = randomUUID()
const CHECKOUT_HASH = 'q'.repeat(43)
const OPEN_CHECKOUT_HASH = 'o'.repeat(43)
const platformKey = deriveUcpRequestKey(agent)

/** What evaluateVerityConstraint returns for a checkout of 2499 USD at the store (the payment mandate is checked against it). */
const authorized = {
  intentId,
  agentPublicKey: agent.publicKeyBase58,
  mandateKey: deriveAp2MandateKey(agent).publicJwk,
  openCheckoutHash: OPEN_CHECKOUT_HASH,
  platformSigningKeys: [platformKey.publicJwk],
  checkoutHash: CHECKOUT_HASH,
  checkoutFacts: { id: 'chk_1', status: 'ready_for_complete', currency: 'USD', totalCents: 2499n, lines: [], payee, payeeToken: 'native' },
  payment: { payee },
  business: 'http://127.0.0.1:8095',
} as unknown as VerityCheckoutAuthorization

const mandate = (overrides: { signer?: Ed25519Signer; platform?: Ed25519Signer; openCheckoutHash?: string; amount?: bigint; checkoutHash?: string; payee?: string; intentId?: string; audience?: string } = {}) =>
  issuePaymentMandate({ platformKey: deriveUcpRequestKey(overrides.platform ?? agent), mandateKey: deriveAp2MandateKey(overrides.signer ?? agent), openCheckoutHash: overrides.openCheckoutHash ?? OPEN_CHECKOUT_HASH, checkoutHash: overrides.checkoutHash ?? CHECKOUT_HASH, payee: { id: overrides.payee ?? payee, name: 'store' }, amountCents: overrides.amount ?? 2499n, currency: 'USD', intentId: overrides.intentId ?? intentId, audience: overrides.audience ?? 'http://127.0.0.1:8095' })

async function refused(token: unknown, code: Ap2RefusalCode, message: RegExp): Promise<void> {
  await assert.rejects(verifyPaymentMandate(token, authorized), (error: unknown) => {
    assert.ok(error instanceof Ap2MandateError, String(error))
    assert.equal(error.code, code)
    assert.match(error.message, message)
    return true
  })
}

test('a Payment Mandate in AP2\'s autonomous shape (open by the platform, closed by the agent\'s mandate key) paying the checkout total to the proven payee with the intent is accepted', async () => {
  const accepted = await verifyPaymentMandate(await mandate(), authorized)
  assert.deepEqual(accepted.payment_instrument, { id: intentId, type: 'dev.verity.mandate_payment', description: `Verity intent ${intentId}` })
  assert.deepEqual(accepted.payment_amount, { amount: 2499, currency: 'USD' })
})

test('another signer, another checkout, amount, payee or intent, or no token at all is refused, naming why', async () => {
  await refused(await mandate({ signer: stranger }), 'AP2_MANDATE_SIGNATURE_INVALID', /binds another key \(cnf\) than the Checkout Mandate/)
  await refused(await mandate({ platform: stranger }), 'AP2_PLATFORM_KEY_UNKNOWN', /does not list in signing_keys/)
  await refused(await mandate({ openCheckoutHash: 'x'.repeat(43) }), 'AP2_CONSTRAINT_UNRESOLVED', /payment.reference: the open Payment Mandate refers to another open Checkout Mandate/)
  await refused(await mandate({ checkoutHash: 'z'.repeat(43) }), 'AP2_CHECKOUT_HASH_MISMATCH', /pays another checkout/)
  await refused(await mandate({ amount: 1n }), 'VERITY_CHECKOUT_MISMATCH', /pays 1 USD, the checkout's total is 2499 USD/)
  await refused(await mandate({ payee: formatAddress(stranger.ownerId, 1) }), 'VERITY_CHECKOUT_MISMATCH', /the proven payee is/)
  await refused(await mandate({ intentId: randomUUID() }), 'VERITY_INTENT_MISMATCH', /payment instrument is intent/)
  await refused(undefined, 'AP2_MANDATE_MALFORMED', /carries no payment mandate/)
  await refused(await mandate({ audience: 'https://some-other-shop.example' }), 'AP2_AUDIENCE_MISMATCH', /Payment Mandate is made out to "https:\/\/some-other-shop.example"/)
  await refused(await mandate({ audience: 'http://127.0.0.1:8096' }), 'AP2_AUDIENCE_MISMATCH', /not to this business/)
})

test('peekVerityConstraint reads the intent a chain names without verifying, and nothing from anything else', async () => {
  const mandateKey = deriveAp2MandateKey(agent)
  const constraint = { type: 'dev.verity.intent' as const, orchestrator: 'http://127.0.0.1:8080', intent_id: intentId, template_id: store.ownerId, agent_binding: bindMandateKey(agent, intentId, mandateKey.publicJwk) }
  const checkout = { id: 'chk_1', line_items: [{ id: 'li_1', item: { id: 'tee', title: 'Tee' }, quantity: 1 }], ap2: { merchant_authorization: 'eyJhbGciOiJFUzI1NiJ9..c2ln' } }
  const openMandate = await issueOpenCheckoutMandate({ platformKey, mandateKey: mandateKey.publicJwk, checkout, verity: constraint })
  const { checkoutMandate } = await closeCheckoutMandate({ openMandate, checkout, mandateKey, audience: 'http://127.0.0.1:8095' })
  assert.deepEqual(await peekVerityConstraint(checkoutMandate), constraint)
  assert.equal(await peekVerityConstraint(openMandate), undefined, 'an open mandate alone is no chain')
  assert.equal(await peekVerityConstraint('a.b.c~~d.e.f~'), undefined)
  assert.equal(await peekVerityConstraint(42), undefined)
})
