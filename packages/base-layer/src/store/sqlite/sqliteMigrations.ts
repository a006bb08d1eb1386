import type Database from 'better-sqlite3'
import { StoreSchemaTooNewError } from '@verity/postgres'

/** A schema change, applied once, in order of `version`, each in its own transaction. */
export type SqliteMigration = { version: number; description: string; sql: string }

// Version 1 is the schema files had before migrations were tracked; `IF NOT EXISTS` lets such a
// file adopt it. Records are JSON text (see storedJson.ts) so u64 values keep their exact type.
export const sqliteMigrations: readonly SqliteMigration[] = [
  {
    version: 1,
    description: 'accounts, agreements, shards, vaults, nonces, slot keys, SDLs, credits',
    sql: `
CREATE TABLE IF NOT EXISTS accounts (owner_id TEXT PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS agreements (shard INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shards (shard INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS vaults (address TEXT PRIMARY KEY, shard INTEGER NOT NULL, vault TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS vaults_by_shard ON vaults (shard);
CREATE TABLE IF NOT EXISTS nonces (address TEXT PRIMARY KEY, next_nonce TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS slot_keys (shard INTEGER NOT NULL, position INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY (shard, position));
CREATE TABLE IF NOT EXISTS sdls (hash TEXT PRIMARY KEY, record TEXT NOT NULL, content TEXT);
CREATE TABLE IF NOT EXISTS credits (shard INTEGER NOT NULL, id INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (shard, id));
`,
  },
]

/**
 * Applies the migrations a database lacks, each with its version row in one immediate
 * transaction (a second process opening the file waits on SQLite's write lock, then sees the
 * version and skips it). Returns the versions applied now.
 */
export function migrateSqlite(db: Database.Database, migrations: readonly SqliteMigration[], nowMs: number): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at_ms INTEGER NOT NULL)')
  const latest = (db.prepare('SELECT max(version) AS version FROM migrations').get() as { version: number | null }).version ?? 0
  const known = Math.max(0, ...migrations.map((migration) => migration.version))
  if (latest > known) throw new StoreSchemaTooNewError({ service: 'base layer', backend: 'sqlite', versionFound: latest, versionKnown: known })
  const isApplied = db.prepare('SELECT 1 FROM migrations WHERE version = ?')
  const record = db.prepare('INSERT INTO migrations (version, description, applied_at_ms) VALUES (?, ?, ?)')
  const applied: number[] = []
  for (const migration of migrations) {
    const apply = db.transaction(() => {
      if (isApplied.get(migration.version) !== undefined) return
      db.exec(migration.sql)
      record.run(migration.version, migration.description, nowMs)
      applied.push(migration.version)
    })
    apply.immediate()
  }
  return applied
}
