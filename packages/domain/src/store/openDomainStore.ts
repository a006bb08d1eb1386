import { join } from 'node:path'
import { lockDataDir, releaseOnClose } from '@verity/postgres'
import type { DomainStore } from './DomainStore.ts'
import { PostgresDomainStore } from './postgres/PostgresDomainStore.ts'
import { SqliteDomainStore } from './sqlite/SqliteDomainStore.ts'

/** The SQLite file of a data directory. */
export function domainDatabasePath(dataDir: string): string {
  return join(dataDir, 'domain.sqlite')
}

/**
 * Opens the store one setting selects: PostgreSQL at `databaseUrl` when it is set (the shard's
 * state survives the machine: a domain may restart anywhere that reaches the database; one
 * process sequences the shard at a time), else the SQLite file `domain.sqlite` in `dataDir`
 * (its `domain.lock` refuses a second domain there, DataDirLockedError, until the store is closed).
 * Either way the schema it lacks is created first.
 * @example const store = await openDomainStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, shard: config.shard })
 */
export async function openDomainStore(options: { databaseUrl?: string | undefined; dataDir: string; shard: number }): Promise<DomainStore> {
  if (options.databaseUrl !== undefined) return await PostgresDomainStore.open(options.databaseUrl, { shard: options.shard })
  const lock = lockDataDir({ dir: options.dataDir, name: 'domain' })
  try {
    return releaseOnClose(new SqliteDomainStore(domainDatabasePath(options.dataDir)), lock)
  } catch (error) {
    lock.release()
    throw error
  }
}
