import type pg from 'pg'
import { migrationsTableSql, planMigrations } from './planMigrations.ts'
import type { StoreMigration } from './StoreMigration.ts'
import type { StoreService } from './StoreService.ts'

export type MigratePostgresOptions = {
  /** One connection: the advisory lock is held by the session. */
  client: pg.ClientBase
  /** The service's migrations table (`version`, `description`, `applied_at_ms`), created if absent. */
  table: string
  /** Key (an int8, as decimal text) of the session advisory lock that serialises this service's migrations. */
  lockKey: string
  migrations: readonly StoreMigration[]
  /** Recorded as `applied_at_ms` of the versions applied now. */
  nowMs: number
  /** Whose store this is, for the wording of StoreSchemaTooNewError. */
  service: StoreService
}

/**
 * Applies the migrations the database lacks (their `postgres` SQL), each with its version row in
 * one transaction. Processes starting at once take turns on an advisory lock: the first migrates,
 * the others then find the versions applied and skip them. Returns the versions applied now.
 * Refuses a database migrated by a newer build (StoreSchemaTooNewError, see planMigrations).
 */
export async function migratePostgres(options: MigratePostgresOptions): Promise<number[]> {
  const { client, table, lockKey, migrations, nowMs, service } = options
  const createTable = migrationsTableSql(table)
  await client.query('SELECT pg_advisory_lock($1::bigint)', [lockKey])
  try {
    await client.query(createTable)
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${table} ORDER BY version`)
    const missing = planMigrations({ appliedVersions: rows.map((row) => row.version), migrations, service, backend: 'postgres' })
    for (const migration of missing) {
      await client.query('BEGIN')
      try {
        if (migration.postgres !== '') await client.query(migration.postgres)
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
    }
    return missing.map((migration) => migration.version)
  } finally {
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey])
  }
}
