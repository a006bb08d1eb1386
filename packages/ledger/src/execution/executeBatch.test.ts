import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, InvalidSignatureError, MultisigSigner, SoftwarePasskey } from '@verity/core'
import {
  MintExistsError,
  MintHolderConflictError,
  MintNotFoundError,
  NftAlreadyExistsError,
  NftNotHeldError,
  NonceMismatchError,
  OverdraftError,
  WrongShardError,
  ZeroSupplyMintError,
  LedgerLimitError,
  BalanceOverflowError,
} from '../errors/ledgerErrors.ts'
import { executeBatch } from './executeBatch.ts'
import { executeVerifiable } from './executeVerifiable.ts'
import { BATCH_LENGTH_MAX } from '../limits.ts'
import {
  addressOf,
  createFungible,
  createNfts,
  debit,
  increaseFungible,
  increaseNfts,
  nft,
  OTHER_SHARD,
  run,
  shardWithNative,
  TEST_SHARD,
} from '../testing/shardFixture.ts'
import type { VerifiableType } from '../wire/Verifiable.ts'

const alice = Ed25519Signer.generate()
const bob = Ed25519Signer.generate()
const issuer = Ed25519Signer.generate()
const A = addressOf(alice)
const B = addressOf(bob)
const M = addressOf(issuer)

function expectError(fn: () => unknown, type: new (...args: never[]) => Error, index?: number): Error {
  let caught: unknown
  try {
    fn()
  } catch (error) {
    caught = error
  }
  assert.ok(caught instanceof type, `expected ${type.name}, got ${String(caught)}`)
  if (index !== undefined) assert.equal((caught as { index?: number }).index, index)
  return caught
}

describe('global laws, each broken once', () => {
  test('a signature over different bytes is refused (InvalidSignatureError)', () => {
    const ledger = shardWithNative({ [A]: 100n })
    const v = debit(alice, 1n, B, { native: { Fungible: 10n } }) as { DebitAllowance: { payload: { content: { allowances: unknown } } } }
    v.DebitAllowance.payload.content.allowances = { native: { Fungible: 90n } }
    expectError(() => executeBatch(ledger, [v as unknown as VerifiableType], TEST_SHARD), InvalidSignatureError, 0)
  })

  test('a debit on another shard is refused (WrongShardError); so is a mint', () => {
    const ledger = shardWithNative({ [A]: 100n })
    expectError(() => executeBatch(ledger, [debit(alice, 1n, B, { native: { Fungible: 1n } }, OTHER_SHARD)], TEST_SHARD), WrongShardError, 0)
    expectError(() => executeBatch(ledger, [createFungible(issuer, 1n, [{ address: A, amount: 5n }], undefined, OTHER_SHARD)], TEST_SHARD), WrongShardError, 0)
  })

  test('a debit beyond the balance is refused (OverdraftError), native and token', () => {
    const ledger = shardWithNative({ [A]: 100n })
    const error = expectError(() => executeBatch(ledger, [debit(alice, 1n, B, { native: { Fungible: 101n } })], TEST_SHARD), OverdraftError, 0)
    assert.match(error.message, /debit of 101 native exceeds balance 100/)
    run(ledger, [createFungible(issuer, 1n, [{ address: A, amount: 5n }])])
    expectError(() => executeBatch(ledger, [debit(alice, 1n, B, { [M]: { Fungible: 6n } })], TEST_SHARD), OverdraftError, 0)
  })

  test('a credit beyond u64 is refused (BalanceOverflowError)', () => {
    const ledger = shardWithNative({ [A]: 10n, [B]: 2n ** 64n - 1n })
    expectError(() => executeBatch(ledger, [debit(alice, 1n, B, { native: { Fungible: 1n } })], TEST_SHARD), BalanceOverflowError, 0)
  })

  test('a wrong nonce is refused (NonceMismatchError): replay and gap', () => {
    const ledger = shardWithNative({ [A]: 100n })
    const first = debit(alice, 1n, B, { native: { Fungible: 10n } })
    run(ledger, [first])
    const replay = expectError(() => executeBatch(ledger, [first], TEST_SHARD), NonceMismatchError, 0) as NonceMismatchError
    assert.equal(replay.fields.nonceExpected, 2n)
    expectError(() => executeBatch(ledger, [debit(alice, 3n, B, { native: { Fungible: 1n } })], TEST_SHARD), NonceMismatchError, 0)
    assert.equal(ledger.nextNonce(alice.ownerId, TEST_SHARD), 2n)
  })

  test('debiting an NFT not held is refused (NftNotHeldError)', () => {
    const ledger = shardWithNative({})
    run(ledger, [createNfts(issuer, 1n, [{ address: A, nfts: [nft(1n)] }])])
    expectError(() => executeBatch(ledger, [debit(bob, 1n, A, { [M]: { NonFungible: [1n] } })], TEST_SHARD), NftNotHeldError, 0)
    expectError(() => executeBatch(ledger, [debit(alice, 1n, B, { [M]: { NonFungible: [2n] } })], TEST_SHARD), NftNotHeldError, 0)
  })

  test('a new mint with zero supply is refused (ZeroSupplyMintError)', () => {
    const ledger = shardWithNative({})
    expectError(() => executeBatch(ledger, [createFungible(issuer, 1n, [])], TEST_SHARD), ZeroSupplyMintError, 0)
    expectError(() => executeBatch(ledger, [createFungible(issuer, 1n, [{ address: A, amount: 0n }])], TEST_SHARD), ZeroSupplyMintError, 0)
    expectError(() => executeBatch(ledger, [createNfts(issuer, 1n, [{ address: A, nfts: [] }])], TEST_SHARD), ZeroSupplyMintError, 0)
  })

  test('a vault is never both mint and holder (MintHolderConflictError)', () => {
    const ledger = shardWithNative({})
    run(ledger, [createFungible(issuer, 1n, [{ address: A, amount: 5n }])])
    // Alice holds tokens: she cannot become a mint.
    expectError(() => executeBatch(ledger, [createFungible(alice, 1n, [{ address: B, amount: 5n }])], TEST_SHARD), MintHolderConflictError, 0)
    // The mint vault cannot receive tokens (its own included).
    expectError(() => executeBatch(ledger, [debit(alice, 1n, M, { [M]: { Fungible: 1n } })], TEST_SHARD), MintHolderConflictError, 0)
    // Native balance is not a holding: a mint vault can receive native tokens.
    const funded = shardWithNative({ [A]: 10n })
    run(funded, [createFungible(issuer, 1n, [{ address: B, amount: 5n }]), debit(alice, 1n, M, { native: { Fungible: 3n } })])
    assert.equal(funded.getVault(M)?.balance, 3n)
  })

  test('mint lifecycle errors: Create twice, IncreaseSupply without a mint, an NFT id twice', () => {
    const ledger = shardWithNative({})
    run(ledger, [createFungible(issuer, 1n, [{ address: A, amount: 5n }])])
    expectError(() => executeBatch(ledger, [createFungible(issuer, 2n, [{ address: A, amount: 5n }])], TEST_SHARD), MintExistsError, 0)
    expectError(() => executeBatch(ledger, [increaseFungible(bob, 1n, [{ address: A, amount: 5n }])], TEST_SHARD), MintNotFoundError, 0)
    expectError(() => executeBatch(ledger, [increaseNfts(issuer, 2n, [{ address: A, nfts: [nft(1n)] }])], TEST_SHARD), MintNotFoundError, 0)
    const nfts = shardWithNative({})
    run(nfts, [createNfts(issuer, 1n, [{ address: A, nfts: [nft(1n)] }])])
    expectError(() => executeBatch(nfts, [increaseNfts(issuer, 2n, [{ address: B, nfts: [nft(1n)] }])], TEST_SHARD), NftAlreadyExistsError, 0)
  })

  test('a batch longer than BATCH_LENGTH_MAX is refused', () => {
    const items = Array.from({ length: BATCH_LENGTH_MAX + 1 }, () => debit(alice, 1n, B, {}))
    expectError(() => executeBatch(shardWithNative({}), items, TEST_SHARD), LedgerLimitError)
  })
})

describe('batches', () => {
  test('atomic: a failing 3rd element leaves nothing applied, and names index 2', () => {
    const ledger = shardWithNative({ [A]: 100n })
    const before = structuredClone([...ledger.vaults])
    const batch = [
      debit(alice, 1n, B, { native: { Fungible: 10n } }),
      debit(alice, 2n, B, { native: { Fungible: 20n } }),
      debit(alice, 3n, B, { native: { Fungible: 71n } }),
    ]
    const error = expectError(() => executeBatch(ledger, batch, TEST_SHARD), OverdraftError, 2)
    assert.match(error.message, /^transaction 2: /)
    assert.deepEqual([...ledger.vaults], before)
    assert.equal(ledger.nextNonce(alice.ownerId, TEST_SHARD), 1n)
  })

  test('later elements see earlier effects: nonces n and n+1, credit then spend', () => {
    const ledger = shardWithNative({ [A]: 100n })
    const result = run(ledger, [
      debit(alice, 1n, B, { native: { Fungible: 10n } }),
      debit(alice, 2n, B, { native: { Fungible: 20n } }),
      debit(bob, 1n, A, { native: { Fungible: 25n } }),
    ])
    assert.equal(result.transactions.length, 3)
    assert.equal(ledger.getVault(A)?.balance, 95n)
    assert.equal(ledger.getVault(B)?.balance, 5n)
    assert.equal(ledger.nextNonce(alice.ownerId, TEST_SHARD), 3n)
    assert.equal(ledger.nextNonce(bob.ownerId, TEST_SHARD), 2n)
  })

  test('executeVerifiable returns the default diffs without applying them', () => {
    const ledger = shardWithNative({ [A]: 100n })
    const diffs = executeVerifiable(ledger, debit(alice, 1n, B, { native: { Fungible: 10n } }), TEST_SHARD)
    assert.deepEqual(diffs, [
      { address: A, operation: { TokenDiffs: { native: { Fungible: -10n } } } },
      { address: B, operation: { TokenDiffs: { native: { Fungible: 10n } } } },
    ])
    assert.equal(ledger.getVault(A)?.balance, 100n)
  })
})

describe('mints and transfers', () => {
  test('fungible: create, increase supply, transfer, holdings vault created on first credit', () => {
    const ledger = shardWithNative({})
    run(ledger, [
      createFungible(issuer, 1n, [{ address: A, amount: 60n }, { address: B, amount: 40n }]),
      increaseFungible(issuer, 2n, [{ address: A, amount: 5n }]),
      debit(alice, 1n, B, { [M]: { Fungible: 15n } }),
    ])
    assert.deepEqual(ledger.getVault(M)?.data, { FungibleTokenMint: { metadata: { name: 'Test token', symbol: 'TST' }, supply: 105n } })
    assert.deepEqual(ledger.getVault(A), { balance: 0n, shard: TEST_SHARD, data: { TokenHoldings: { fungibles: { [M]: 50n }, nfts: {} } } })
    assert.deepEqual(ledger.getVault(B)?.data, { TokenHoldings: { fungibles: { [M]: 55n }, nfts: {} } })
  })

  test('NFTs: create a collection, increase supply, transfer listed NFTs', () => {
    const ledger = shardWithNative({})
    run(ledger, [
      createNfts(issuer, 1n, [{ address: A, nfts: [nft(3n), nft(1n)] }]),
      increaseNfts(issuer, 2n, [{ address: A, nfts: [nft(7n)] }]),
      debit(alice, 1n, B, { [M]: { NonFungible: [7n, 1n] } }),
    ])
    const mint = ledger.getVault(M)?.data
    assert.ok(mint && 'NftMint' in mint)
    assert.deepEqual(Object.keys(mint.NftMint.collection.supply).sort(), ['1', '3', '7'])
    assert.deepEqual(ledger.getVault(A)?.data, { TokenHoldings: { fungibles: {}, nfts: { [M]: [3n] } } })
    assert.deepEqual(ledger.getVault(B)?.data, { TokenHoldings: { fungibles: {}, nfts: { [M]: [1n, 7n] } } })
  })

  test('a credit to another shard is an outgoing credit, not applied here', () => {
    const ledger = shardWithNative({ [A]: 50n })
    const remote = addressOf(bob, OTHER_SHARD)
    const result = run(ledger, [debit(alice, 1n, remote, { native: { Fungible: 20n } })])
    assert.deepEqual(result.outgoingCredits, [{ address: remote, operation: { TokenDiffs: { native: { Fungible: 20n } } } }])
    assert.equal(ledger.getVault(remote), undefined)
    assert.equal(ledger.getVault(A)?.balance, 30n)
  })

  test('passkey- and multisig-owned vaults hold, debit and mint like any other', () => {
    const passkey = SoftwarePasskey.generate()
    const multisig = new MultisigSigner({ members: [{ signer: Ed25519Signer.generate(), weight: 1 }, { signer: SoftwarePasskey.generate(), weight: 1 }], threshold: 2 })
    const P = addressOf(passkey)
    const S = addressOf(multisig)
    const ledger = shardWithNative({ [P]: 30n })
    run(ledger, [
      debit(passkey, 1n, S, { native: { Fungible: 12n } }),
      createFungible(multisig, 1n, [{ address: P, amount: 9n }]),
      debit(passkey, 2n, A, { [S]: { Fungible: 4n } }),
      debit(multisig, 2n, A, { native: { Fungible: 2n } }),
    ])
    assert.equal(ledger.getVault(P)?.balance, 18n)
    assert.equal(ledger.getVault(S)?.balance, 10n)
    assert.deepEqual(ledger.getVault(A)?.data, { TokenHoldings: { fungibles: { [S]: 4n }, nfts: {} } })
    // Only one of two members signing does not reach the threshold.
    const half = multisig.signWith(new TextEncoder().encode('x'), [0])
    const v = debit(multisig, 3n, A, { native: { Fungible: 1n } }) as { DebitAllowance: { signature: unknown } }
    v.DebitAllowance.signature = half
    expectError(() => executeBatch(ledger, [v as unknown as VerifiableType], TEST_SHARD), InvalidSignatureError, 0)
  })
})
