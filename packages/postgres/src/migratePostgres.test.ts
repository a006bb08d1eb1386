import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import pg from 'pg'
import { migratePostgres } from './migratePostgres.ts'
import type { StoreMigration } from './StoreMigration.ts'
import { StoreSchemaTooNewError } from './StoreSchemaTooNewError.ts'
import { VERITY_VERSION } from '@verity/core'
import { StoreWrittenByNewerVersionError } from './releases/StoreWrittenByNewerVersionError.ts'
import { assertPostgresReachable } from './testing/assertPostgresReachable.ts'
import { createTestDatabase, type TestDatabase } from './testing/createTestDatabase.ts'
import { withClient } from './testing/withClient.ts'

const MIGRATIONS: readonly StoreMigration[] = [
  { version: 1, description: 'items', sqlite: '', postgres: 'CREATE TABLE items (id integer PRIMARY KEY)' },
  { version: 2, description: 'item names', sqlite: '', postgres: 'ALTER TABLE items ADD COLUMN name text' },
]
const TABLE = 'test_migrations'
const LOCK_KEY = '42'

async function migrateOnce(url: string, migrations = MIGRATIONS): Promise<number[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await migratePostgres({ client, table: TABLE, lockKey: LOCK_KEY, migrations, nowMs: 1_000, service: 'domain', proofSystem: 'test-proofs/1' })
  } finally {
    await client.end()
  }
}

test('PostgreSQL is reachable (CI runs it; these tests fail without it, never skip)', async () => {
  await assertPostgresReachable()
})

describe('migratePostgres', () => {
  let database: TestDatabase
  before(async () => {
    database = await createTestDatabase()
  })
  after(async () => {
    await database?.drop()
  })

  test('processes starting at once apply each migration exactly once, in its own table', async () => {
    const applied = await Promise.all([1, 2, 3, 4].map(() => migrateOnce(database.url)))
    assert.deepEqual(applied.flat().sort(), [1, 2])
    assert.equal(applied.filter((versions) => versions.length > 0).length, 1)
    const { rows } = await withClient(database.url, (client) => client.query(`SELECT version, description, applied_at_ms FROM ${TABLE} ORDER BY version`))
    assert.deepEqual(rows, [
      { version: 1, description: 'items', applied_at_ms: '1000' },
      { version: 2, description: 'item names', applied_at_ms: '1000' },
    ])
    assert.deepEqual(await migrateOnce(database.url), [])
  })

  test('a failing migration rolls back with its version row', async () => {
    const broken = [...MIGRATIONS, { version: 3, description: 'broken', sqlite: '', postgres: 'ALTER TABLE missing ADD COLUMN x integer' }]
    await assert.rejects(migrateOnce(database.url, broken), /missing/)
    const { rows } = await withClient(database.url, (client) => client.query(`SELECT max(version) AS latest FROM ${TABLE}`))
    assert.equal(rows[0].latest, 2)
  })

  test('a database migrated by a newer build is refused rather than misread', async () => {
    await assert.rejects(migrateOnce(database.url, MIGRATIONS.slice(0, 1)), (error: unknown) => {
      assert.ok(error instanceof StoreSchemaTooNewError)
      assert.equal(error.code, 'STORE_SCHEMA_TOO_NEW')
      assert.deepEqual(error.fields, { service: 'domain', backend: 'postgres', versionFound: 2, versionKnown: 1 })
      assert.match(error.message, /^postgres domain store has schema version 2, newer than 1 \(the latest this build knows\): run a newer domain/)
      return true
    })
  })

  test('the schema records the releases that opened it; one a newer release opened is refused naming it, and nothing changes', async () => {
    const releases = () => withClient(database.url, async (client) => (await client.query(`SELECT version, proof_system, first_opened_at_ms, last_opened_at_ms FROM ${TABLE}_releases ORDER BY version`)).rows)
    assert.deepEqual(await releases(), [{ version: VERITY_VERSION, proof_system: 'test-proofs/1', first_opened_at_ms: '1000', last_opened_at_ms: '1000' }])
    await withClient(database.url, (client) => client.query(`INSERT INTO ${TABLE}_releases VALUES ('99.0.0', 'future-proofs/9', 5, 6)`))
    const before = await releases()
    // This build would apply a third migration: refused first, it applies nothing.
    const third = [...MIGRATIONS, { version: 3, description: 'item prices', sqlite: '', postgres: 'ALTER TABLE items ADD COLUMN price integer' }]
    await assert.rejects(migrateOnce(database.url, third), (error: unknown) => {
      assert.ok(error instanceof StoreWrittenByNewerVersionError)
      assert.deepEqual(error.fields, { service: 'domain', backend: 'postgres', versionFound: '99.0.0', versionRunning: VERITY_VERSION })
      assert.match(error.message, /^the postgres domain store was written by Verity 99\.0\.0, newer than this /)
      return true
    })
    assert.deepEqual(await releases(), before)
    const { rows } = await withClient(database.url, (client) => client.query(`SELECT max(version) AS latest FROM ${TABLE}`))
    assert.equal(rows[0].latest, 2)
  })
})
