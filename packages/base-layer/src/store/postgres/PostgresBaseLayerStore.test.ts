import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import pg from 'pg'
import { StoreSchemaTooNewError, StoreUnavailableError } from '@verity/postgres'
import { assertPostgresReachable, createTestDatabase, type TestDatabase } from '@verity/postgres'
import { describeStoreContract } from '../storeContract.ts'
import { PostgresBaseLayerStore } from './PostgresBaseLayerStore.ts'
import { BASE_LAYER_MIGRATIONS, MIGRATIONS_TABLE } from '../baseLayerMigrations.ts'

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
      assert.deepEqual(rows.map((row) => row.version), BASE_LAYER_MIGRATIONS.map((migration) => migration.version))
      // A database migrated by a newer build is refused rather than misread.
      await client.query('INSERT INTO migrations (version, description, applied_at_ms) VALUES ($1, $2, $3)', [999, 'from the future', 0])
    } finally {
      await client.end()
    }
    await assert.rejects(PostgresBaseLayerStore.open(fresh.url), (error) => {
      assert.ok(error instanceof StoreSchemaTooNewError)
      assert.match(error.message, new RegExp(`schema version 999, newer than ${BASE_LAYER_MIGRATIONS.length}`))
      return true
    })
  })

  test('a database of the previous build (guardrail program ids as text[]) opens with its agreements as they were', async () => {
    const previous = await createTestDatabase()
    try {
      const client = new pg.Client({ connectionString: previous.url })
      await client.connect()
      try {
        for (const migration of BASE_LAYER_MIGRATIONS.slice(0, 2)) await client.query(migration.postgres)
        await client.query(`CREATE TABLE ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, description text NOT NULL, applied_at_ms bigint NOT NULL)`)
        await client.query(`INSERT INTO ${MIGRATIONS_TABLE} VALUES (1, 'v1', 0), (2, 'v2', 0)`)
        await client.query(
          `INSERT INTO agreements (shard, operator, operator_owner_id, guardrail_program_ids, created_at_ms, activates_at_ms, guardrails)
           VALUES (7, 'op', 'owner', ARRAY['g1', 'g "2"'], 1, 2, NULL), (8, 'op', 'owner', ARRAY[]::text[], 3, 4, NULL)`,
        )
      } finally {
        await client.end()
      }
      const store = await PostgresBaseLayerStore.open(previous.url)
      try {
        assert.deepEqual(await store.getAgreement(7), { shard: 7, operator: 'op', operatorOwnerId: 'owner', guardrailProgramIds: ['g1', 'g "2"'], createdAtMs: 1, activatesAtMs: 2 })
        assert.deepEqual((await store.getAgreement(8))?.guardrailProgramIds, [])
      } finally {
        await store.close()
      }
    } finally {
      await previous.drop()
    }
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
