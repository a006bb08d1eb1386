import { VERITY_VERSION } from '@verity/core'
import { migrationsTableSql, planMigrations } from './planMigrations.ts'
import { assertNoNewerRelease, recordReleaseSql, releasesTableOf, releasesTableSql } from './releases/storeReleases.ts'
import type { StoreMigration } from './StoreMigration.ts'
import type { StoreService } from './StoreService.ts'

/** What the migration runner needs of a SQLite connection (better-sqlite3's Database has it). */
export type SqliteMigrationConnection = {
  exec(sql: string): unknown
  prepare(sql: string): { all(...params: unknown[]): unknown[]; run(...params: unknown[]): unknown }
  pragma(source: string, options: { simple: true }): unknown
  readonly inTransaction: boolean
}

export type MigrateSqliteOptions = {
  db: SqliteMigrationConnection
  /** The service's migrations table (the same name as on PostgreSQL), created if absent. */
  table: string
  migrations: readonly StoreMigration[]
  /** Recorded as `applied_at_ms` of the versions applied now. */
  nowMs: number
  /** Whose store this is, for the wording of StoreSchemaTooNewError. */
  service: StoreService
  /** The proof system of the proofs this release stores (`PROOF_SYSTEM` of @verity/prover), recorded with its version. */
  proofSystem: string
}

/**
 * Applies the migrations the file lacks (their `sqlite` SQL) in one IMMEDIATE transaction with
 * their version rows: a second process opening the file waits on SQLite's write lock, then finds
 * them applied. Returns the versions applied now; refuses a file migrated by a newer build
 * (StoreSchemaTooNewError). `PRAGMA user_version` is kept equal to the latest version: files
 * that recorded their version only there (the orchestrator's, before this table) count versions
 * 1..user_version as applied, and builds that read only user_version refuse newer files. The file records the releases that opened
 * it (`<table>_releases`: version, proof system); one written by a newer release is refused
 * (StoreWrittenByNewerVersionError) and the transaction rolled back, so nothing changes.
 */
export function migrateSqlite(options: MigrateSqliteOptions): number[] {
  const { db, table, migrations, nowMs, service, proofSystem } = options
  const createTable = migrationsTableSql(table)
  const releases = releasesTableOf(table)
  db.exec('BEGIN IMMEDIATE')
  try {
    db.exec(createTable)
    db.exec(releasesTableSql(releases))
    assertNoNewerRelease((db.prepare(`SELECT version FROM ${releases}`).all() as { version: string }[]).map((row) => row.version), { service, backend: 'sqlite' })
    const recorded = (db.prepare(`SELECT version FROM ${table}`).all() as { version: number }[]).map((row) => row.version)
    const userVersion = Number(db.pragma('user_version', { simple: true }))
    const adopted = Array.from({ length: userVersion }, (_, index) => index + 1).filter((version) => !recorded.includes(version))
    const missing = planMigrations({ appliedVersions: [...recorded, ...adopted], migrations, service, backend: 'sqlite' })
    const record = db.prepare(`INSERT INTO ${table} (version, description, applied_at_ms) VALUES (?, ?, ?)`)
    for (const version of adopted) record.run(version, migrations[version - 1]!.description, nowMs)
    for (const migration of missing) {
      if (migration.sqlite !== '') db.exec(migration.sqlite)
      record.run(migration.version, migration.description, nowMs)
    }
    // A pragma takes no parameters; the version is a count of our own constants.
    db.pragma(`user_version = ${Math.trunc(migrations.length)}`, { simple: true })
    db.prepare(recordReleaseSql(releases, 'sqlite')).run(VERITY_VERSION, proofSystem, nowMs, nowMs)
    db.exec('COMMIT')
    return missing.map((migration) => migration.version)
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw error
  }
}
