import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestDatabase, withClient, type TestDatabase } from '@verity/postgres'
import { EVENTS_CHANNEL, watchPostgresEvents } from './watchPostgresEvents.ts'

let database: TestDatabase
before(async () => {
  database = await createTestDatabase()
})
after(() => database?.drop())

/** Pids of the sessions LISTENing in our test database. */
async function listenerPids(): Promise<number[]> {
  const { rows } = await withClient(database.url, (client) =>
    client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'", [database.name]),
  )
  return rows.map((row) => row.pid)
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await check()); i += 1) {
    assert.ok(i < 500, `${what} did not happen within 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

test('a notification wakes the watcher; a killed LISTEN connection is re-opened', async () => {
  let wakes = 0
  const errors: unknown[] = []
  const stop = await watchPostgresEvents({ connectionString: database.url, onAppended: () => (wakes += 1), onError: (error) => errors.push(error) })
  try {
    const [first] = await listenerPids()
    assert.ok(first !== undefined)
    let before = wakes
    await withClient(database.url, (client) => client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '1']))
    await eventually(async () => wakes > before, 'a wake-up')
    await withClient(database.url, (client) => client.query('SELECT pg_terminate_backend($1)', [first]))
    await eventually(async () => (await listenerPids()).some((pid) => pid !== first), 'a new LISTEN session')
    assert.ok(errors.length >= 1)
    before = wakes
    await withClient(database.url, (client) => client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '2']))
    await eventually(async () => wakes > before, 'a wake-up after reconnecting')
  } finally {
    await stop()
  }
  await eventually(async () => (await listenerPids()).length === 0, 'the LISTEN session closing')
})
