import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import Database from 'better-sqlite3'
import { migrateSqlite } from './migrateSqlite.ts'
import type { StoreMigration } from './StoreMigration.ts'
import { StoreSchemaTooNewError } from './StoreSchemaTooNewError.ts'
import { VERITY_VERSION } from '@verity/core'
import { StoreWrittenByNewerVersionError } from './releases/StoreWrittenByNewerVersionError.ts'

const MIGRATIONS: readonly StoreMigration[] = [
  { version: 1, description: 'items', sqlite: 'CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY)', postgres: '' },
  { version: 2, description: 'nothing on sqlite', sqlite: '', postgres: 'SELECT 1' },
  { version: 3, description: 'item names', sqlite: 'ALTER TABLE items ADD COLUMN name TEXT', postgres: '' },
]
const TABLE = 'test_migrations'
const dir = mkdtempSync(join(tmpdir(), 'verity-migrate-sqlite-'))
after(() => rmSync(dir, { recursive: true, force: true }))

function migrateFile(path: string, migrations = MIGRATIONS, nowMs = 1_000): number[] {
  const db = new Database(path)
  try {
    return migrateSqlite({ db, table: TABLE, migrations, nowMs, service: 'domain', proofSystem: 'test-proofs/1' })
  } finally {
    db.close()
  }
}

function readVersions(path: string): { versions: number[]; userVersion: number } {
  const db = new Database(path)
  try {
    const rows = db.prepare(`SELECT version FROM ${TABLE} ORDER BY version`).all() as { version: number }[]
    return { versions: rows.map((row) => row.version), userVersion: db.pragma('user_version', { simple: true }) as number }
  } finally {
    db.close()
  }
}

test('applies each migration once, records it (an empty one too) and sets user_version', () => {
  const path = join(dir, 'fresh.sqlite')
  assert.deepEqual(migrateFile(path, MIGRATIONS.slice(0, 2)), [1, 2])
  assert.deepEqual(migrateFile(path), [3])
  assert.deepEqual(migrateFile(path), [])
  assert.deepEqual(readVersions(path), { versions: [1, 2, 3], userVersion: 3 })
})

test('a file created before its schema was tracked adopts version 1 and keeps its rows', () => {
  const path = join(dir, 'untracked.sqlite')
  const old = new Database(path)
  old.exec('CREATE TABLE items (id INTEGER PRIMARY KEY); INSERT INTO items (id) VALUES (7)')
  old.close()
  assert.deepEqual(migrateFile(path), [1, 2, 3])
  const db = new Database(path)
  assert.deepEqual(db.prepare('SELECT id, name FROM items').all(), [{ id: 7, name: null }])
  db.close()
})

test('a file that recorded its version only in user_version counts 1..user_version as applied', () => {
  const path = join(dir, 'user-version.sqlite')
  const old = new Database(path)
  old.exec('CREATE TABLE items (id INTEGER PRIMARY KEY)')
  old.pragma('user_version = 2')
  old.close()
  assert.deepEqual(migrateFile(path), [3])
  assert.deepEqual(readVersions(path), { versions: [1, 2, 3], userVersion: 3 })
})

test('a failing migration rolls back with everything else of that open', () => {
  const path = join(dir, 'broken.sqlite')
  migrateFile(path, MIGRATIONS.slice(0, 1))
  const broken = [...MIGRATIONS, { version: 4, description: 'broken', sqlite: 'ALTER TABLE missing ADD COLUMN x INTEGER', postgres: '' }]
  assert.throws(() => migrateFile(path, broken), /missing/)
  assert.deepEqual(readVersions(path), { versions: [1], userVersion: 1 })
})

test('a file migrated by a newer build is refused, whether the table or user_version says so', () => {
  const path = join(dir, 'newer.sqlite')
  migrateFile(path)
  const isTooNew = (versionFound: number) => (error: unknown) => {
    assert.ok(error instanceof StoreSchemaTooNewError)
    assert.deepEqual(error.fields, { service: 'domain', backend: 'sqlite', versionFound, versionKnown: 2 })
    return true
  }
  assert.throws(() => migrateFile(path, MIGRATIONS.slice(0, 2)), isTooNew(3))
  const db = new Database(path)
  db.pragma('user_version = 9')
  db.close()
  assert.throws(() => migrateFile(path, MIGRATIONS.slice(0, 2)), isTooNew(9))
  assert.deepEqual(readVersions(path).versions, [1, 2, 3])
})

function readReleases(path: string): unknown[] {
  const db = new Database(path)
  try {
    return db.prepare(`SELECT * FROM ${TABLE}_releases ORDER BY version`).all()
  } finally {
    db.close()
  }
}

test('the file records each release that opened it: version, proof system, first and last opening', () => {
  const path = join(dir, 'releases.sqlite')
  migrateFile(path, MIGRATIONS, 1_000)
  migrateFile(path, MIGRATIONS, 2_000)
  assert.deepEqual(readReleases(path), [{ version: VERITY_VERSION, proof_system: 'test-proofs/1', first_opened_at_ms: 1_000, last_opened_at_ms: 2_000 }])
  const db = new Database(path)
  db.prepare(`UPDATE ${TABLE}_releases SET version = '0.1.0'`).run()
  db.close()
  migrateFile(path, MIGRATIONS, 3_000)
  assert.deepEqual(readReleases(path), [
    { version: '0.1.0', proof_system: 'test-proofs/1', first_opened_at_ms: 1_000, last_opened_at_ms: 2_000 },
    { version: VERITY_VERSION, proof_system: 'test-proofs/1', first_opened_at_ms: 3_000, last_opened_at_ms: 3_000 },
  ], 'an older release is kept in the history')
})

test('a file a newer release opened is refused naming that release, and nothing changes (not even a migration this build would apply)', () => {
  const path = join(dir, 'downgrade.sqlite')
  migrateFile(path, MIGRATIONS.slice(0, 2))
  const db = new Database(path)
  db.prepare(`INSERT INTO ${TABLE}_releases VALUES ('99.0.0', 'future-proofs/9', 5, 6), ('99.1.0-rc.1', 'future-proofs/9', 7, 8)`).run()
  db.close()
  const before = { versions: readVersions(path), releases: readReleases(path) }
  assert.throws(() => migrateFile(path, MIGRATIONS, 9_000), (error: unknown) => {
    assert.ok(error instanceof StoreWrittenByNewerVersionError)
    assert.equal(error.code, 'STORE_WRITTEN_BY_NEWER_VERSION')
    assert.deepEqual(error.fields, { service: 'domain', backend: 'sqlite', versionFound: '99.1.0-rc.1', versionRunning: VERITY_VERSION })
    assert.match(error.message, new RegExp(`^the sqlite domain store was written by Verity 99\\.1\\.0-rc\\.1, newer than this ${VERITY_VERSION.replaceAll('.', '\\.')}: run Verity 99\\.1\\.0-rc\\.1 or later on it \\(nothing was changed\\)`))
    return true
  })
  assert.deepEqual({ versions: readVersions(path), releases: readReleases(path) }, before)
  assert.deepEqual(before.versions, { versions: [1, 2], userVersion: 2 })
})

test('a release this build cannot read is refused as newer', () => {
  const path = join(dir, 'unreadable-release.sqlite')
  migrateFile(path)
  const db = new Database(path)
  db.prepare(`INSERT INTO ${TABLE}_releases VALUES ('2027.1', 'x', 1, 1)`).run()
  db.close()
  assert.throws(() => migrateFile(path), (error: unknown) => error instanceof StoreWrittenByNewerVersionError && error.fields.versionFound === '2027.1')
})
