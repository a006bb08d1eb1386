import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { openOrchestratorStore } from './openOrchestratorStore.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-open-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('a second orchestrator on an open SQLite data directory is refused naming the holder; closing the store frees it', async () => {
  const store = await openOrchestratorStore({ dataDir: dir })
  await assert.rejects(openOrchestratorStore({ dataDir: dir }), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'DATA_DIR_LOCKED')
    assert.match(error.message, new RegExp(`^data directory ${dir} is in use \\(orchestrator\\): held by pid ${process.pid} `))
    return true
  })
  await store.close()
  const again = await openOrchestratorStore({ dataDir: dir })
  await again.close()
  // ":memory:" keeps nothing on disk and takes no lock.
  const [first, second] = await Promise.all([openOrchestratorStore({ dataDir: ':memory:' }), openOrchestratorStore({ dataDir: ':memory:' })])
  await first.close()
  await second.close()
})
