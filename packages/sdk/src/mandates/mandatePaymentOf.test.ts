import { test } from 'node:test'
import assert from 'node:assert/strict'
import { canonicalJsonBytes, Ed25519Signer, formatAddress } from '@verity/core'
import { MalformedProofBundleError } from '../proofs/proofErrors.ts'
import { mandatePaymentOf } from './mandatePaymentOf.ts'

const user = Ed25519Signer.generate()
const store = Ed25519Signer.generate()
const payee = formatAddress(store.ownerId, 2)

function bundle(fields: Record<string, unknown>, evidence: Record<string, unknown>): Record<string, unknown> {
  const payload = { id: 'intent-1', template_id: store.ownerId, attrs: { fields } }
  return { signed_intent: { payload, signature: user.sign(canonicalJsonBytes(payload)) }, evidence }
}

test('the payment of a bundle: the price of the token, from the signer on the payee\'s shard, to the payee', () => {
  const proof = bundle({ payment_token: 'native', max_price_cents: 2500, payment_deadline_ms: 1 }, { price_cents: 1800, payee })
  assert.deepEqual(mandatePaymentOf(proof), { debited: formatAddress(user.ownerId, 2), credited: payee, token: 'native', amount: 1800n, proof_bundle: proof })
})

test('a sealed intent signs no payment_token: the payment is in evidence.payee_token, the token its proof shows equal to the committed one', () => {
  const payload = { id: 'intent-1', template_id: store.ownerId, sealed: { commitments: { policy: `0x${'1'.repeat(64)}` }, disclosed: { fields: { payment_deadline_ms: 1 } } } }
  const sealed = (evidence: Record<string, unknown>) => ({ signed_intent: { payload, signature: user.sign(canonicalJsonBytes(payload)) }, evidence })
  const proof = sealed({ price_cents: 1800, payee, payee_token: 'usd' })
  assert.deepEqual(mandatePaymentOf(proof), { debited: formatAddress(user.ownerId, 2), credited: payee, token: 'usd', amount: 1800n, proof_bundle: proof })
  assert.throws(() => mandatePaymentOf(sealed({ price_cents: 1800, payee })), /evidence\.payee_token is missing/)
})

test('a bundle without a payment field, or with a payee that is not an address, is refused before anything is sent', () => {
  assert.throws(() => mandatePaymentOf(bundle({ max_price_cents: 2500 }, { price_cents: 1800, payee })), (error: unknown) => {
    assert.ok(error instanceof MalformedProofBundleError)
    assert.match(error.message, /intent\.payment_token is missing: the template is not payable/)
    return true
  })
  assert.throws(() => mandatePaymentOf(bundle({ payment_token: 'native' }, { price_cents: 1800, payee: 'the store' })), /evidence\.payee "the store" is not a domain address/)
  assert.throws(() => mandatePaymentOf(bundle({ payment_token: 'native' }, { price_cents: '18', payee })), /evidence\.price_cents must be an int/)
})
