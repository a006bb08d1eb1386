import { lockDataDir, releaseOnClose } from '@verity/postgres'
import type { OrchestratorStore } from './OrchestratorStore.ts'
import { PostgresOrchestratorStore } from './postgres/PostgresOrchestratorStore.ts'
import { SqliteOrchestratorStore } from './SqliteOrchestratorStore.ts'

export type OpenOrchestratorStoreOptions = {
  /** `postgres://…`: the PostgreSQL store, shared by any number of instances. */
  databaseUrl?: string | undefined
  /** Otherwise: the embedded SQLite store in this directory (`":memory:"` keeps nothing). */
  dataDir: string
  /** Errors of PostgreSQL's LISTEN connection, which reconnects by itself (logged by the caller). */
  onWatchError?: (error: unknown) => void
}

/**
 * Opens the store the settings select: PostgreSQL when a database URL is given, the embedded
 * SQLite file otherwise (the directory's `orchestrator.lock` refuses a second orchestrator there,
 * DataDirLockedError, until the store is closed). Either way the schema migrations it lacks are applied first.
 * @example const store = await openOrchestratorStore({ databaseUrl: process.env.VERITY_DATABASE_URL, dataDir: '.verity/orchestrator' })
 */
export async function openOrchestratorStore(options: OpenOrchestratorStoreOptions): Promise<OrchestratorStore> {
  if (options.databaseUrl !== undefined && options.databaseUrl !== '')
    return PostgresOrchestratorStore.open(options.databaseUrl, options.onWatchError === undefined ? {} : { onWatchError: options.onWatchError })
  if (options.dataDir === ':memory:') return new SqliteOrchestratorStore(options.dataDir)
  const lock = lockDataDir({ dir: options.dataDir, name: 'orchestrator' })
  try {
    return releaseOnClose(new SqliteOrchestratorStore(options.dataDir), lock)
  } catch (error) {
    lock.release()
    throw error
  }
}
