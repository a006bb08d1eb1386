import type pg from 'pg'
import { VERITY_VERSION } from '@verity/core'
import { migrationsTableSql, planMigrations } from './planMigrations.ts'
import { assertNoNewerRelease, recordReleaseSql, releasesTableOf, releasesTableSql } from './releases/storeReleases.ts'
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
  /** The proof system of the proofs this release stores (`PROOF_SYSTEM` of @verity/prover), recorded with its version. */
  proofSystem: string
}

/**
 * Applies the migrations the database lacks (their `postgres` SQL), each with its version row in
 * one transaction. Processes starting at once take turns on an advisory lock: the first migrates,
 * the others then find the versions applied and skip them. Returns the versions applied now.
 * Refuses a database migrated by a newer build (StoreSchemaTooNewError, see planMigrations), or
 * opened by a newer release (StoreWrittenByNewerVersionError, from `<table>_releases`), before it
 * changes anything; then records this release (version, proof system) in `<table>_releases`.
 */
export async function migratePostgres(options: MigratePostgresOptions): Promise<number[]> {
  const { client, lockKey } = options
  await client.query('SELECT pg_advisory_lock($1::bigint)', [lockKey])
  try {
    return await applyMissingMigrations(options, async (step) => {
      await client.query('BEGIN')
      try {
        await step()
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
    })
  } finally {
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey])
  }
}

/**
 * migratePostgres's work once the service's lock is held: refuses a newer release's database, then
 * runs each missing migration with its version row as one `step` (its own transaction, or, for a
 * rehearsal, part of the caller's: rehearsePostgresMigrations), then records this release.
 */
export async function applyMissingMigrations(options: Omit<MigratePostgresOptions, 'lockKey'>, step: (run: () => Promise<void>) => Promise<void>): Promise<number[]> {
  const { client, table, migrations, nowMs, service, proofSystem } = options
  const releases = releasesTableOf(table)
  // Both are there already on a database a newer release wrote: creating them changes nothing there.
  await client.query(migrationsTableSql(table))
  await client.query(releasesTableSql(releases))
  const recorded = await client.query<{ version: string }>(`SELECT version FROM ${releases}`)
  assertNoNewerRelease(recorded.rows.map((row) => row.version), { service, backend: 'postgres' })
  const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${table} ORDER BY version`)
  const missing = planMigrations({ appliedVersions: rows.map((row) => row.version), migrations, service, backend: 'postgres' })
  for (const migration of missing) {
    await step(async () => {
      if (migration.postgres !== '') await client.query(migration.postgres)
      await client.query(`INSERT INTO ${table} (version, description, applied_at_ms) VALUES ($1, $2, $3)`, [migration.version, migration.description, nowMs])
    })
  }
  await client.query(recordReleaseSql(releases, 'postgres'), [VERITY_VERSION, proofSystem, nowMs, nowMs])
  return missing.map((migration) => migration.version)
}
