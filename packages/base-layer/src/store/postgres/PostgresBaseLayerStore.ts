import pg from 'pg'
import { openMigratedPool } from '@verity/postgres'
import { POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_POOL_CONNECTIONS_MAX, STORE_TRANSACTION_ATTEMPTS_MAX } from '../../limits.ts'
import { BASE_LAYER_MIGRATIONS, MIGRATIONS_TABLE, POSTGRES_MIGRATION_LOCK_KEY } from '../baseLayerMigrations.ts'
import { BaseLayerReadsThrough } from '../BaseLayerReadsThrough.ts'
import type { BaseLayerReads, BaseLayerStore, BaseLayerTransaction } from '../BaseLayerStore.ts'
import { PostgresRecords, type RunQuery } from './PostgresRecords.ts'

export type PostgresBaseLayerStoreOptions = {
  /** most connections kept open; default POSTGRES_POOL_CONNECTIONS_MAX */
  connectionsMax?: number
  /** milliseconds since the epoch, recorded with each migration */
  clock?: () => number
}

// SQLSTATEs after which the whole transaction may simply run again.
const RETRYABLE_SQLSTATES = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */])

/**
 * The base layer's state in a PostgreSQL database, shared by any number of nodes. Transactions
 * run SERIALIZABLE: two nodes settling the same shard's next SDL both read its sequence, one
 * commits, the other's transaction fails to serialize, runs again, reads the new sequence and
 * refuses. Commits are durable when acknowledged (PostgreSQL's synchronous_commit, on by default).
 */
export class PostgresBaseLayerStore extends BaseLayerReadsThrough implements BaseLayerStore {
  readonly backend = 'postgres'
  readonly #pool: pg.Pool
  readonly #reads: PostgresRecords

  private constructor(pool: pg.Pool) {
    super()
    this.#pool = pool
    this.#reads = new PostgresRecords(runQueryOn(pool))
  }

  /**
   * Connects to `databaseUrl` (`postgres://user:password@host:port/database`) and applies the
   * schema migrations it lacks. Throws StoreUnavailableError when the server cannot be reached.
   */
  static async open(databaseUrl: string, options: PostgresBaseLayerStoreOptions = {}): Promise<PostgresBaseLayerStore> {
    const pool = await openMigratedPool({
      databaseUrl,
      pool: { max: options.connectionsMax ?? POSTGRES_POOL_CONNECTIONS_MAX, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS },
      table: MIGRATIONS_TABLE,
      lockKey: POSTGRES_MIGRATION_LOCK_KEY,
      migrations: BASE_LAYER_MIGRATIONS,
      nowMs: (options.clock ?? Date.now)(),
      service: 'base layer',
    })
    return new PostgresBaseLayerStore(pool)
  }

  async transaction<T>(fn: (tx: BaseLayerTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.#pool.connect()
      let isBroken = false
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE')
        const result = await fn(new PostgresRecords(runQueryOn(client)))
        await client.query('COMMIT')
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
        } catch {
          isBroken = true
        }
        if (isRetryable(error) && attempt < STORE_TRANSACTION_ATTEMPTS_MAX) continue
        throw error
      } finally {
        client.release(isBroken)
      }
    }
  }

  protected readWith<T>(read: (reads: BaseLayerReads) => Promise<T>): Promise<T> {
    return read(this.#reads)
  }

  async close(): Promise<void> {
    if (!this.#pool.ended) await this.#pool.end()
  }
}

function runQueryOn(queryable: pg.Pool | pg.PoolClient): RunQuery {
  return async <Row>(text: string, values: readonly unknown[]) => {
    const result = await queryable.query(text, [...values])
    return result.rows as Row[]
  }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)
}

