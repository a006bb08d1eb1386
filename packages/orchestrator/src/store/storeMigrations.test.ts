import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import Database from 'better-sqlite3'
import { StoreSchemaTooNewError, StoreUnavailableError } from '@verity/postgres'
import { closedPort } from '../testing/closedPort.ts'
import { createTestDatabase, withClient, type TestDatabase } from '@verity/postgres'
import { openOrchestratorStore } from './openOrchestratorStore.ts'
import { PostgresOrchestratorStore } from './postgres/PostgresOrchestratorStore.ts'
import { MIGRATIONS_TABLE, ORCHESTRATOR_MIGRATIONS } from './orchestratorMigrations.ts'
import { SQLITE_FILE_NAME, SqliteOrchestratorStore } from './SqliteOrchestratorStore.ts'

describe('store migrations', () => {
  let dataDir: string
  let database: TestDatabase
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-migrate-'))
    database = await createTestDatabase()
  })
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    await database?.drop()
  })

  test('sqlite: a file from before numbered migrations is upgraded in place, its jobs intact', async () => {
    const dir = join(dataDir, 'old')
    const store = new SqliteOrchestratorStore(dir)
    await store.close()
    // Rebuild the file as the first release left it: the v1 tables, user_version 0.
    rmSync(join(dir, SQLITE_FILE_NAME))
    const old = new Database(join(dir, SQLITE_FILE_NAME))
    old.exec(ORCHESTRATOR_MIGRATIONS[0]!.sqlite)
    old
      .prepare(
        `INSERT INTO intents (id, template_id, shape, signed_intent_json, status, created_at_ms, expires_at_ms, proposal_json, proposed_at_ms, job_attempts)
         VALUES ('i', 't', 'B', '{}', 'proving', 1, 2, '{}', 1, 1)`,
      )
      .run()
    old.close()
    const upgraded = new SqliteOrchestratorStore(dir)
    try {
      assert.deepEqual(await upgraded.claimJobs({ owner: 'o', limit: 5, nowMs: 10, leaseExpiresAtMs: 20 }), [{ intentId: 'i', attempt: 2 }])
    } finally {
      await upgraded.close()
    }
    const check = new Database(join(dir, SQLITE_FILE_NAME))
    assert.equal(check.pragma('user_version', { simple: true }), ORCHESTRATOR_MIGRATIONS.length)
    assert.deepEqual(check.prepare(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`).pluck().all(), [1, 2, 3])
    check.close()
  })

  test('sqlite: a file of the previous build (its version in user_version only) opens with its intents', async () => {
    const dir = join(dataDir, 'previous')
    const store = new SqliteOrchestratorStore(dir)
    await store.close()
    // Rebuild the file as the previous build left it: both versions applied, no migrations table.
    rmSync(join(dir, SQLITE_FILE_NAME))
    const old = new Database(join(dir, SQLITE_FILE_NAME))
    for (const migration of ORCHESTRATOR_MIGRATIONS.slice(0, 2)) old.exec(migration.sqlite)
    old.pragma('user_version = 2')
    old.prepare(`INSERT INTO intents (id, template_id, shape, signed_intent_json, status, created_at_ms, expires_at_ms) VALUES ('p', 't', 'A', '{}', 'pending', 1, 2)`).run()
    old.close()
    const upgraded = new SqliteOrchestratorStore(dir)
    try {
      assert.equal((await upgraded.getIntent('p'))?.status, 'pending')
    } finally {
      await upgraded.close()
    }
    const check = new Database(join(dir, SQLITE_FILE_NAME))
    assert.deepEqual(check.prepare(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`).pluck().all(), [1, 2, 3])
    check.close()
  })

  test('sqlite: a file from a newer build is refused', async () => {
    const dir = join(dataDir, 'newer')
    await new SqliteOrchestratorStore(dir).close()
    const newer = new Database(join(dir, SQLITE_FILE_NAME))
    newer.pragma('user_version = 99')
    newer.close()
    assert.throws(() => new SqliteOrchestratorStore(dir), (error: unknown) => {
      assert.ok(error instanceof StoreSchemaTooNewError)
      assert.equal(error.code, 'STORE_SCHEMA_TOO_NEW')
      assert.match(error.message, /schema version 99, this build knows up to 3/)
      return true
    })
  })

  test('postgres: instances starting at once migrate once; a newer schema is refused', async () => {
    const stores = await Promise.all(Array.from({ length: 4 }, () => openOrchestratorStore({ databaseUrl: database.url, dataDir: 'unused' })))
    for (const store of stores) assert.equal(store.backend, 'postgres')
    await Promise.all(stores.map((store) => store.close()))
    const { rows } = await withClient(database.url, (client) => client.query('SELECT version FROM orchestrator_migrations ORDER BY version'))
    assert.deepEqual(rows.map((row) => row.version), [1, 2, 3])
    await withClient(database.url, (client) =>
      client.query("INSERT INTO orchestrator_migrations (version, description, applied_at_ms) VALUES (99, 'from the future', 0)"),
    )
    await assert.rejects(PostgresOrchestratorStore.open(database.url), StoreSchemaTooNewError)
  })

  test('postgres: a database of the previous build (version 1 only) opens with its intents; version 2 is recorded', async () => {
    const previous = await createTestDatabase()
    try {
      await withClient(previous.url, async (client) => {
        await client.query(ORCHESTRATOR_MIGRATIONS[0]!.postgres)
        await client.query(`CREATE TABLE ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, description text NOT NULL, applied_at_ms bigint NOT NULL)`)
        await client.query(`INSERT INTO ${MIGRATIONS_TABLE} VALUES (1, 'v1', 0)`)
        await client.query(
          `INSERT INTO orchestrator_intents (id, template_id, shape, signed_intent_json, status, created_at_ms, expires_at_ms) VALUES ('p', 't', 'A', '{}', 'pending', 1, 2)`,
        )
      })
      const store = await PostgresOrchestratorStore.open(previous.url)
      try {
        assert.equal((await store.getIntent('p'))?.status, 'pending')
      } finally {
        await store.close()
      }
      const { rows } = await withClient(previous.url, (client) => client.query(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`))
      assert.deepEqual(rows.map((row) => row.version), [1, 2, 3])
    } finally {
      await previous.drop()
    }
  })

  test('postgres: an unreachable server is a StoreUnavailableError naming it, without the password', async () => {
    const url = `postgres://postgres:secret@127.0.0.1:${await closedPort()}/verity`
    await assert.rejects(PostgresOrchestratorStore.open(url), (error: unknown) => {
      assert.ok(error instanceof StoreUnavailableError)
      assert.equal(error.code, 'STORE_UNAVAILABLE')
      assert.match(error.message, /^cannot open the postgres store at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/verity: /)
      assert.doesNotMatch(error.message, /secret/)
      return true
    })
  })
})
