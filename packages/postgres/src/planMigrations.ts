import assert from 'node:assert/strict'
import type { StoreMigration } from './StoreMigration.ts'
import { StoreSchemaTooNewError } from './StoreSchemaTooNewError.ts'
import type { StoreService } from './StoreService.ts'

export type PlanMigrationsInput = {
  /** Versions the database records as applied. */
  appliedVersions: readonly number[]
  /** The service's migrations, versions 1, 2, 3, … in order. */
  migrations: readonly StoreMigration[]
  service: StoreService
  backend: 'sqlite' | 'postgres'
}

/**
 * The migrations a database lacks, in order. Throws StoreSchemaTooNewError when the database has
 * a version this build does not know (a newer build migrated it): we refuse to guess at its schema.
 * The same rule for SQLite and PostgreSQL; the runners only read, apply and record.
 */
export function planMigrations(input: PlanMigrationsInput): StoreMigration[] {
  const { appliedVersions, migrations, service, backend } = input
  migrations.forEach((migration, index) => assert.equal(migration.version, index + 1, 'migration versions run 1, 2, 3, … in order'))
  const versionKnown = migrations.length
  const versionFound = Math.max(0, ...appliedVersions)
  if (versionFound > versionKnown) throw new StoreSchemaTooNewError({ service, backend, versionFound, versionKnown })
  const applied = new Set(appliedVersions)
  return migrations.filter((migration) => !applied.has(migration.version))
}

/** The migrations table's shape, the same for every service and backend; `table` is the service's constant. */
export function migrationsTableSql(table: string): string {
  // An identifier cannot be a query parameter: the table name is the service's constant, checked here.
  assert.match(table, /^[a-z_][a-z0-9_]*$/, 'migrations table name')
  return `CREATE TABLE IF NOT EXISTS ${table} (version integer PRIMARY KEY, description text NOT NULL, applied_at_ms bigint NOT NULL)`
}
