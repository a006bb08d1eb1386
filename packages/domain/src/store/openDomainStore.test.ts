import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { openBaseLayerStore } from '@verity/base-layer'
import { openDomainStore } from './openDomainStore.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-domain-open-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('a second domain on an open SQLite data directory is refused naming the holder; closing the store frees it', async () => {
  const store = await openDomainStore({ dataDir: dir, shard: 1 })
  // The embedded base layer keeps its own file in the same directory, under its own lock.
  const embedded = await openBaseLayerStore({ dataDir: dir })
  await assert.rejects(openDomainStore({ dataDir: dir, shard: 1 }), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'DATA_DIR_LOCKED')
    assert.match(error.message, new RegExp(`^data directory ${dir} is in use \\(domain\\): held by pid ${process.pid} `))
    return true
  })
  await assert.rejects(openBaseLayerStore({ dataDir: dir }), { code: 'DATA_DIR_LOCKED' })
  await embedded.close()
  await store.close()
  const again = await openDomainStore({ dataDir: dir, shard: 1 })
  await again.close()
})
