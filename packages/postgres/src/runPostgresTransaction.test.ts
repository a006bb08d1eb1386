import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import pg from 'pg'
import { runPostgresTransaction } from './runPostgresTransaction.ts'
import { createTestDatabase, type TestDatabase } from './testing/createTestDatabase.ts'

describe('runPostgresTransaction', () => {
  let database: TestDatabase
  let pool: pg.Pool
  before(async () => {
    database = await createTestDatabase()
    pool = new pg.Pool({ connectionString: database.url, max: 2 })
    await pool.query('CREATE TABLE items (id integer PRIMARY KEY)')
  })
  after(async () => {
    await pool?.end()
    await database?.drop()
  })

  const count = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]!.n

  test('commits what fn wrote; a throw rolls all of it back and is passed on', async () => {
    assert.equal(await runPostgresTransaction(pool, { isolation: 'READ COMMITTED', attemptsMax: 1 }, async (client) => (await client.query('INSERT INTO items VALUES (1)'), 'done')), 'done')
    const refusal = new Error('refused halfway')
    await assert.rejects(
      runPostgresTransaction(pool, { isolation: 'READ COMMITTED', attemptsMax: 3 }, async (client) => {
        await client.query('INSERT INTO items VALUES (2)')
        throw refusal
      }),
      refusal,
    )
    assert.equal(await count(), 1)
  })

  test('a serialization failure runs fn again, up to attemptsMax; the last failure is passed on', async () => {
    let runs = 0
    const serializationFailure = () => Object.assign(new Error('could not serialize access'), { code: '40001' })
    const result = await runPostgresTransaction(pool, { isolation: 'SERIALIZABLE', attemptsMax: 3 }, async (client) => {
      runs += 1
      await client.query(`INSERT INTO items VALUES (${10 + runs})`)
      if (runs < 3) throw serializationFailure()
      return runs
    })
    assert.equal(result, 3)
    assert.deepEqual((await pool.query('SELECT id FROM items WHERE id > 10 ORDER BY id')).rows, [{ id: 13 }])
    runs = 0
    await assert.rejects(
      runPostgresTransaction(pool, { isolation: 'SERIALIZABLE', attemptsMax: 2 }, async () => {
        runs += 1
        throw serializationFailure()
      }),
      /could not serialize/,
    )
    assert.equal(runs, 2)
  })
})
