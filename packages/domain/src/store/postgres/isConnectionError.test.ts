import { test } from 'node:test'
import assert from 'node:assert/strict'
import pg from 'pg'
import { TEST_POSTGRES_URL } from '@verity/postgres'
import { isConnectionError } from './isConnectionError.ts'

test('a refused connection and a terminated session are connection errors; a refused statement is not', async () => {
  const unreachable = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/verity', connectionTimeoutMillis: 2_000 })
  const refused = await unreachable.connect().then(() => null, (error: unknown) => error)
  assert.equal(isConnectionError(refused), true)

  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL })
  client.on('error', () => undefined)
  await client.connect()
  const badStatement = await client.query('SELECT * FROM no_such_table_here').then(() => null, (error: unknown) => error)
  assert.equal(isConnectionError(badStatement), false)
  const terminated = await client.query('SELECT pg_terminate_backend(pg_backend_pid())').then(() => null, (error: unknown) => error)
  assert.equal(isConnectionError(terminated), true, String(terminated))
  await client.end().catch(() => undefined)
  assert.equal(isConnectionError('not an error'), false)
})
