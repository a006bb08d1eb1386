import { claimDataDirProofSystem } from '@verity/prover'
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { StoreSchemaTooNewError } from '@verity/postgres'
import { StorageFullError } from '../../errors/storeErrors.ts'
import { DOMAIN_MIGRATIONS, MIGRATIONS_TABLE } from '../domainMigrations.ts'
import { describeStoreContract } from '../storeContract.ts'
import { SqliteDomainStore } from './SqliteDomainStore.ts'

let contractDir: string | undefined

describeStoreContract({
  name: 'sqlite',
  async setUp() {
    contractDir = mkdtempSync(join(tmpdir(), 'verity-store-contract-'))
  },
  async openStore(shard) {
    return new SqliteDomainStore(join(contractDir!, `shard-${shard}.sqlite`))
  },
  async tearDown() {
    if (contractDir !== undefined) rmSync(contractDir, { recursive: true, force: true })
  },
})

describe('SqliteDomainStore', () => {
  test('round-trips bigints exactly, commits atomically, consumes pending entries with an SDL, survives reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-store-'))
    const path = join(dir, 'domain.sqlite')
    try {
      let store = new SqliteDomainStore(path)
      const vault = { balance: 2n ** 63n + 5n, shard: 1, data: { TokenHoldings: { fungibles: { t: 7n }, nfts: { c: [1n, 2n ** 60n] } } } }
      await store.commitBatch({
        vaults: new Map([['a,1', vault]]),
        nonces: new Map([['a,1', 3n]]),
        pending: [{ kind: 'transaction', verifiable: { x: 1n }, state_diffs: [] }, { kind: 'credit', credit: { id: 1n } }],
        meta: new Map([['credits_cursor', '1']]),
      })
      assert.deepEqual((await store.readVaults(['a,1', 'b,1'])).get('a,1'), vault)
      assert.equal((await store.readVaults(['b,1'])).size, 0)
      assert.equal((await store.readNonces(['a,1'])).get('a,1'), 3n)
      const pending = await store.listPending(10)
      assert.equal(pending.length, 2)
      await store.createSdl({
        record: { hash: 'h1', seq: 1, state: 'Submitted', content: { n: 1n }, witness: { w: 2n }, proof: null, guardrailInput: null, createdAtMs: 1, updatedAtMs: 1 },
        pendingSeqMax: pending[0]!.seq,
      })
      assert.equal((await store.listPending(10)).length, 1)
      await store.updateSdl('h1', { state: { ProvingFailed: 'why' }, guardrailInput: new Uint8Array([1, 2]) })
      await store.close()

      store = new SqliteDomainStore(path)
      const sdl = await store.getSdl('h1')
      assert.deepEqual(sdl?.state, { ProvingFailed: 'why' })
      assert.deepEqual(sdl?.content, { n: 1n })
      assert.deepEqual(sdl?.guardrailInput, new Uint8Array([1, 2]))
      assert.deepEqual((await store.listSdlsInStates(['ProvingFailed'])).map((r) => r.hash), ['h1'])
      assert.equal((await store.lastSdl())?.hash, 'h1')
      assert.equal(await store.getMeta('credits_cursor'), '1')
      await assert.rejects(store.createSdl({
        record: { hash: 'h1', seq: 2, state: 'Submitted', content: {}, witness: {}, proof: null, guardrailInput: null, createdAtMs: 1, updatedAtMs: 1 },
        pendingSeqMax: 99,
      }))
      assert.equal((await store.listPending(10)).length, 1, 'a failed SDL insert consumes nothing')
      await store.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('SqliteDomainStore on a full disk', () => {
  test('a write past the space left is refused with STORAGE_FULL, writes nothing, and succeeds once space is back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-store-full-'))
    const path = join(dir, 'domain.sqlite')
    // A quota of a few pages stands for a full disk: SQLite answers SQLITE_FULL either way.
    const PAGE_COUNT_MAX = 16
    const bulky = (index: number) => ({ balance: BigInt(index), shard: 1, data: { note: 'x'.repeat(3_000) } })
    const write = (store: SqliteDomainStore, index: number) =>
      store.commitBatch({ vaults: new Map([[`vault-${index}`, bulky(index)]]), nonces: new Map([[`vault-${index}`, BigInt(index + 1)]]), pending: [] })
    try {
      let store = new SqliteDomainStore(path, { pageCountMax: PAGE_COUNT_MAX })
      let written = 0
      let refusal: unknown
      for (; written < 100; written++) {
        refusal = await write(store, written).then(() => undefined, (error: unknown) => error)
        if (refusal !== undefined) break
      }
      assert.ok(refusal instanceof StorageFullError, `expected StorageFullError, got ${String(refusal)}`)
      assert.equal(refusal.code, 'STORAGE_FULL')
      assert.match(refusal.message, /storage at .*domain\.sqlite is full .*nothing was written; free disk space and retry/)
      assert.ok(written > 0, 'the quota let nothing through')
      assert.equal((await store.readVaults([`vault-${written}`])).size, 0, 'the refused batch left nothing behind')
      assert.equal((await store.readNonces([`vault-${written}`])).size, 0)
      await store.close()

      store = new SqliteDomainStore(path)
      await write(store, written)
      const vaults = await store.readVaults(Array.from({ length: written + 1 }, (_, index) => `vault-${index}`))
      assert.equal(vaults.size, written + 1, 'every write acknowledged before and after the full disk is there')
      await store.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('SqliteDomainStore migrations', () => {
  test('a file of the previous build (schema untracked) opens with its state and is migrated; a newer file is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-store-migrate-'))
    const path = join(dir, 'domain.sqlite')
    try {
      // The file as the previous build left it: its tables created at every open, no version recorded
      // (in a directory of this proof system: one of an older one is refused, dataDirProofSystem.test.ts).
      claimDataDirProofSystem(dir, 'domain.sqlite')
      const old = new Database(path)
      old.exec(DOMAIN_MIGRATIONS[0]!.sqlite)
      old.prepare('INSERT INTO nonces (address, next_nonce) VALUES (?, ?)').run('a,1', '18446744073709551616')
      old.close()
      let store = new SqliteDomainStore(path)
      assert.equal((await store.readNonces(['a,1'])).get('a,1'), 2n ** 64n)
      await store.close()
      const check = new Database(path)
      assert.deepEqual(check.prepare(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`).pluck().all(), DOMAIN_MIGRATIONS.map((migration) => migration.version))
      check.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (version, description, applied_at_ms) VALUES (999, 'from the future', 0)`).run()
      check.close()
      assert.throws(() => (store = new SqliteDomainStore(path)), (error: unknown) => {
        assert.ok(error instanceof StoreSchemaTooNewError)
        assert.match(error.message, new RegExp(`^sqlite domain store has schema version 999, newer than ${DOMAIN_MIGRATIONS.length}`))
        return true
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
