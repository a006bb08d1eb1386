// A connection the server ends while it is checked out of the pool (PostgreSQL restarted, the
// backend terminated) must fail the work on it, never crash the process with an unhandled
// 'error' event, and the pool must serve the next query on a new connection.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import { openMigratedPool } from './openMigratedPool.ts'
import { createTestDatabase, type TestDatabase } from './testing/createTestDatabase.ts'
import { withClient } from './testing/withClient.ts'

describe('openMigratedPool: a checked-out connection that the server ends', () => {
  let database: TestDatabase
  let pool: pg.Pool
  before(async () => {
    database = await createTestDatabase()
    pool = await openMigratedPool({
      databaseUrl: database.url,
      pool: { max: 2 },
      service: 'orchestrator',
      table: 'test_migrations',
      lockKey: '4242',
      migrations: [],
      nowMs: Date.now(),
      proofSystem: 'test-proofs/1',
    })
  })
  after(async () => {
    await pool?.end()
    await database?.drop()
  })

  test('ends the work on it with an error, not the process; the next query gets a new connection', async () => {
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const client = await pool.connect()
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      await client.query('BEGIN')
      // Between two statements of a transaction, as a store's transaction helper runs them.
      await withClient(database.url, (admin) => admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]))
      await sleep(200)
      await assert.rejects(client.query('SELECT 1'))
      client.release(true)
      assert.deepEqual(uncaught, [])
      assert.equal((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one, 1)
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })
})
