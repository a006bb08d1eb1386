// Downgrade is refused safely (issue 46, item 6): a release started on a data directory a newer
// release wrote refuses with the version that wrote it (exit code 1, one line) and changes nothing.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import Database from 'better-sqlite3'
import { baseLayerDatabasePath, openBaseLayerStore } from '@verity/base-layer'
import { VERITY_VERSION } from '@verity/core'
import { runVerity } from '../testing/runVerity.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-downgrade-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('verity base-layer on a directory a newer release wrote exits 1 naming that release, and the database is unchanged', async () => {
  const dataDir = join(dir, 'base-layer')
  await (await openBaseLayerStore({ dataDir })).close()
  const path = baseLayerDatabasePath(dataDir)
  const db = new Database(path)
  db.prepare("INSERT INTO migrations_releases VALUES ('0.9.0', 'ultrahonk-zk/bb9', 1, 2)").run()
  db.close()
  const before = readFileSync(path)

  const run = await runVerity(['base-layer', '--port', '0', '--data-dir', dataDir], { cwd: dir, timeoutMs: 60_000 })
  assert.equal(run.code, 1, run.stderr)
  assert.match(run.stderr, new RegExp(`^error: the sqlite base layer store was written by Verity 0\\.9\\.0, newer than this ${VERITY_VERSION.replaceAll('.', '\\.')}: run Verity 0\\.9\\.0 or later on it \\(nothing was changed\\)`, 'm'))
  assert.doesNotMatch(run.stdout, /listening on/)
  assert.deepEqual(readFileSync(path), before, 'the database file is byte for byte what it was')
})
