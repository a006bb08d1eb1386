// verity upgrade (issue 46, item 3, for SQLite data directories of verity up): --dry-run rehearses
// on a copy and changes nothing; the upgrade backs up first, migrates, keeps every row, can run
// again; a running directory, a newer release's directory and an empty one are refused unchanged.
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import Database from 'better-sqlite3'
import { openBaseLayerStore } from '@verity/base-layer'
import { VERITY_VERSION } from '@verity/core'
import { openDomainStore } from '@verity/domain'
import { openOrchestratorStore } from '@verity/orchestrator'
import { lockDataDir, readSqliteStamp } from '@verity/postgres'
import { commands } from '../commands/index.ts'
import { runCli } from '../runCli.ts'

const root = mkdtempSync(join(tmpdir(), 'verity-upgrade-'))
after(() => rmSync(root, { recursive: true, force: true }))
const dataDir = join(root, '.verity')

async function verity(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(commands, args, new AbortController().signal, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } })
  return { code, stdout, stderr }
}

const databases = ['base-layer/base-layer.sqlite', 'domain/domain.sqlite', 'orchestrator/orchestrator.sqlite', 'store/checkout.db']
const snapshot = () => databases.map((path) => readFileSync(join(dataDir, path)))

// A directory as a release before this one left it: the services' databases without a releases row,
// and the store's state file at its first schema (PRAGMA user_version 1) holding one session.
async function writeOldDataDir(): Promise<void> {
  await (await openBaseLayerStore({ dataDir: join(dataDir, 'base-layer') })).close()
  await (await openDomainStore({ dataDir: join(dataDir, 'domain'), shard: 1 })).close()
  await (await openOrchestratorStore({ dataDir: join(dataDir, 'orchestrator') })).close()
  for (const [path, table] of [['base-layer/base-layer.sqlite', 'migrations'], ['domain/domain.sqlite', 'domain_migrations'], ['orchestrator/orchestrator.sqlite', 'orchestrator_migrations']] as const) {
    const db = new Database(join(dataDir, path))
    db.exec(`DROP TABLE ${table}_releases`)
    db.close()
  }
  mkdirSync(join(dataDir, 'store'), { recursive: true })
  const store = new Database(join(dataDir, 'store', 'checkout.db'))
  store.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, record TEXT NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE orders (id TEXT PRIMARY KEY, checkout_id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE idempotency (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL);
CREATE INDEX idempotency_created ON idempotency (created_at_ms);
INSERT INTO sessions VALUES ('kept', '{"id":"kept"}', 0);`)
  store.pragma('user_version = 1')
  store.close()
}

test('verity upgrade: rehearsed with --dry-run, refused while running, then backed up and migrated, and again', async () => {
  assert.equal((await verity('upgrade', '--data-dir', dataDir)).code, 1, 'no such directory')
  mkdirSync(dataDir)
  const empty = await verity('upgrade', '--data-dir', dataDir)
  assert.equal(empty.code, 1)
  assert.match(empty.stderr, /^error: cannot upgrade .* it holds no database of a Verity service .*; nothing was changed/)
  await writeOldDataDir()
  const before = snapshot()

  const dry = await verity('upgrade', '--data-dir', dataDir, '--dry-run')
  assert.equal(dry.code, 0, dry.stderr)
  assert.match(dry.stdout, new RegExp(`would be brought to Verity ${VERITY_VERSION.replaceAll('.', '\\.')} \\(nothing changed\\)`))
  assert.match(dry.stdout, /store {8}store\/checkout\.db: schema 1 → 3; written by a release before 0\.2\.0 \(none recorded\)/)
  assert.match(dry.stdout, /domain {7}domain\/domain\.sqlite: schema (\d+) → \1; written by a release before 0\.2\.0/)
  assert.deepEqual(snapshot(), before, 'a dry run changes no byte')
  assert.equal(existsSync(join(dataDir, 'backups')), false)

  const held = lockDataDir({ dir: dataDir, name: 'verity-up' })
  const refused = await verity('upgrade', '--data-dir', dataDir)
  held.release()
  assert.equal(refused.code, 1)
  assert.match(refused.stderr, /^error: data directory .* is in use \(verity-up\): held by pid /)
  assert.deepEqual(snapshot(), before)

  const done = await verity('upgrade', '--data-dir', dataDir, '--json')
  assert.equal(done.code, 0, done.stderr)
  const report = JSON.parse(done.stdout) as { backup_dir: string; databases: { service: string; schema_before: number; schema_after: number }[] }
  assert.deepEqual(report.databases.map((db) => db.service), ['base layer', 'store', 'orchestrator', 'domain'])
  // The backup is the directory as it was; the original is migrated, its rows kept, this release recorded.
  assert.deepEqual(readSqliteStamp(join(report.backup_dir, 'store', 'checkout.db'), 'store_migrations'), { schemaLevel: 1, releases: [] })
  assert.equal(readSqliteStamp(join(dataDir, 'store', 'checkout.db'), 'store_migrations').schemaLevel, 3)
  for (const [path, table] of [['store/checkout.db', 'store_migrations'], ['domain/domain.sqlite', 'domain_migrations'], ['base-layer/base-layer.sqlite', 'migrations']] as const)
    assert.deepEqual(readSqliteStamp(join(dataDir, path), table).releases.map((release) => release.version), [VERITY_VERSION], path)
  const store = new Database(join(dataDir, 'store', 'checkout.db'), { readonly: true })
  assert.deepEqual(store.prepare('SELECT id FROM sessions').all(), [{ id: 'kept' }])
  store.close()

  const again = await verity('upgrade', '--data-dir', dataDir)
  assert.equal(again.code, 0, again.stderr)
  assert.match(again.stdout, /store {8}store\/checkout\.db: schema 3 → 3; written by 0\.2\.0 \(none\)/)
  assert.equal(readdirSync(join(dataDir, 'backups')).length, 2, 'each run backs up first')
})

test('verity upgrade refuses a directory a newer release wrote, naming it, and changes nothing', async () => {
  const db = new Database(join(dataDir, 'orchestrator', 'orchestrator.sqlite'))
  db.prepare("INSERT INTO orchestrator_migrations_releases VALUES ('9.0.0', 'ultrahonk-zk/bb9', 1, 1)").run()
  db.close()
  const before = snapshot()
  const backups = readdirSync(join(dataDir, 'backups')).length
  for (const args of [['--dry-run'], []]) {
    const run = await verity('upgrade', '--data-dir', dataDir, ...args)
    assert.equal(run.code, 1)
    assert.match(run.stderr, /^error: the sqlite orchestrator store was written by Verity 9\.0\.0, newer than this /)
  }
  assert.deepEqual(snapshot(), before)
  assert.equal(readdirSync(join(dataDir, 'backups')).length, backups, 'no backup taken for a refused upgrade')
})

test('verity upgrade of a directory whose proofs are of another proof system (not 0.1.0\'s) is refused with DATA_DIR_PROOF_SYSTEM, unchanged', async () => {
  // A 0.1.0 directory is converted (upgradeFrom010.test.ts); a marker naming a system this release does not know is refused.
  const other = join(root, 'other-system')
  mkdirSync(join(other, 'domain'), { recursive: true })
  await (await openDomainStore({ dataDir: join(other, 'domain'), shard: 1 })).close()
  writeFileSync(join(other, 'domain', 'proof-system.json'), JSON.stringify({ proof_system: 'ultrahonk-zk/bb9' }))
  rmSync(join(other, 'domain', 'domain.lock'), { force: true })
  const before = readFileSync(join(other, 'domain', 'domain.sqlite'))
  for (const args of [['--dry-run'], []]) {
    const run = await verity('upgrade', '--data-dir', other, ...args)
    assert.equal(run.code, 1)
    assert.match(run.stderr, /^error: data directory .* holds proofs of proof system "ultrahonk-zk\/bb9"/)
  }
  assert.deepEqual(readFileSync(join(other, 'domain', 'domain.sqlite')), before)
  assert.equal(existsSync(join(other, 'backups')), false, 'no backup taken for a refused upgrade')
})
