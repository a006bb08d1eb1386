// The ledger's half of a mandate payment: given the facts of a verified bundle, the transaction
// must restate them, pays once, moves exactly its amount, and touches no nonce. (The bundle's
// proof, signature and attestation are verified by @verity/sdk: see the domain's mandate tests.)
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, isVerityError } from '@verity/core'
import { executeBatch, submitBatch, type MandateContext } from '../execution/executeBatch.ts'
import { checkMandateDeadline } from './checkMandatePayment.ts'
import { legacyMandateKey, mandateKey, type MandateFacts } from './MandateFacts.ts'
import { sdlSlotOps, SlotOpKind } from '../slots/sdlSlotOps.ts'
import { addressOf, debit, shardWithNative, TEST_SHARD } from '../testing/shardFixture.ts'
import type { VerifiableType } from '../wire/Verifiable.ts'

const user = Ed25519Signer.generate()
const store = Ed25519Signer.generate()
const other = Ed25519Signer.generate()
const U = addressOf(user)
const S = addressOf(store)
const facts: MandateFacts = { intentId: 'i-1', intentDigest: 'digest-of-i-1', evidenceDigest: 'digest-of-evidence', payerOwnerId: user.ownerId, payee: S, token: 'native', acceptedToken: 'native', priceCents: 1800n, maxPriceCents: 2500n, deadlineMs: 2_000n }

function payment(overrides: Partial<{ debited: string; credited: string; token: string; amount: bigint }> = {}): VerifiableType {
  return { MandatePayment: { debited: U, credited: S, token: 'native', amount: 1800n, proof_bundle: {}, ...overrides } }
}

function context(byIndex: Record<number, MandateFacts>, spent: string[] = []): MandateContext {
  return { facts: new Map(Object.entries(byIndex).map(([index, value]) => [Number(index), value])), isSpent: (key) => spent.includes(key) }
}

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    assert.ok(isVerityError(error))
    return error.code
  }
  assert.fail('expected a refusal')
}

describe('mandate payments in the ledger', () => {
  test('pays exactly the amount from the signer to the payee, records its key, moves no nonce', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    const result = executeBatch(ledger, [payment()], TEST_SHARD, context({ 0: facts }))
    assert.equal(result.vaults.get(U)!.balance, 3_200n)
    assert.equal(result.vaults.get(S)!.balance, 1_800n)
    assert.deepEqual(result.mandateKeys, [mandateKey(facts)])
    assert.equal(result.nonces.size, 0)
  })

  test('each mismatch with the bundle is refused with its own code', () => {
    const ledger = shardWithNative({ [U]: 5_000n, [addressOf(other)]: 5_000n })
    const refused = (tx: VerifiableType, f: MandateFacts = facts) => codeOf(() => executeBatch(ledger, [tx], TEST_SHARD, context({ 0: f })))
    assert.equal(refused(payment({ debited: addressOf(other) })), 'MANDATE_PAYER_MISMATCH')
    assert.equal(refused(payment({ credited: addressOf(other) })), 'MANDATE_PAYEE_MISMATCH')
    assert.equal(refused(payment({ token: S })), 'MANDATE_TOKEN_MISMATCH')
    assert.equal(refused(payment({ amount: 1799n })), 'MANDATE_AMOUNT_MISMATCH')
    // The intent pays in a token the payee never announced (say, one the payer minted): nothing moves.
    assert.equal(refused(payment({ token: U }), { ...facts, token: U }), 'MANDATE_TOKEN_NOT_ACCEPTED')
    assert.equal(refused(payment({ amount: 3000n }), { ...facts, priceCents: 3000n }), 'MANDATE_PRICE_ABOVE_MAX')
    assert.equal(codeOf(() => executeBatch(ledger, [payment()], TEST_SHARD)), 'MANDATE_UNVERIFIED')
    // One shard pays an intent: the payee's. A payee that is no address pays nobody.
    assert.equal(refused(payment({ credited: addressOf(store, 2) }), { ...facts, payee: addressOf(store, 2) }), 'MANDATE_SHARD_MISMATCH')
    assert.equal(refused(payment(), { ...facts, payee: 'the store' }), 'MANDATE_PAYEE_MISMATCH')
  })

  test('a token the payee does not accept is refused naming both tokens, before any balance moves', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    assert.throws(
      () => executeBatch(ledger, [payment({ token: U })], TEST_SHARD, context({ 0: { ...facts, token: U } })),
      (error: unknown) => isVerityError(error) && error.code === 'MANDATE_TOKEN_NOT_ACCEPTED' && error.message.includes(`intent.payment_token ${U} is not the token the payee accepts (evidence.payee_token native)`),
    )
    assert.equal(ledger.vaults.get(U)?.balance, 5_000n)
  })

  test('an intent pays once: spent before, or twice in one batch', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    assert.equal(codeOf(() => executeBatch(ledger, [payment()], TEST_SHARD, context({ 0: facts }, [mandateKey(facts)]))), 'MANDATE_ALREADY_PAID')
    assert.equal(codeOf(() => executeBatch(ledger, [payment(), payment()], TEST_SHARD, context({ 0: facts, 1: facts }))), 'MANDATE_ALREADY_PAID')
  })

  test('an intent spent under the legacy key (signer and id, before the digest joined it) stays spent', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    assert.equal(codeOf(() => executeBatch(ledger, [payment()], TEST_SHARD, context({ 0: facts }, [legacyMandateKey(facts)]))), 'MANDATE_ALREADY_PAID')
  })

  test('another signed intent that reuses the id (a second orchestrator) neither is refused by nor refuses the first: each signed intent pays once', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    const sameIdOtherIntent = { ...facts, intentDigest: 'digest-of-another-intent-i-1' }
    const result = executeBatch(ledger, [payment(), payment()], TEST_SHARD, context({ 0: facts, 1: sameIdOtherIntent }))
    assert.deepEqual(result.mandateKeys, [mandateKey(facts), mandateKey(sameIdOtherIntent)])
    assert.notEqual(mandateKey(facts), mandateKey(sameIdOtherIntent))
    assert.doesNotThrow(() => executeBatch(ledger, [payment()], TEST_SHARD, context({ 0: sameIdOtherIntent }, [mandateKey(facts)])))
  })

  test('a batch mixing a refused payment with a transfer applies neither; the refusal names its index', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    try {
      executeBatch(ledger, [debit(user, 1n, S, { native: { Fungible: 1n } }), payment({ amount: 1n })], TEST_SHARD, context({ 1: facts }))
      assert.fail('expected a refusal')
    } catch (error) {
      assert.ok(isVerityError(error))
      assert.equal(error.code, 'MANDATE_AMOUNT_MISMATCH')
      assert.equal(error.index, 1)
    }
    assert.equal(ledger.getVault(U)!.balance, 5_000n)
  })

  test('an overdraft is the ledger\'s usual refusal', () => {
    assert.equal(codeOf(() => executeBatch(shardWithNative({ [U]: 100n }), [payment()], TEST_SHARD, context({ 0: facts }))), 'OVERDRAFT')
  })

  test('caller diffs must be the payment\'s own', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    const wrong = [{ address: U, operation: { TokenDiffs: { native: { Fungible: -1n } } } }, { address: S, operation: { TokenDiffs: { native: { Fungible: 1n } } } }]
    assert.equal(codeOf(() => submitBatch(ledger, [{ verifiable: payment(), state_diffs: wrong }], TEST_SHARD, context({ 0: facts }))), 'STATE_DIFF_MISMATCH')
  })

  test('the deadline: refused after deadline + grace, accepted up to it', () => {
    assert.doesNotThrow(() => checkMandateDeadline(facts, 2_500, 500))
    assert.equal(codeOf(() => checkMandateDeadline(facts, 2_501, 500)), 'MANDATE_EXPIRED')
  })

  test('in an SDL a payment is a debit and a credit, without a nonce operation', () => {
    const ledger = shardWithNative({ [U]: 5_000n })
    const { transactions } = executeBatch(ledger, [payment()], TEST_SHARD, context({ 0: facts }))
    const ops = sdlSlotOps({ shard: TEST_SHARD, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions, root_before: '0x0', root_after: '0x0' })
    assert.deepEqual(ops.map((op) => op.kind), [SlotOpKind.Debit, SlotOpKind.Credit])
  })
})
