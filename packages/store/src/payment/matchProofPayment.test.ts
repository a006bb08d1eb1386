// A payment stands for a checkout only when it is exactly the payment of the proof shown.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { PaymentView } from '@verity/sdk'
import { matchProofPayment, type ExpectedProofPayment } from './matchProofPayment.ts'

const expected: ExpectedProofPayment = { payerOwnerId: 'user', intentDigest: 'intent-digest', evidenceDigest: 'evidence-digest', credited: 'store,1', token: 'usd,1', amount: 2499n }
const paid = (overrides: Partial<PaymentView> = {}): PaymentView => ({
  intent_id: 'U',
  intent_digest: 'intent-digest',
  evidence_digest: 'evidence-digest',
  payer: 'user',
  debited: 'user,1',
  credited: 'store,1',
  token: 'usd,1',
  amount: 2499n,
  applied_at_ms: 1,
  sdl: null,
  ...overrides,
})

test('the exact payment of the proof stands for the checkout; no payment is none', () => {
  assert.deepEqual(matchProofPayment([paid()], expected), { kind: 'this' })
  assert.deepEqual(matchProofPayment([], expected), { kind: 'none' })
})

test('a payment under the same id by another signed intent, or by another payer, is not this intent\'s: none', () => {
  assert.deepEqual(matchProofPayment([paid({ intent_digest: 'another-intent-same-id' })], expected), { kind: 'none' })
  assert.deepEqual(matchProofPayment([paid({ payer: 'attacker' })], expected), { kind: 'none' })
  assert.deepEqual(matchProofPayment([paid({ intent_digest: null })], expected), { kind: 'none' })
})

test('the same signed intent paid something else: other, naming what differs', () => {
  const reasonOf = (overrides: Partial<PaymentView>) => {
    const match = matchProofPayment([paid(overrides)], expected)
    assert.equal(match.kind, 'other')
    return (match as { reason: string }).reason
  }
  assert.match(reasonOf({ evidence_digest: 'other-evidence' }), /another proof/)
  assert.match(reasonOf({ credited: 'attacker,1' }), /attacker,1, not this store's vault store,1/)
  assert.match(reasonOf({ token: 'fake,1' }), /token fake,1/)
  assert.match(reasonOf({ amount: 2400n }), /2400, not this checkout's total 2499/)
})
