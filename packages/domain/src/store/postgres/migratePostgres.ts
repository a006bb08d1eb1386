import type pg from 'pg'
import { StoreSchemaTooNewError } from '../../errors/storeErrors.ts'
import type { PostgresMigration } from './postgresMigrations.ts'

/** Key of the session advisory lock that serialises the domain's migrations of one database (the bytes of "VRTYDM01" as an int8). */
export const MIGRATION_LOCK_KEY = Buffer.from('VRTYDM01', 'latin1').readBigInt64BE().toString()

/**
 * Applies the migrations the database lacks, each with its version row in one transaction.
 * Domains starting at once take turns on an advisory lock: the first migrates, the others then
 * find the versions applied and skip them. Returns the versions applied now. Refuses a database
 * migrated by a newer build (StoreSchemaTooNewError).
 */
export async function migratePostgres(client: pg.ClientBase, migrations: readonly PostgresMigration[], nowMs: number): Promise<number[]> {
  await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY])
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS domain_migrations (version integer PRIMARY KEY, description text NOT NULL, applied_at_ms bigint NOT NULL)',
    )
    const { rows } = await client.query<{ version: number }>('SELECT version FROM domain_migrations ORDER BY version')
    const present = new Set(rows.map((row) => row.version))
    const known = Math.max(0, ...migrations.map((migration) => migration.version))
    const latest = Math.max(0, ...present)
    if (latest > known) throw new StoreSchemaTooNewError({ backend: 'postgres', versionFound: latest, versionKnown: known })
    const applied: number[] = []
    for (const migration of migrations) {
      if (present.has(migration.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query('INSERT INTO domain_migrations (version, description, applied_at_ms) VALUES ($1, $2, $3)', [
          migration.version,
          migration.description,
          nowMs,
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
      applied.push(migration.version)
    }
    return applied
  } finally {
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY])
  }
}
