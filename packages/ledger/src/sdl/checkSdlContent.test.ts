import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { checkSdlContent } from './checkSdlContent.ts'
import { InvalidSignatureError } from '@verity/core'
import { StateDiffMismatchError, WrongShardError } from '../errors/ledgerErrors.ts'
import { addressOf, debit, run, shardWithNative, TEST_SHARD, OTHER_SHARD } from '../testing/shardFixture.ts'
import type { SdlContent } from './SdlContent.ts'

const alice = Ed25519Signer.generate()
const A = addressOf(alice)
const B = addressOf(Ed25519Signer.generate())

function contentOf(): SdlContent {
  const ledger = shardWithNative({ [A]: 100n })
  const result = run(ledger, [debit(alice, 1n, B, { native: { Fungible: 10n } }), debit(alice, 2n, B, { native: { Fungible: 5n } })])
  const root = `0x${'0'.repeat(64)}`
  return { shard: TEST_SHARD, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: result.transactions, root_before: root, root_after: root }
}

test('checkSdlContent: the stateless laws of an SDL, with the offending transaction index', () => {
  checkSdlContent(contentOf())

  const forged = contentOf()
  const payload = (forged.transactions[1]!.verifiable as { DebitAllowance: { payload: { auxiliary: number[] } } }).DebitAllowance.payload
  payload.auxiliary = [1]
  assert.throws(() => checkSdlContent(forged), (e: Error) => e instanceof InvalidSignatureError && (e as InvalidSignatureError).index === 1)

  const inflated = contentOf()
  inflated.transactions[0]!.state_diffs[1] = { address: B, operation: { TokenDiffs: { native: { Fungible: 11n } } } }
  assert.throws(() => checkSdlContent(inflated), StateDiffMismatchError)

  const elsewhere = contentOf()
  elsewhere.shard = OTHER_SHARD
  assert.throws(() => checkSdlContent(elsewhere), WrongShardError)

  const debitIn = contentOf()
  debitIn.incoming_credits.credits.push({ address: A, operation: { TokenDiffs: { native: { Fungible: -3n } } } })
  assert.throws(() => checkSdlContent(debitIn), StateDiffMismatchError)
})
