import Database from 'better-sqlite3'
import { releasesTableOf, type StoreRelease } from './storeReleases.ts'

/** What a SQLite database says about what wrote it: its schema level and the releases that opened it (oldest first). */
export type SqliteStamp = { schemaLevel: number; releases: StoreRelease[] }

/**
 * Reads a service's SQLite file without changing it (opened read-only): the highest version of
 * `migrationsTable` (or PRAGMA user_version for a file from before that table) and the rows of
 * its releases table (none for a file from before 0.2.0).
 */
export function readSqliteStamp(path: string, migrationsTable: string): SqliteStamp {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    const has = (table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined
    const userVersion = Number(db.pragma('user_version', { simple: true }))
    const recorded = has(migrationsTable) ? Number((db.prepare(`SELECT max(version) AS level FROM ${migrationsTable}`).get() as { level: number | null }).level ?? 0) : 0
    const releasesTable = releasesTableOf(migrationsTable)
    const releases = has(releasesTable) ? (db.prepare(`SELECT version, proof_system, first_opened_at_ms, last_opened_at_ms FROM ${releasesTable} ORDER BY first_opened_at_ms, version`).all() as StoreRelease[]) : []
    return { schemaLevel: Math.max(recorded, userVersion), releases }
  } finally {
    db.close()
  }
}
