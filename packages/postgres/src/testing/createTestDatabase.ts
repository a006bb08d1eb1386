// A fresh PostgreSQL database for one test file: created through the `postgres` maintenance
// database, dropped when the file is done. CI runs PostgreSQL (.ci/run starts it), so an
// unreachable server fails the tests with a message saying so, never skips them.
import { randomBytes } from 'node:crypto'
import { TEST_POSTGRES_URL } from './TEST_POSTGRES_URL.ts'
import { withClient } from './withClient.ts'

export type TestDatabase = {
  name: string
  url: string
  /** Empties the database (drops and re-creates its public schema) for the next test. */
  reset(): Promise<void>
  drop(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  // A database name is an identifier, which cannot be a query parameter: it is ours (fixed
  // prefix, random hex) and quoted with escapeIdentifier.
  const name = `verity_test_${randomBytes(8).toString('hex')}`
  await withClient(TEST_POSTGRES_URL, (admin) => admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`))
  const url = new URL(TEST_POSTGRES_URL)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async reset() {
      await withClient(url.toString(), (client) => client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public'))
    },
    async drop() {
      await withClient(TEST_POSTGRES_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`))
    },
  }
}
