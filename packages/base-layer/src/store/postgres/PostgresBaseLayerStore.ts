import { PROOF_SYSTEM } from '@verity/prover'
import pg from 'pg'
import { openMigratedPool, runPostgresTransaction } from '@verity/postgres'
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
      proofSystem: PROOF_SYSTEM,
    })
    return new PostgresBaseLayerStore(pool)
  }

  transaction<T>(fn: (tx: BaseLayerTransaction) => Promise<T>): Promise<T> {
    return runPostgresTransaction(this.#pool, { isolation: 'SERIALIZABLE', attemptsMax: STORE_TRANSACTION_ATTEMPTS_MAX }, (client) =>
      fn(new PostgresRecords(runQueryOn(client))),
    )
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
