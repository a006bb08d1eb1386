import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { addressOf } from '../testing/shardFixture.ts'
import { transactionEvidence } from './transactionEvidence.ts'

test('guardrails see a mandate payment as the payer paying its amount of its token to the payee', () => {
  const [user, store, mint] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  const payment = (token: string) => ({ MandatePayment: { debited: addressOf(user), credited: addressOf(store, 2), token, amount: 1999n, proof_bundle: {} } })
  const common = { kind: 'MandatePayment', signer: user.ownerId, debited: addressOf(user), credited: addressOf(store, 2), credited_shard: 2n, nft_count: 0n }
  assert.deepEqual(transactionEvidence({ verifiable: payment(addressOf(mint)), state_diffs: [] }), { ...common, native_amount: 0n, token: addressOf(mint), token_count: 1n, amount: 1999n })
  assert.deepEqual(transactionEvidence({ verifiable: payment('native'), state_diffs: [] }), { ...common, native_amount: 1999n, token: '', token_count: 0n, amount: 0n })
})
