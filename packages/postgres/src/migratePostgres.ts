import assert from 'node:assert/strict'
import type pg from 'pg'
import type { PostgresMigration } from './PostgresMigration.ts'
import { StoreSchemaTooNewError } from './StoreSchemaTooNewError.ts'
import type { StoreService } from './StoreService.ts'

export type MigratePostgresOptions = {
  /** One connection: the advisory lock is held by the session. */
  client: pg.ClientBase
  /** The service's own migrations table (`version`, `description`, `applied_at_ms`), created if absent. */
  table: string
  /** Key (an int8, as decimal text) of the session advisory lock that serialises this service's migrations. */
  lockKey: string
  migrations: readonly PostgresMigration[]
  /** Recorded as `applied_at_ms` of the versions applied now. */
  nowMs: number
  /** Whose store this is, for the wording of StoreSchemaTooNewError. */
  service: StoreService
}

/**
 * Applies the migrations the database lacks, each with its version row in one transaction.
 * Processes starting at once take turns on an advisory lock: the first migrates, the others then
 * find the versions applied and skip them. Returns the versions applied now. Refuses a database
 * migrated by a newer build (StoreSchemaTooNewError).
 */
export async function migratePostgres(options: MigratePostgresOptions): Promise<number[]> {
  const { client, table, lockKey, migrations, nowMs, service } = options
  // An identifier cannot be a query parameter: the table name is the service's constant, checked here.
  assert.match(table, /^[a-z_][a-z0-9_]*$/, 'migrations table name')
  await client.query('SELECT pg_advisory_lock($1::bigint)', [lockKey])
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (version integer PRIMARY KEY, description text NOT NULL, applied_at_ms bigint NOT NULL)`)
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${table} ORDER BY version`)
    const present = new Set(rows.map((row) => row.version))
    const known = Math.max(0, ...migrations.map((migration) => migration.version))
    const found = Math.max(0, ...present)
    if (found > known) throw new StoreSchemaTooNewError({ service, backend: 'postgres', versionFound: found, versionKnown: known })
    const applied: number[] = []
    for (const migration of migrations) {
      if (present.has(migration.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query(`INSERT INTO ${table} (version, description, applied_at_ms) VALUES ($1, $2, $3)`, [
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
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey])
  }
}
