import type pg from 'pg'
import { applyMissingMigrations, type MigratePostgresOptions } from '../migratePostgres.ts'
import { readPostgresStamp, type PostgresStamp } from './readPostgresStamp.ts'

/** One service's migrations on PostgreSQL: what migratePostgres takes, without the connection. */
export type PostgresMigrationSet = Omit<MigratePostgresOptions, 'client'>

/**
 * Rehearses every set's migrations in ONE transaction that is rolled back (PostgreSQL's DDL is
 * transactional): `prepare` runs first in it (a conversion of stored data the upgrade makes before
 * migrating, say), then each service's lock is taken for the transaction, its missing migrations
 * and this release's row are applied exactly as migratePostgres would, and its stamp is read; then
 * nothing is kept. A refusal (a newer release, a schema this build does not know, a failing
 * migration, whatever `prepare` throws) is thrown as it would be by the real run, with the database
 * unchanged. Returns each set's stamp after, and what `prepare` returned.
 */
export async function rehearsePostgresMigrations<T>(client: pg.ClientBase, sets: readonly PostgresMigrationSet[], prepare: (client: pg.ClientBase) => Promise<T>): Promise<{ after: PostgresStamp[]; prepared: T }> {
  await client.query('BEGIN')
  try {
    const prepared = await prepare(client)
    const after: PostgresStamp[] = []
    for (const set of sets) {
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [set.lockKey])
      await applyMissingMigrations({ ...set, client }, (run) => run())
      after.push(await readPostgresStamp(client, set.table))
    }
    return { after, prepared }
  } finally {
    await client.query('ROLLBACK')
  }
}
