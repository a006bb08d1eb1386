// Every data directory says what wrote it (issue 46): beside its migrations table, each service's
// database keeps one row per Verity release that opened it, with the proof system of that release.
// An older release refuses a database a newer one has written, before it changes anything.
import assert from 'node:assert/strict'
import { compareVersions, isVerityVersion, VERITY_VERSION } from '@verity/core'
import type { StoreService } from '../StoreService.ts'
import { StoreWrittenByNewerVersionError } from './StoreWrittenByNewerVersionError.ts'

/** One release that opened a database: its version, its proof system, when it first and last did (ms since the epoch). */
export type StoreRelease = { version: string; proof_system: string; first_opened_at_ms: number; last_opened_at_ms: number }

/** The releases table of a service whose migrations table is `migrationsTable` (`domain_migrations` → `domain_migrations_releases`). */
export function releasesTableOf(migrationsTable: string): string {
  // An identifier cannot be a query parameter: the name is built from the service's constant, checked here.
  assert.match(migrationsTable, /^[a-z_][a-z0-9_]*$/, 'migrations table name')
  return `${migrationsTable}_releases`
}

/** The releases table's shape, the same for every service and backend. */
export function releasesTableSql(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (version text PRIMARY KEY, proof_system text NOT NULL, first_opened_at_ms bigint NOT NULL, last_opened_at_ms bigint NOT NULL)`
}

/**
 * Records this release as having opened the database. Parameters: version, proof system, now in ms
 * (twice: the first and the last opening, the first kept when the row exists). SQLite's placeholders
 * are `?`, PostgreSQL's `$1`; the statement is otherwise the same.
 */
export function recordReleaseSql(table: string, backend: 'sqlite' | 'postgres'): string {
  const values = backend === 'sqlite' ? '?, ?, ?, ?' : '$1, $2, $3, $4'
  return (
    `INSERT INTO ${table} (version, proof_system, first_opened_at_ms, last_opened_at_ms) VALUES (${values}) ` +
    'ON CONFLICT (version) DO UPDATE SET proof_system = excluded.proof_system, last_opened_at_ms = excluded.last_opened_at_ms'
  )
}

/**
 * Throws StoreWrittenByNewerVersionError when a recorded release is newer than VERITY_VERSION, or is
 * not a version this build can read (a newer scheme, or damage: refused rather than guessed at).
 */
export function assertNoNewerRelease(recorded: readonly string[], where: { service: StoreService; backend: 'sqlite' | 'postgres' }): void {
  const newer = recorded.filter((version) => !isVerityVersion(version) || compareVersions(version, VERITY_VERSION) > 0)
  if (newer.length === 0) return
  const newest = newer.reduce((a, b) => (!isVerityVersion(a) ? a : !isVerityVersion(b) ? b : compareVersions(a, b) >= 0 ? a : b))
  throw new StoreWrittenByNewerVersionError({ ...where, versionFound: newest, versionRunning: VERITY_VERSION })
}
