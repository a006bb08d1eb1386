import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { checkStateDiffs } from './checkStateDiffs.ts'
import { submitBatch } from './executeBatch.ts'
import { NonceMismatchError, OverdraftError, StateDiffMismatchError } from '../errors/ledgerErrors.ts'
import { addressOf, createFungible, debit, run, shardWithNative, TEST_SHARD } from '../testing/shardFixture.ts'
import type { StateDiff } from '../wire/StateDiff.ts'

const alice = Ed25519Signer.generate()
const bob = Ed25519Signer.generate()
const carol = Ed25519Signer.generate()
const issuer = Ed25519Signer.generate()
const A = addressOf(alice)
const B = addressOf(bob)
const C = addressOf(carol)
const M = addressOf(issuer)

const move = (from: string, to: string, token: string, amount: bigint): StateDiff[] => [
  { address: from, operation: { TokenDiffs: { [token]: { Fungible: -amount } } } },
  { address: to, operation: { TokenDiffs: { [token]: { Fungible: amount } } } },
]

describe('caller-computed diffs (/intents/submit)', () => {
  const ledger = shardWithNative({ [A]: 100n })
  const allowance = debit(alice, 1n, B, { native: { Fungible: 40n } })

  test('the full allowance, a part of it, or nothing are lawful', () => {
    checkStateDiffs(ledger, allowance, move(A, B, 'native', 40n), TEST_SHARD)
    checkStateDiffs(ledger, allowance, move(A, B, 'native', 15n), TEST_SHARD)
    checkStateDiffs(ledger, allowance, [], TEST_SHARD)
    const result = submitBatch(ledger, [{ verifiable: allowance, state_diffs: move(A, B, 'native', 15n) }], TEST_SHARD)
    assert.equal(result.vaults.get(A)?.balance, 85n)
  })

  test('diffs that differ from the laws are refused', () => {
    const refuse = (diffs: StateDiff[]) => assert.throws(() => checkStateDiffs(ledger, allowance, diffs, TEST_SHARD), StateDiffMismatchError)
    refuse(move(A, B, 'native', 41n)) // beyond the allowance
    refuse(move(A, C, 'native', 10n)) // to someone else than `credited`
    refuse(move(B, A, 'native', 10n)) // from a vault the signer does not own
    refuse([move(A, B, 'native', 10n)[0]!, { address: B, operation: { TokenDiffs: { native: { Fungible: 11n } } } }]) // credits more than debited
    refuse([...move(A, B, 'native', 10n), ...move(A, C, 'native', 1n)]) // an extra diff
    refuse(move(A, B, M, 10n)) // a token not in the allowance
    refuse([{ address: A, operation: { FungibleTokenMint: { IncreaseSupply: 5n } } }]) // a mint from a debit allowance
  })

  test('mint diffs must be exactly the default ones', () => {
    const fresh = shardWithNative({})
    const mint = createFungible(issuer, 1n, [{ address: A, amount: 10n }])
    const lawful: StateDiff[] = [
      { address: M, operation: { FungibleTokenMint: { Create: { metadata: { name: 'Test token', symbol: 'TST' }, supply: 10n } } } },
      { address: A, operation: { TokenDiffs: { [M]: { Fungible: 10n } } } },
    ]
    checkStateDiffs(fresh, mint, lawful, TEST_SHARD)
    const inflated = structuredClone(lawful)
    inflated[1] = { address: A, operation: { TokenDiffs: { [M]: { Fungible: 11n } } } }
    assert.throws(() => checkStateDiffs(fresh, mint, inflated, TEST_SHARD), StateDiffMismatchError)
  })

  test('lawful diffs still obey nonces and balances', () => {
    const poor = shardWithNative({ [A]: 5n })
    assert.throws(() => checkStateDiffs(poor, allowance, move(A, B, 'native', 10n), TEST_SHARD), OverdraftError)
    const used = shardWithNative({ [A]: 100n })
    run(used, [allowance])
    assert.throws(() => checkStateDiffs(used, allowance, move(A, B, 'native', 10n), TEST_SHARD), NonceMismatchError)
  })
})
