import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, formatAddress } from '@verity/core'
import type { SdlContent } from '@verity/ledger'
import { MandatePaymentUnsupportedError } from '../errors/evmSettlementErrors.ts'
import { sdlSettlementCall } from './sdlSettlementCall.ts'

test('an SDL holding a mandate payment is refused before anything is sent, naming the transaction', () => {
  const [user, store] = [Ed25519Signer.generate(), Ed25519Signer.generate()]
  const payment = { MandatePayment: { debited: formatAddress(user.ownerId, 1), credited: formatAddress(store.ownerId, 1), token: 'native', amount: 5n, proof_bundle: {} } }
  const content: SdlContent = {
    shard: 1,
    sequence: 1,
    previous_hash: null,
    incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] },
    transactions: [{ verifiable: payment, state_diffs: [] }],
    root_before: `0x${'0'.repeat(64)}`,
    root_after: `0x${'0'.repeat(64)}`,
  }
  assert.throws(() => sdlSettlementCall(content, [{}]), (error: unknown) => {
    assert.ok(error instanceof MandatePaymentUnsupportedError)
    assert.equal(error.code, 'EVM_MANDATE_PAYMENT_UNSUPPORTED')
    assert.equal(error.index, 0)
    return true
  })
})
