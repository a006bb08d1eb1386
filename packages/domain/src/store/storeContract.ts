// The contract every DomainStore keeps, as node:test tests registered for one backend. The
// SQLite and PostgreSQL test files run it on real databases; each test takes a shard of its own,
// so the tests of one file can share a database.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { DomainStore, SdlRecord } from './DomainStore.ts'

export type StoreContractBackend = {
  name: string
  /** prepares the backend's database for this file (throws when it cannot be reached) */
  setUp(): Promise<void>
  /** a store for `shard` over the file's database, as a domain (re)starting would open it */
  openStore(shard: number): Promise<DomainStore>
  tearDown(): Promise<void>
}

const U64_MAX = 2n ** 64n - 1n

let shardLast = 0
/** A shard no other test of this file uses. */
function freshShard(): number {
  shardLast += 1
  return 1_000 + shardLast
}

function sdlRecord(hash: string, seq: number, fields: Partial<SdlRecord> = {}): SdlRecord {
  return { hash, seq, state: 'Submitted', content: { seq, amount: U64_MAX }, witness: { w: 2n ** 70n }, proof: null, guardrailInput: null, createdAtMs: 1_700_000_000_000 + seq, updatedAtMs: 1_700_000_000_000 + seq, ...fields }
}

/** Registers the store contract tests for `backend`. */
export function describeStoreContract(backend: StoreContractBackend): void {
  describe(`DomainStore contract (${backend.name})`, () => {
    const open: DomainStore[] = []
    const openStore = async (shard: number) => {
      const store = await backend.openStore(shard)
      open.push(store)
      return store
    }
    before(async () => {
      await backend.setUp()
    })
    after(async () => {
      for (const store of open) await store.close()
      await backend.tearDown()
    })

    test('vaults and nonces round-trip; u64 values beyond 2^63 stay exact bigints; absent ones are missing', async () => {
      const store = await openStore(freshShard())
      const vault = { balance: 2n ** 63n + 5n, shard: 1, data: { TokenHoldings: { fungibles: { t: U64_MAX }, nfts: { c: [1n, 2n ** 60n] } } } }
      const mint = { balance: 0n, shard: 1, data: { FungibleTokenMint: { metadata: { name: 'nul \u0000 and emoji \u{1F600}', symbol: 'X' }, supply: 7n } } }
      await store.commitBatch({ vaults: new Map<string, unknown>([['a,1', vault], ['m,1', mint]]), nonces: new Map([['a,1', 2n ** 64n], ['m,1', 1n]]), pending: [] })
      assert.deepEqual(await store.readVaults(['a,1', 'b,1', 'a,1', 'm,1']), new Map<string, unknown>([['a,1', vault], ['m,1', mint]]))
      assert.deepEqual(await store.readVaults([]), new Map())
      assert.deepEqual(await store.readNonces(['a,1', 'b,1']), new Map([['a,1', 2n ** 64n]]))
      assert.deepEqual(await store.readNonces([]), new Map())
      const moved = { ...vault, balance: 0n }
      await store.commitBatch({ vaults: new Map([['a,1', moved]]), nonces: new Map([['a,1', 3n]]), pending: [] })
      assert.deepEqual((await store.readVaults(['a,1'])).get('a,1'), moved)
      assert.equal((await store.readNonces(['a,1'])).get('a,1'), 3n)
    })

    test('every vault, in byte order of the address (base58 mixes cases)', async () => {
      const store = await openStore(freshShard())
      const addresses = ['b,1', 'B,1', 'a,1', 'Z,1', '9,1', 'aa,1']
      await store.commitBatch({ vaults: new Map(addresses.map((address) => [address, { address }])), nonces: new Map(), pending: [] })
      const all = await store.readAllVaults()
      assert.deepEqual([...all.keys()], ['9,1', 'B,1', 'Z,1', 'a,1', 'aa,1', 'b,1'])
      assert.deepEqual(all.get('Z,1'), { address: 'Z,1' })
    })

    test('a batch commits all at once or not at all', async () => {
      const store = await openStore(freshShard())
      const circular: Record<string, unknown> = {}
      circular.self = circular
      await assert.rejects(
        store.commitBatch({
          vaults: new Map([['a,1', { balance: 1n }]]),
          nonces: new Map([['a,1', 2n]]),
          pending: [{ kind: 'credit', credit: { id: 1n } }, { kind: 'transaction', verifiable: circular, state_diffs: [] }],
          meta: new Map([['cursor', '1']]),
        }),
      )
      assert.equal((await store.readVaults(['a,1'])).size, 0)
      assert.equal((await store.readNonces(['a,1'])).size, 0)
      assert.deepEqual(await store.listPending(10), [])
      assert.equal(await store.getMeta('cursor'), null)
    })

    test('pending entries keep their order across batches; an SDL consumes a prefix with its meta, atomically', async () => {
      const store = await openStore(freshShard())
      const records = Array.from({ length: 5 }, (_, index) => ({ kind: 'credit' as const, credit: { id: BigInt(index + 1) } }))
      await store.commitBatch({ vaults: new Map(), nonces: new Map(), pending: records.slice(0, 3), meta: new Map([['cursor', '3']]) })
      await store.commitBatch({ vaults: new Map(), nonces: new Map(), pending: records.slice(3) })
      const pending = await store.listPending(10)
      assert.deepEqual(pending.map((entry) => entry.record), records)
      assert.ok(pending.every((entry, index) => index === 0 || entry.seq > pending[index - 1]!.seq), 'seq grows')
      assert.deepEqual((await store.listPending(2)).map((entry) => entry.record), records.slice(0, 2))
      assert.equal(await store.getMeta('cursor'), '3')

      await store.createSdl({ record: sdlRecord('h1', 1), pendingSeqMax: pending[1]!.seq, meta: new Map([['tree', 'after-h1']]) })
      assert.deepEqual((await store.listPending(10)).map((entry) => entry.record), records.slice(2))
      assert.equal(await store.getMeta('tree'), 'after-h1')
      // The same hash again fails: nothing consumed, meta unchanged.
      await assert.rejects(store.createSdl({ record: sdlRecord('h1', 2), pendingSeqMax: pending[4]!.seq, meta: new Map([['tree', 'after-h2']]) }))
      assert.equal((await store.listPending(10)).length, 3)
      assert.equal(await store.getMeta('tree'), 'after-h1')
      // A new entry after the SDL comes after the remaining ones.
      await store.commitBatch({ vaults: new Map(), nonces: new Map(), pending: [{ kind: 'credit', credit: { id: 6n } }] })
      const remaining = await store.listPending(10)
      assert.deepEqual(remaining.map((entry) => entry.record), [...records.slice(2), { kind: 'credit', credit: { id: 6n } }])
      assert.ok(remaining[0]!.seq > pending[1]!.seq)
    })

    test('SDLs: read back exactly, listed in order and by state, patched step by step', async () => {
      const store = await openStore(freshShard())
      assert.equal(await store.lastSdl(), null)
      assert.equal(await store.getSdl('missing'), null)
      for (const seq of [1, 2, 3]) await store.createSdl({ record: sdlRecord(`h${seq}`, seq), pendingSeqMax: 0 })
      assert.deepEqual(await store.getSdl('h2'), sdlRecord('h2', 2))
      assert.deepEqual((await store.listSdls(0, 10)).map((record) => record.hash), ['h1', 'h2', 'h3'])
      assert.deepEqual((await store.listSdls(1, 1)).map((record) => record.hash), ['h2'])
      assert.deepEqual(await store.listSdls(3, 10), [])
      assert.equal((await store.lastSdl())?.hash, 'h3')
      // Summaries carry no content, witness or proof (a state poll must not read them).
      const { hash, seq, state, createdAtMs, updatedAtMs } = sdlRecord('h2', 2)
      assert.deepEqual(await store.getSdlSummary('h2'), { hash, seq, state, createdAtMs, updatedAtMs })
      assert.deepEqual((await store.listSdls(1, 1))[0], { hash, seq, state, createdAtMs, updatedAtMs })
      assert.equal(await store.getSdlSummary('missing'), null)

      await store.updateSdl('h1', { state: 'Proving', guardrailInput: new Uint8Array([0, 1, 255]), proof: null })
      await store.updateSdl('h2', { state: { ProvingFailed: 'reason "quoted" \u{1F600}' } })
      const proof = { proofs: [{ proof: 'AAAA', public_inputs: ['0x01'] }], count: 2n ** 64n - 1n }
      await store.updateSdl('h3', { state: 'Proven', proof })
      const h1 = await store.getSdl('h1')
      assert.equal(h1?.state, 'Proving')
      assert.deepEqual(h1?.guardrailInput, new Uint8Array([0, 1, 255]))
      assert.ok((h1?.updatedAtMs ?? 0) >= (h1?.createdAtMs ?? Infinity))
      assert.deepEqual((await store.getSdl('h2'))?.state, { ProvingFailed: 'reason "quoted" \u{1F600}' })
      assert.deepEqual((await store.getSdl('h3'))?.proof, proof)
      assert.deepEqual((await store.getSdl('h3'))?.content, sdlRecord('h3', 3).content)
      assert.deepEqual((await store.listSdlsInStates(['Proving', 'ProvingFailed'])).map((record) => record.hash), ['h1', 'h2'])
      assert.deepEqual(await store.listSdlsInStates([]), [])
      assert.equal(await store.countSdlsInStates(['Proving', 'ProvingFailed']), 2)
      assert.equal(await store.countSdlsInStates(['Proven']), 1)
      assert.equal(await store.countSdlsInStates([]), 0)
      await store.updateSdl('h1', { guardrailInput: null })
      assert.equal((await store.getSdl('h1'))?.guardrailInput, null)
      assert.equal((await store.getSdl('h1'))?.state, 'Proving')
    })

    test("SDLs by state with their witnesses' formats (read by the database), oldest first, at most `limit`", async () => {
      const store = await openStore(freshShard())
      await store.createSdl({ record: sdlRecord('f1', 1, { witness: { batches: [{ w: 2n ** 70n }] } }), pendingSeqMax: 0 })
      await store.createSdl({ record: sdlRecord('f2', 2, { witness: { format: 'layout/2', batches: [] }, state: 'Proving' }), pendingSeqMax: 0 })
      await store.createSdl({ record: sdlRecord('f3', 3, { witness: { format: 'layout/2', batches: [] }, state: 'BaseLayerApplied' }), pendingSeqMax: 0 })
      await store.createSdl({ record: sdlRecord('f4', 4, { witness: { format: 'layout/3' }, state: { ProvingFailed: 'x' } }), pendingSeqMax: 0 })
      const { hash, seq, state, createdAtMs, updatedAtMs } = sdlRecord('f1', 1)
      const listed = await store.listSdlWitnessFormats(['Submitted', 'Proving', 'ProvingFailed'], 10)
      assert.deepEqual(listed[0], { hash, seq, state, createdAtMs, updatedAtMs, witnessFormat: null })
      assert.deepEqual(listed.map((row) => [row.hash, row.witnessFormat]), [['f1', null], ['f2', 'layout/2'], ['f4', 'layout/3']])
      assert.deepEqual((await store.listSdlWitnessFormats(['Submitted', 'Proving', 'ProvingFailed'], 2)).map((row) => row.hash), ['f1', 'f2'])
      assert.deepEqual(await store.listSdlWitnessFormats(['Proven'], 10), [])
      assert.deepEqual(await store.listSdlWitnessFormats([], 10), [])
    })

    test('the spent set: written with its batch, read back, a key spent twice fails the whole commit; an SDL names its payments', async () => {
      const store = await openStore(freshShard())
      const spent = { key: 'payer/intent-1', intentId: 'intent-1', intentDigest: 'digest-1', evidenceDigest: 'evidence-1', payerOwnerId: 'payer', payment: { debited: 'payer,1', credited: 'shop,1', token: 'native', amount: U64_MAX } }
      await store.commitBatch({ vaults: new Map([['payer,1', { balance: 1n, shard: 1, data: null }]]), nonces: new Map(), pending: [], mandates: [spent] })
      assert.deepEqual(await store.readSpentMandates(['payer/intent-1', 'payer/intent-2', 'payer/intent-1']), new Set(['payer/intent-1']))
      assert.deepEqual(await store.readSpentMandates([]), new Set())
      // The same key again, with a vault change: the commit fails and the vault is not written.
      await assert.rejects(store.commitBatch({ vaults: new Map([['payer,1', { balance: 0n, shard: 1, data: null }]]), nonces: new Map(), pending: [], mandates: [spent] }))
      assert.equal(((await store.readVaults(['payer,1'])).get('payer,1') as { balance: bigint }).balance, 1n)
      const [listed] = await store.listMandatePayments({ intentId: 'intent-1', limit: 5 })
      assert.deepEqual({ ...listed, appliedAtMs: 0 }, { ...spent, appliedAtMs: 0, sdlHash: null })
      await store.createSdl({ record: sdlRecord('h-pay', 1), pendingSeqMax: 0, mandateKeys: ['payer/intent-1'] })
      assert.equal((await store.listMandatePayments({ limit: 5 }))[0]!.sdlHash, 'h-pay')
      assert.deepEqual(await store.listMandatePayments({ intentId: 'intent-2', limit: 5 }), [])
      // Another signed intent that reused the id: listed by the id, but a reader asking for the exact intent gets only its own.
      const reused = { ...spent, key: 'payer/intent-1/digest-2', intentDigest: 'digest-2', evidenceDigest: 'evidence-2', payment: { ...spent.payment, amount: 5n } }
      await store.commitBatch({ vaults: new Map(), nonces: new Map(), pending: [], mandates: [reused] })
      assert.equal((await store.listMandatePayments({ intentId: 'intent-1', limit: 5 })).length, 2)
      assert.deepEqual((await store.listMandatePayments({ intentDigest: 'digest-2', limit: 5 })).map((row) => [row.key, row.evidenceDigest, row.payment.amount]), [['payer/intent-1/digest-2', 'evidence-2', 5n]])
      assert.deepEqual((await store.listMandatePayments({ intentId: 'intent-1', intentDigest: 'digest-1', limit: 5 })).map((row) => row.key), ['payer/intent-1'])
      assert.deepEqual(await store.listMandatePayments({ intentId: 'intent-2', intentDigest: 'digest-1', limit: 5 }), [])
    })

    test('meta values are set and replaced', async () => {
      const store = await openStore(freshShard())
      assert.equal(await store.getMeta('k'), null)
      await store.setMeta('k', 'one')
      await store.setMeta('k', 'two')
      assert.equal(await store.getMeta('k'), 'two')
    })

    test('what a domain committed is there for the next one that opens the store', async () => {
      const shard = freshShard()
      const first = await backend.openStore(shard)
      await first.commitBatch({
        vaults: new Map([['a,1', { balance: U64_MAX }]]),
        nonces: new Map([['a,1', 9n]]),
        pending: [{ kind: 'transaction', verifiable: { x: 1n }, state_diffs: [{ amount: U64_MAX }] }],
        meta: new Map([['cursor', '4']]),
      })
      await first.createSdl({ record: sdlRecord('h1', 1), pendingSeqMax: 0 })
      await first.updateSdl('h1', { state: 'ProofSubmitted' })
      await first.close()
      const second = await openStore(shard)
      assert.deepEqual((await second.readVaults(['a,1'])).get('a,1'), { balance: U64_MAX })
      assert.equal((await second.readNonces(['a,1'])).get('a,1'), 9n)
      assert.deepEqual((await second.listPending(10)).map((entry) => entry.record), [{ kind: 'transaction', verifiable: { x: 1n }, state_diffs: [{ amount: U64_MAX }] }])
      assert.equal(await second.getMeta('cursor'), '4')
      assert.deepEqual((await second.listSdlsInStates(['ProofSubmitted'])).map((record) => record.hash), ['h1'])
    })

    test("shards are separate: one shard's records are invisible to another's store", async () => {
      const [shardA, shardB] = [freshShard(), freshShard()]
      const [a, b] = [await openStore(shardA), await openStore(shardB)]
      await a.commitBatch({ vaults: new Map([['x,1', { balance: 1n }]]), nonces: new Map([['x,1', 2n]]), pending: [{ kind: 'credit', credit: {} }], meta: new Map([['k', 'a']]) })
      await a.createSdl({ record: sdlRecord('h', 1), pendingSeqMax: 0 })
      assert.equal((await b.readVaults(['x,1'])).size, 0)
      assert.equal((await b.readNonces(['x,1'])).size, 0)
      assert.deepEqual(await b.listPending(10), [])
      assert.equal(await b.getMeta('k'), null)
      assert.equal(await b.getSdl('h'), null)
      await b.createSdl({ record: sdlRecord('h', 1), pendingSeqMax: 0 })
      assert.equal((await a.listPending(10)).length, 1)
    })
  })
}
