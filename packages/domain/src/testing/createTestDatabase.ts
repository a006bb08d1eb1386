// A fresh PostgreSQL database for one test file (as the base layer's tests do): created through the `postgres` maintenance
// database, dropped when the file is done. CI runs PostgreSQL (.ci/run starts it), so an
// unreachable server fails the tests with a message saying so, never skips them.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The maintenance database the test databases are created from. */
export const TEST_POSTGRES_URL = process.env.VERITY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export type TestDatabase = { name: string; url: string; drop(): Promise<void> }

export async function createTestDatabase(): Promise<TestDatabase> {
  // A database name is an identifier, which cannot be a query parameter: it is ours (fixed prefix,
  // random hex), checked, and quoted with escapeIdentifier.
  const name = `verity_test_${randomBytes(8).toString('hex')}`
  const admin = await connectAdmin()
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`)
  } finally {
    await admin.end()
  }
  const url = new URL(TEST_POSTGRES_URL)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = await connectAdmin()
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${dropper.escapeIdentifier(name)} WITH (FORCE)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

/** Throws the "not reachable" error unless the maintenance database answers (a test of its own,
 *  so an absent server counts as a failed test rather than only as cancelled ones). */
export async function assertPostgresReachable(): Promise<void> {
  const client = await connectAdmin()
  await client.end()
}

async function connectAdmin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${(error as Error).message}). The PostgreSQL store tests need it: ` +
        'start it (.ci/run does: pg_ctlcluster 15 main start) or set VERITY_TEST_POSTGRES_URL.',
      { cause: error },
    )
  }
  return client
}
