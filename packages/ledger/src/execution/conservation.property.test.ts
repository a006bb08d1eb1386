import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Ed25519Signer, isVerityError } from '@verity/core'
import { executeBatch } from './executeBatch.ts'
import { MemoryLedger } from './MemoryLedger.ts'
import type { StateDiff } from '../wire/StateDiff.ts'
import type { VerifiableType } from '../wire/Verifiable.ts'
import { addressOf, createFungible, createNfts, debit, increaseFungible, nft, OTHER_SHARD, shardWithNative, TEST_SHARD } from '../testing/shardFixture.ts'

const users = Array.from({ length: 3 }, () => Ed25519Signer.generate())
const issuers = Array.from({ length: 2 }, () => Ed25519Signer.generate())
const everyone = [...users, ...issuers]
const remote = addressOf(Ed25519Signer.generate(), OTHER_SHARD)
const NATIVE_GENESIS = 1_000n

type Command =
  | { kind: 'transfer'; from: number; to: number; token: number; amount: number; outgoing: boolean }
  | { kind: 'mint'; issuer: number; to: number; amount: number }
  | { kind: 'nftMint'; issuer: number; to: number; id: number }
  | { kind: 'nftTransfer'; from: number; to: number; issuer: number; id: number }

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(4), to: fc.nat(4), token: fc.nat(2), amount: fc.nat(120), outgoing: fc.boolean() }),
  fc.record({ kind: fc.constant('mint' as const), issuer: fc.nat(1), to: fc.nat(4), amount: fc.nat(500) }),
  fc.record({ kind: fc.constant('nftMint' as const), issuer: fc.nat(1), to: fc.nat(4), id: fc.nat(5) }),
  fc.record({ kind: fc.constant('nftTransfer' as const), from: fc.nat(4), to: fc.nat(4), issuer: fc.nat(1), id: fc.nat(5) }),
)

function build(ledger: MemoryLedger, c: Command, nonces: Map<string, bigint>): VerifiableType {
  const nonce = (signer: Ed25519Signer) => {
    const address = addressOf(signer)
    const next = nonces.get(address) ?? ledger.nextNonce(signer.ownerId, TEST_SHARD)
    nonces.set(address, next + 1n)
    return next
  }
  if (c.kind === 'transfer') {
    const token = c.token === 0 ? 'native' : addressOf(issuers[c.token - 1]!)
    const signer = everyone[c.from]!
    return debit(signer, nonce(signer), c.outgoing ? remote : addressOf(everyone[c.to]!), { [token]: { Fungible: BigInt(c.amount) } })
  }
  if (c.kind === 'mint') {
    const issuer = issuers[c.issuer]!
    const mint = ledger.getVault(addressOf(issuer))
    const credited = [{ address: addressOf(everyone[c.to]!), amount: BigInt(c.amount) }]
    return mint?.data ? increaseFungible(issuer, nonce(issuer), credited) : createFungible(issuer, nonce(issuer), credited)
  }
  if (c.kind === 'nftMint') {
    // Issuer 0's collection lives beside its fungible token id space; NFTs use a third issuer key per index.
    const issuer = nftIssuers[c.issuer]!
    return createNfts(issuer, nonce(issuer), [{ address: addressOf(everyone[c.to]!), nfts: [nft(BigInt(c.id))] }])
  }
  const signer = everyone[c.from]!
  return debit(signer, nonce(signer), addressOf(everyone[c.to]!), { [addressOf(nftIssuers[c.issuer]!)]: { NonFungible: [BigInt(c.id)] } })
}
const nftIssuers = Array.from({ length: 2 }, () => Ed25519Signer.generate())

/** Supply of every token = what this shard's vaults hold + what left as outgoing credits. */
function assertConserved(ledger: MemoryLedger, outgoing: StateDiff[]): void {
  const held = new Map<string, bigint>()
  const nftsHeld = new Map<string, string[]>()
  let native = 0n
  for (const diff of outgoing)
    if ('TokenDiffs' in diff.operation)
      for (const [token, h] of Object.entries(diff.operation.TokenDiffs)) {
        if ('Fungible' in h) token === 'native' ? (native += h.Fungible) : held.set(token, (held.get(token) ?? 0n) + h.Fungible)
        else for (const id of Object.keys(h.NonFungible.changes)) nftsHeld.set(token, [...(nftsHeld.get(token) ?? []), id])
      }
  for (const vault of ledger.vaults.values()) {
    assert.ok(vault.balance >= 0n)
    native += vault.balance
    if (vault.data && 'TokenHoldings' in vault.data) {
      for (const [token, amount] of Object.entries(vault.data.TokenHoldings.fungibles)) {
        assert.ok(amount >= 0n)
        held.set(token, (held.get(token) ?? 0n) + amount)
      }
      for (const [token, ids] of Object.entries(vault.data.TokenHoldings.nfts)) nftsHeld.set(token, [...(nftsHeld.get(token) ?? []), ...ids.map(String)])
    }
  }
  assert.equal(native, NATIVE_GENESIS * BigInt(everyone.length))
  for (const [address, vault] of ledger.vaults) {
    if (vault.data && 'FungibleTokenMint' in vault.data) assert.equal(held.get(address) ?? 0n, vault.data.FungibleTokenMint.supply, `supply of ${address}`)
    if (vault.data && 'NftMint' in vault.data)
      assert.deepEqual((nftsHeld.get(address) ?? []).sort(), Object.keys(vault.data.NftMint.collection.supply).sort(), `NFTs of ${address}`)
  }
}

test('conservation: total supply of each token = holdings + outgoing credits, after a random workload', () => {
  let acceptedTotal = 0
  let batchTotal = 0
  fc.assert(
    fc.property(fc.array(fc.array(command, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 25 }), (batches) => {
      const ledger = shardWithNative(Object.fromEntries(everyone.map((s) => [addressOf(s), NATIVE_GENESIS])))
      const outgoing: StateDiff[] = []
      let accepted = 0
      for (const batch of batches) {
        const nonces = new Map<string, bigint>()
        const verifiables = batch.map((c) => build(ledger, c, nonces))
        try {
          const result = executeBatch(ledger, verifiables, TEST_SHARD)
          ledger.commit(result)
          outgoing.push(...result.outgoingCredits)
          accepted++
        } catch (error) {
          if (!isVerityError(error)) throw error
        }
        assertConserved(ledger, outgoing)
      }
      acceptedTotal += accepted
      batchTotal += batches.length
    }),
    { numRuns: 60 },
  )
  // The workload must exercise the laws both ways: many batches accepted, some refused.
  assert.ok(acceptedTotal > batchTotal / 10, `${acceptedTotal} of ${batchTotal} batches accepted`)
  assert.ok(acceptedTotal < batchTotal, 'no batch was refused')
  console.log(`# conservation workload: ${acceptedTotal} of ${batchTotal} batches accepted`)
})
