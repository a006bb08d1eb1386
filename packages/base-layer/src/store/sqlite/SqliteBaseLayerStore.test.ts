import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeStoreContract } from '../storeContract.ts'
import { SqliteBaseLayerStore } from './SqliteBaseLayerStore.ts'

let dir = ''

describeStoreContract({
  name: 'sqlite',
  async setUp() {
    dir = mkdtempSync(join(tmpdir(), 'verity-base-layer-store-'))
  },
  async openStore() {
    return new SqliteBaseLayerStore(join(dir, 'base-layer.sqlite'))
  },
  hasConcurrentNodes: false,
  async tearDown() {
    rmSync(dir, { recursive: true, force: true })
  },
})
