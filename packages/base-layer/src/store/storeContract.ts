// The contract every BaseLayerStore keeps, as node:test tests registered for one backend. The
// SQLite and PostgreSQL test files run it on real databases, one database per file; tests use
// their own shards and owner ids so they can share it.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomInt } from 'node:crypto'
import { Ed25519Signer, formatAddress } from '@verity/core'
import type { StateDiff, Vault } from '@verity/ledger'
import { appendCredits } from './appendCredits.ts'
import type { BaseLayerStore, CreditRecord, ShardRecord } from './BaseLayerStore.ts'

export type StoreContractBackend = {
  name: string
  /** prepares the backend's database for this file (throws when it cannot be reached) */
  setUp(): Promise<void>
  /** a new store over the file's database, as a node (re)starting would open it */
  openStore(): Promise<BaseLayerStore>
  /** true when two stores over one database run transactions concurrently (PostgreSQL); false
   *  when one store serialises them and one node owns the database (SQLite) */
  hasConcurrentNodes: boolean
  tearDown(): Promise<void>
}

const U64_MAX = 2n ** 64n - 1n

/** A shard no other test of this file uses (the suite shares one database). */
function freshShard(): number {
  return randomInt(1, 2 ** 31)
}

function fungibleVault(shard: number, token: string, amount: bigint): Vault {
  return { balance: U64_MAX, shard, data: { TokenHoldings: { fungibles: { [token]: amount }, nfts: {} } } }
}

function creditTo(shard: number, sourceShard: number, amount: bigint): Omit<CreditRecord, 'id'> {
  const stateDiff: StateDiff = { address: formatAddress(Ed25519Signer.generate().ownerId, shard), operation: { TokenDiffs: { native: { Fungible: amount } } } }
  return { shard, sourceShard, sourceSdlHash: Ed25519Signer.generate().ownerId, stateDiff }
}

/** Registers the store contract tests for `backend`. */
export function describeStoreContract(backend: StoreContractBackend): void {
  describe(`BaseLayerStore contract (${backend.name})`, () => {
    let store: BaseLayerStore
    before(async () => {
      await backend.setUp()
      store = await backend.openStore()
    })
    after(async () => {
      await store?.close()
      await backend.tearDown()
    })

    test('accounts and agreements round-trip; u64 values stay exact bigints', async () => {
      const ownerId = Ed25519Signer.generate().ownerId
      assert.equal(await store.getAccount(ownerId), undefined)
      await store.transaction(async (tx) => tx.putAccount({ ownerId, balance: U64_MAX, nonceLast: U64_MAX - 1n }))
      assert.deepEqual(await store.getAccount(ownerId), { ownerId, balance: U64_MAX, nonceLast: U64_MAX - 1n })
      await store.transaction(async (tx) => tx.putAccount({ ownerId, balance: 0n, nonceLast: 2n ** 63n }))
      assert.deepEqual(await store.getAccount(ownerId), { ownerId, balance: 0n, nonceLast: 2n ** 63n })

      const shard = freshShard()
      assert.equal(await store.getAgreement(shard), undefined)
      const agreement = { shard, operator: 'operator-key', operatorOwnerId: ownerId, guardrailProgramIds: ['g1', 'g2'], createdAtMs: 1_767_225_600_000, activatesAtMs: 1_767_225_602_000 }
      await store.transaction(async (tx) => tx.putAgreement(agreement))
      assert.deepEqual(await store.getAgreement(shard), agreement)
      const replaced = { ...agreement, guardrailProgramIds: [], activatesAtMs: agreement.activatesAtMs + 1 }
      await store.transaction(async (tx) => tx.putAgreement(replaced))
      assert.deepEqual(await store.getAgreement(shard), replaced)
    })

    test('a shard never seen is at sequence 0; its position round-trips up to u64 max', async () => {
      const shard = freshShard()
      const empty: ShardRecord = { shard, sequence: 0n, lastSdlHash: null, root: null, creditsQueued: 0n, creditsConsumed: 0n }
      assert.deepEqual(await store.getShard(shard), empty)
      const moved: ShardRecord = { shard, sequence: U64_MAX, lastSdlHash: 'hash', root: '0x1234', creditsQueued: U64_MAX, creditsConsumed: U64_MAX - 1n }
      await store.transaction(async (tx) => tx.putShard(moved))
      assert.deepEqual(await store.getShard(shard), moved)
    })

    test('vaults and nonces, one at a time and by list; amounts beyond 2^63 are exact', async () => {
      const shard = freshShard()
      const [a, b, missing] = [1, 2, 3].map(() => formatAddress(Ed25519Signer.generate().ownerId, shard)) as [string, string, string]
      const vaultA = fungibleVault(shard, `${a}-token`, U64_MAX)
      const vaultB: Vault = { balance: 7n, shard, data: null }
      await store.transaction(async (tx) => {
        await tx.putVault(a, shard, vaultA)
        await tx.putVault(b, shard, vaultB)
        await tx.putNextNonce(a, 2n ** 64n)
      })
      assert.deepEqual(await store.getVault(a), vaultA)
      assert.equal(await store.getVault(missing), undefined)
      assert.deepEqual(await store.getVaults([a, b, missing, a]), new Map([[a, vaultA], [b, vaultB]]))
      assert.deepEqual(await store.getVaults([]), new Map())
      assert.equal(await store.getNextNonce(a), 2n ** 64n)
      assert.equal(await store.getNextNonce(b), undefined)
      assert.deepEqual(await store.getNextNonces([a, b]), new Map([[a, 2n ** 64n]]))
      const metadata = { name: 'nul \u0000 and emoji \u{1F600}', symbol: 'X' }
      const mint: Vault = { balance: 0n, shard, data: { FungibleTokenMint: { metadata, supply: U64_MAX } } }
      await store.transaction(async (tx) => tx.putVault(a, shard, mint))
      assert.deepEqual(await store.getVault(a), mint)
    })

    test('slot keys append in order across transactions; field-sized keys are exact', async () => {
      const shard = freshShard()
      assert.deepEqual(await store.listSlotKeys(shard), [])
      const first = [2n ** 248n - 1n, 5n, 2n ** 200n]
      const second = [1n, 2n ** 247n]
      await store.transaction(async (tx) => tx.appendSlotKeys(shard, first))
      await store.transaction(async (tx) => {
        await tx.appendSlotKeys(shard, [])
        await tx.appendSlotKeys(shard, second)
      })
      assert.deepEqual(await store.listSlotKeys(shard), [...first, ...second])
    })

    test('the spent set of mandate payments: keys read back; a key spent twice fails the whole transaction', async () => {
      const shard = freshShard()
      const key = `${Ed25519Signer.generate().ownerId}/intent-1`
      const sdlHash = Ed25519Signer.generate().ownerId
      assert.deepEqual(await store.getSpentMandates([key]), new Set())
      await store.transaction(async (tx) => tx.putSpentMandates([{ key, shard, sdlHash, intentId: 'intent-1' }]))
      assert.deepEqual(await store.getSpentMandates([key, `${key}-other`, key]), new Set([key]))
      assert.deepEqual(await store.getSpentMandates([]), new Set())
      await assert.rejects(
        store.transaction(async (tx) => {
          await tx.appendSlotKeys(shard, [7n])
          await tx.putSpentMandates([{ key, shard, sdlHash, intentId: 'intent-1' }])
        }),
      )
      assert.deepEqual(await store.listSlotKeys(shard), [], 'nothing of the failed transaction was written')
    })

    test('SDL records: a refusal, then the same hash applied; the content is kept', async () => {
      const shard = freshShard()
      const hash = Ed25519Signer.generate().ownerId
      assert.equal(await store.getSdl(hash), undefined)
      const failed = { hash, shard, sequence: U64_MAX, status: 'failed' as const, code: 'SDL_ROOT_MISMATCH', reason: 'root "x" ≠ y', failedAtMs: 1 }
      await store.transaction(async (tx) => tx.putSdl(failed))
      assert.deepEqual(await store.getSdl(hash), failed)
      const applied = { hash, shard, sequence: 1n, status: 'applied' as const, root: '0xabc', appliedAtMs: 2 }
      await store.transaction(async (tx) => tx.putSdl(applied, { shard, sequence: 1, amount: U64_MAX }))
      assert.deepEqual(await store.getSdl(hash), applied)
    })

    test('credits get 1-based ids per shard queue and advance creditsQueued; pages by cursor', async () => {
      const [target, other, source] = [freshShard(), freshShard(), freshShard()]
      const credits = [creditTo(target, source, 1n), creditTo(other, source, 2n), creditTo(target, source, U64_MAX)]
      const appended = await store.transaction(async (tx) => appendCredits(tx, credits))
      assert.deepEqual(appended.map((credit) => [credit.shard, credit.id]), [[target, 1n], [other, 1n], [target, 2n]])
      const more = await store.transaction(async (tx) => appendCredits(tx, [creditTo(target, source, 3n)]))
      assert.equal(more[0]!.id, 3n)
      assert.equal((await store.getShard(target)).creditsQueued, 3n)
      assert.equal((await store.getShard(other)).creditsQueued, 1n)
      assert.deepEqual(await store.listCredits(target, 0n, 10), [appended[0], appended[2], more[0]])
      assert.deepEqual(await store.listCredits(target, 1n, 1), [appended[2]])
      assert.deepEqual(await store.listCredits(target, 3n, 10), [])
      assert.deepEqual(await store.listCredits(target, U64_MAX, 10), [])
    })

    test('a transaction that throws writes nothing; reads inside it see its own writes', async () => {
      const shard = freshShard()
      const address = formatAddress(Ed25519Signer.generate().ownerId, shard)
      const failure = new Error('refused halfway')
      await assert.rejects(
        store.transaction(async (tx) => {
          await tx.putVault(address, shard, { balance: 1n, shard, data: null })
          await tx.putShard({ shard, sequence: 1n, lastSdlHash: 'h', root: 'r', creditsQueued: 0n, creditsConsumed: 0n })
          await appendCredits(tx, [creditTo(shard, shard + 1, 1n)])
          await tx.appendSlotKeys(shard, [1n])
          assert.deepEqual(await tx.getVault(address), { balance: 1n, shard, data: null })
          assert.equal((await tx.getShard(shard)).creditsQueued, 1n)
          throw failure
        }),
        failure,
      )
      assert.equal(await store.getVault(address), undefined)
      assert.deepEqual(await store.getShard(shard), { shard, sequence: 0n, lastSdlHash: null, root: null, creditsQueued: 0n, creditsConsumed: 0n })
      assert.deepEqual(await store.listCredits(shard, 0n, 10), [])
      assert.deepEqual(await store.listSlotKeys(shard), [])
      assert.equal(await store.transaction(async () => 42), 42)
    })

    test('what a node committed is there for the next node that opens the database', async () => {
      const shard = freshShard()
      const address = formatAddress(Ed25519Signer.generate().ownerId, shard)
      const first = await backend.openStore()
      await first.transaction(async (tx) => {
        await tx.putVault(address, shard, fungibleVault(shard, 'token', 2n ** 63n + 1n))
        await tx.putShard({ shard, sequence: 4n, lastSdlHash: 'h4', root: 'r4', creditsQueued: 0n, creditsConsumed: 0n })
        await tx.appendSlotKeys(shard, [9n, 8n])
      })
      await first.close()
      const second = await backend.openStore()
      try {
        assert.deepEqual(await second.getVault(address), fungibleVault(shard, 'token', 2n ** 63n + 1n))
        assert.equal((await second.getShard(shard)).sequence, 4n)
        assert.deepEqual(await second.listSlotKeys(shard), [9n, 8n])
      } finally {
        await second.close()
      }
    })

    test('two nodes advancing one shard from the same sequence: exactly one commits', async () => {
      const shard = freshShard()
      const nodes = backend.hasConcurrentNodes ? [await backend.openStore(), await backend.openStore()] : [store, store]
      // With concurrent nodes, both read sequence 0 before either writes (a barrier), so the
      // store's isolation, not luck, must keep the second from committing sequence 1 too.
      let arrived = 0
      let release!: () => void
      const bothRead = new Promise<void>((resolve) => (release = resolve))
      const advance = (node: BaseLayerStore, name: string) =>
        node.transaction(async (tx) => {
          const position = await tx.getShard(shard)
          if (backend.hasConcurrentNodes) {
            arrived += 1
            if (arrived === 2) release()
            await bothRead
          }
          if (position.sequence !== 0n) throw new Error(`out of order: shard at ${position.sequence}`)
          await tx.putShard({ ...position, sequence: 1n, lastSdlHash: name })
          await appendCredits(tx, [creditTo(shard + 1, shard, 1n)])
          return name
        })
      try {
        const outcomes = await Promise.allSettled([advance(nodes[0]!, 'a'), advance(nodes[1]!, 'b')])
        const committed = outcomes.filter((outcome) => outcome.status === 'fulfilled')
        const refused = outcomes.filter((outcome) => outcome.status === 'rejected')
        assert.equal(committed.length, 1)
        assert.equal(refused.length, 1)
        assert.match(String((refused[0] as PromiseRejectedResult).reason), /out of order: shard at 1/)
        const position = await store.getShard(shard)
        assert.equal(position.sequence, 1n)
        assert.equal(position.lastSdlHash, (committed[0] as PromiseFulfilledResult<string>).value)
        assert.equal((await store.getShard(shard + 1)).creditsQueued, 1n)
      } finally {
        if (backend.hasConcurrentNodes) for (const node of nodes) await node.close()
      }
    })

    test('credits appended to one shard by concurrent settlements get distinct, gapless ids', async () => {
      const target = freshShard()
      const nodes = backend.hasConcurrentNodes ? [await backend.openStore(), await backend.openStore()] : [store, store]
      try {
        const rounds = 4
        const appended = await Promise.all(
          Array.from({ length: rounds * 2 }, (_, index) =>
            nodes[index % 2]!.transaction(async (tx) => appendCredits(tx, [creditTo(target, target + 1 + index, BigInt(index))])),
          ),
        )
        const ids = appended.flat().map((credit) => credit.id).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
        assert.deepEqual(ids, Array.from({ length: rounds * 2 }, (_, index) => BigInt(index + 1)))
        assert.equal((await store.getShard(target)).creditsQueued, BigInt(rounds * 2))
        assert.equal((await store.listCredits(target, 0n, 100)).length, rounds * 2)
      } finally {
        if (backend.hasConcurrentNodes) for (const node of nodes) await node.close()
      }
    })
  })
}
