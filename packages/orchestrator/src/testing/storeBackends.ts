import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import { PostgresOrchestratorStore } from '../store/postgres/PostgresOrchestratorStore.ts'
import { SqliteOrchestratorStore } from '../store/SqliteOrchestratorStore.ts'
import { createTestDatabase, type TestDatabase } from '@verity/postgres'

/**
 * One storage backend under test. `reset()` starts an empty database; `open()` opens one more
 * handle on it (two handles stand for two instances sharing the database).
 */
export type StoreBackend = {
  name: 'sqlite' | 'postgres'
  setUp(): Promise<void>
  reset(): Promise<void>
  open(): Promise<OrchestratorStore>
  tearDown(): Promise<void>
}

export function sqliteBackend(): StoreBackend {
  const dirs: string[] = []
  return {
    name: 'sqlite',
    async setUp() {},
    async reset() {
      dirs.push(mkdtempSync(join(tmpdir(), 'verity-orchestrator-store-')))
    },
    async open() {
      return new SqliteOrchestratorStore(dirs.at(-1)!)
    },
    async tearDown() {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}

export function postgresBackend(): StoreBackend {
  let database: TestDatabase | undefined
  return {
    name: 'postgres',
    async setUp() {
      database = await createTestDatabase()
    },
    reset: () => database!.reset(),
    open: () => PostgresOrchestratorStore.open(database!.url),
    async tearDown() {
      await database?.drop()
    },
  }
}
