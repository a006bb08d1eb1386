import pg from 'pg'
import { describeDatabaseUrl } from './describeDatabaseUrl.ts'
import { migratePostgres, type MigratePostgresOptions } from './migratePostgres.ts'
import { StoreUnavailableError } from './StoreUnavailableError.ts'

export type OpenMigratedPoolOptions = Omit<MigratePostgresOptions, 'client'> & {
  databaseUrl: string
  /** Pool settings beyond the connection string (max connections, connect time-out, type parsers). */
  pool: Omit<pg.PoolConfig, 'connectionString'>
}

/**
 * Opens a connection pool to `databaseUrl` and applies the service's migrations on one of its
 * connections before anything else uses it. Throws StoreUnavailableError (password masked) when
 * the server cannot be reached, and whatever migratePostgres throws; the pool is closed on failure.
 */
export async function openMigratedPool(options: OpenMigratedPoolOptions): Promise<pg.Pool> {
  const { databaseUrl, pool: poolConfig, ...migration } = options
  const pool = new pg.Pool({ ...poolConfig, connectionString: databaseUrl })
  // An idle connection that the server drops (restart, failover) is discarded by the pool and the
  // next query opens a new one; without a listener the error would crash the process.
  pool.on('error', () => undefined)
  // The pool listens for errors only on idle connections. A connection the server ends while it
  // is checked out (between two statements of a transaction, say) would emit 'error' with no
  // listener and crash the process (found by the chaos suite: PostgreSQL restarted under an
  // orchestrator). With this listener the work on it fails instead, and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined))
  let client: pg.PoolClient
  try {
    client = await pool.connect()
  } catch (error) {
    await pool.end()
    const reason = (error as Error).message || String(error)
    throw new StoreUnavailableError({ service: migration.service, backend: 'postgres', target: describeDatabaseUrl(databaseUrl), reason }, { cause: error })
  }
  try {
    await migratePostgres({ ...migration, client })
  } catch (error) {
    client.release(true)
    await pool.end()
    throw error
  }
  client.release()
  return pool
}
