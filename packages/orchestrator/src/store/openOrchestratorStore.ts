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
 * SQLite file otherwise. Either way the schema migrations it lacks are applied first.
 * @example const store = await openOrchestratorStore({ databaseUrl: process.env.VERITY_DATABASE_URL, dataDir: '.verity/orchestrator' })
 */
export async function openOrchestratorStore(options: OpenOrchestratorStoreOptions): Promise<OrchestratorStore> {
  if (options.databaseUrl !== undefined && options.databaseUrl !== '')
    return PostgresOrchestratorStore.open(options.databaseUrl, options.onWatchError === undefined ? {} : { onWatchError: options.onWatchError })
  return new SqliteOrchestratorStore(options.dataDir)
}
