import { claimDataDirProofSystem } from '@verity/prover'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import Database from 'better-sqlite3'
import { encodeStoredJson } from '@verity/postgres'
import { appendCredits } from '../appendCredits.ts'
import { BASE_LAYER_MIGRATIONS, MIGRATIONS_TABLE } from '../baseLayerMigrations.ts'
import type { AccountRecord, AgreementRecord, CreditRecord, SdlRecord, ShardRecord } from '../BaseLayerStore.ts'
import { describeStoreContract } from '../storeContract.ts'
import { SqliteBaseLayerStore } from './SqliteBaseLayerStore.ts'

let dir = ''

describeStoreContract({
  name: 'sqlite',
  async setUp() {
    dir = mkdtempSync(join(tmpdir(), 'verity-base-layer-store-'))
  },
  async openStore() {
    return new SqliteBaseLayerStore(join(dir, 'base-layer.sqlite'))
  },
  hasConcurrentNodes: false,
  async tearDown() {
    rmSync(dir, { recursive: true, force: true })
  },
})

describe('SqliteBaseLayerStore migrations', () => {
  test('a file of the previous build (whole records as JSON) opens with every record as it was', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'verity-base-layer-migrate-')), 'base-layer.sqlite')
    const U64_MAX = 2n ** 64n - 1n
    const account: AccountRecord = { ownerId: 'owner', balance: U64_MAX, nonceLast: 2n ** 63n }
    const agreement: AgreementRecord = { shard: 3, operator: 'op', operatorOwnerId: 'owner', guardrailProgramIds: ['g1'], guardrails: [{ templateId: 't', template: 'AAE' }], createdAtMs: 1, activatesAtMs: 2 }
    const plainAgreement: AgreementRecord = { shard: 4, operator: 'op', operatorOwnerId: 'owner', guardrailProgramIds: [], createdAtMs: 3, activatesAtMs: 4 }
    const shard: ShardRecord = { shard: 3, sequence: U64_MAX, lastSdlHash: 'h', root: 'r', creditsQueued: 2n, creditsConsumed: 1n }
    const applied: SdlRecord = { hash: 'h', shard: 3, sequence: 1n, status: 'applied', root: 'r', appliedAtMs: 5 }
    const failed: SdlRecord = { hash: 'f', shard: 3, sequence: 2n, status: 'failed', code: 'SDL_ROOT_MISMATCH', reason: 'why "x"', failedAtMs: 6 }
    const stateDiff = { address: 'a,4', operation: { TokenDiffs: { native: { Fungible: U64_MAX } } }, note: 'nul \u0000 and \u{1F600}' }
    const credit = { id: 1n, shard: 4, sourceShard: 3, sourceSdlHash: 'h', stateDiff } as unknown as CreditRecord
    // The file as the previous build left it: schema version 1 only, each record one JSON text
    // (in a directory of this proof system: one of an older one is refused, dataDirProofSystem.test.ts).
    claimDataDirProofSystem(dirname(path), 'base-layer.sqlite')
    const old = new Database(path)
    old.exec(BASE_LAYER_MIGRATIONS[0]!.sqlite)
    old.exec(`CREATE TABLE ${MIGRATIONS_TABLE} (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at_ms INTEGER NOT NULL)`)
    old.prepare(`INSERT INTO ${MIGRATIONS_TABLE} VALUES (1, 'v1', 0)`).run()
    old.prepare('INSERT INTO accounts (owner_id, record) VALUES (?, ?)').run('owner', encodeStoredJson(account))
    old.prepare('INSERT INTO agreements (shard, record) VALUES (?, ?)').run(3, encodeStoredJson(agreement))
    old.prepare('INSERT INTO agreements (shard, record) VALUES (?, ?)').run(4, encodeStoredJson(plainAgreement))
    old.prepare('INSERT INTO shards (shard, record) VALUES (?, ?)').run(3, encodeStoredJson(shard))
    old.prepare('INSERT INTO shards (shard, record) VALUES (?, ?)').run(4, encodeStoredJson({ ...shard, shard: 4, creditsQueued: 1n, creditsConsumed: 0n }))
    old.prepare('INSERT INTO sdls (hash, record, content) VALUES (?, ?, ?)').run('h', encodeStoredJson(applied), encodeStoredJson({ n: U64_MAX }))
    old.prepare('INSERT INTO sdls (hash, record, content) VALUES (?, ?, NULL)').run('f', encodeStoredJson(failed))
    old.prepare('INSERT INTO credits (shard, id, record) VALUES (?, ?, ?)').run(4, 1, encodeStoredJson(credit))
    old.close()

    const store = new SqliteBaseLayerStore(path)
    try {
      assert.deepEqual(await store.getAccount('owner'), account)
      assert.deepEqual(await store.getAgreement(3), agreement)
      assert.deepEqual(await store.getAgreement(4), plainAgreement)
      assert.deepEqual(await store.getShard(3), shard)
      assert.deepEqual(await store.getSdl('h'), applied)
      assert.deepEqual(await store.getSdl('f'), failed)
      assert.deepEqual(await store.listCredits(4, 0n, 10), [credit])
      // The next credit of the shard continues its queue.
      await store.transaction(async (tx) => appendCredits(tx, [{ shard: 4, sourceShard: 3, sourceSdlHash: 'h2', stateDiff: credit.stateDiff }]))
      assert.deepEqual((await store.listCredits(4, 1n, 10)).map((next) => next.id), [2n])
    } finally {
      await store.close()
    }
    const check = new Database(path)
    assert.deepEqual(check.prepare(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`).pluck().all(), BASE_LAYER_MIGRATIONS.map((migration) => migration.version))
    assert.equal(check.prepare("SELECT content FROM sdls WHERE hash = 'h'").pluck().get(), encodeStoredJson({ n: U64_MAX }))
    check.close()
    rmSync(dirname(path), { recursive: true, force: true })
  })
})
