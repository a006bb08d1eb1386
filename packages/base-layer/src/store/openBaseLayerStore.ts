import { join } from 'node:path'
import { lockDataDir, releaseOnClose } from '@verity/postgres'
import type { BaseLayerStore } from './BaseLayerStore.ts'
import { PostgresBaseLayerStore } from './postgres/PostgresBaseLayerStore.ts'
import { SqliteBaseLayerStore } from './sqlite/SqliteBaseLayerStore.ts'

/** The SQLite file of a data directory. */
export function baseLayerDatabasePath(dataDir: string): string {
  return join(dataDir, 'base-layer.sqlite')
}

/**
 * Opens the store one setting selects: PostgreSQL at `databaseUrl` when it is set (any number of
 * nodes may share it), else the SQLite file `base-layer.sqlite` in `dataDir` (one node: the
 * directory's `base-layer.lock` refuses a second, DataDirLockedError, until the store is closed).
 * Either way the schema migrations it lacks are applied first.
 */
export async function openBaseLayerStore(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<BaseLayerStore> {
  if (options.databaseUrl !== undefined) return await PostgresBaseLayerStore.open(options.databaseUrl)
  const lock = lockDataDir({ dir: options.dataDir, name: 'base-layer' })
  try {
    return releaseOnClose(new SqliteBaseLayerStore(baseLayerDatabasePath(options.dataDir)), lock)
  } catch (error) {
    lock.release()
    throw error
  }
}
