import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import pg from 'pg'
import { StoreSchemaTooNewError, StoreUnavailableError } from '@verity/postgres'
import { assertPostgresReachable, createTestDatabase, type TestDatabase } from '@verity/postgres'
import { describeStoreContract } from '../storeContract.ts'
import { PostgresBaseLayerStore } from './PostgresBaseLayerStore.ts'
import { postgresMigrations } from './postgresMigrations.ts'

let database: TestDatabase | undefined

test('PostgreSQL is reachable (CI runs it; these tests fail without it, never skip)', async () => {
  await assertPostgresReachable()
})

describeStoreContract({
  name: 'postgres',
  async setUp() {
    database = await createTestDatabase()
  },
  async openStore() {
    return await PostgresBaseLayerStore.open(database!.url)
  },
  hasConcurrentNodes: true,
  async tearDown() {
    await database?.drop()
  },
})

describe('PostgreSQL migrations', () => {
  let fresh: TestDatabase
  before(async () => {
    fresh = await createTestDatabase()
  })
  after(async () => {
    await fresh?.drop()
  })

  test('nodes starting at once on an empty database apply each migration exactly once', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => PostgresBaseLayerStore.open(fresh.url)))
    await Promise.all(stores.map((store) => store.close()))
    const reopened = await PostgresBaseLayerStore.open(fresh.url)
    await reopened.close()
    const client = new pg.Client({ connectionString: fresh.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ version: number }>('SELECT version FROM migrations ORDER BY version')
      assert.deepEqual(rows.map((row) => row.version), postgresMigrations.map((migration) => migration.version))
      // A database migrated by a newer build is refused rather than misread.
      await client.query('INSERT INTO migrations (version, description, applied_at_ms) VALUES ($1, $2, $3)', [999, 'from the future', 0])
    } finally {
      await client.end()
    }
    await assert.rejects(PostgresBaseLayerStore.open(fresh.url), (error) => {
      assert.ok(error instanceof StoreSchemaTooNewError)
      assert.match(error.message, new RegExp(`schema version 999, newer than ${postgresMigrations.at(-1)!.version}`))
      return true
    })
  })

  test('an unreachable server is a StoreUnavailableError naming it, without the password', async () => {
    await assert.rejects(PostgresBaseLayerStore.open('postgres://postgres:secret@127.0.0.1:1/verity'), (error) => {
      assert.ok(error instanceof StoreUnavailableError)
      assert.equal(error.code, 'STORE_UNAVAILABLE')
      assert.match(error.message, /postgres store at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/verity is unavailable/)
      assert.doesNotMatch(error.message, /secret/)
      return true
    })
  })
})
