import { claimDataDirProofSystem, PROOF_SYSTEM } from '@verity/prover'
import { mkdirSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import Database from 'better-sqlite3'
import { migrateSqlite, StoreUnavailableError } from '@verity/postgres'
import { BASE_LAYER_MIGRATIONS, MIGRATIONS_TABLE } from '../baseLayerMigrations.ts'
import { BaseLayerReadsThrough } from '../BaseLayerReadsThrough.ts'
import type { BaseLayerReads, BaseLayerStore, BaseLayerTransaction } from '../BaseLayerStore.ts'
import { Mutex } from './Mutex.ts'
import { SqliteRecords } from './SqliteRecords.ts'

/**
 * The base layer's state in one SQLite file (better-sqlite3), WAL journal with synchronous=FULL so
 * that a committed settlement is on disk before the node answers: it survives kill -9 and power loss.
 * One connection; every read and transaction runs in turn (see Mutex), so a reader never sees a
 * transaction's uncommitted writes. Meant for one node per file; several nodes share PostgreSQL.
 */
export class SqliteBaseLayerStore extends BaseLayerReadsThrough implements BaseLayerStore {
  readonly backend = 'sqlite'
  readonly #db: Database.Database
  readonly #records: SqliteRecords
  readonly #mutex = new Mutex()

  /** Opens (creating if needed) the database at `path` and migrates it; `':memory:'` for a throw-away store. */
  constructor(path: string, options: { clock?: () => number } = {}) {
    super()
    // Stored proofs are of one proof system: a directory of an older version is refused, saying what to do.
    if (path !== ':memory:') claimDataDirProofSystem(dirname(path), basename(path))
    try {
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
      this.#db = new Database(path)
    } catch (error) {
      throw new StoreUnavailableError({ service: 'base layer', backend: 'sqlite', target: path, reason: (error as Error).message }, { cause: error })
    }
    try {
      this.#db.pragma('journal_mode = WAL')
      this.#db.pragma('synchronous = FULL')
      this.#db.pragma('foreign_keys = ON')
      migrateSqlite({ db: this.#db, table: MIGRATIONS_TABLE, migrations: BASE_LAYER_MIGRATIONS, nowMs: (options.clock ?? Date.now)(), service: 'base layer' , proofSystem: PROOF_SYSTEM })
    } catch (error) {
      this.#db.close()
      throw error
    }
    this.#records = new SqliteRecords(this.#db)
  }

  transaction<T>(fn: (tx: BaseLayerTransaction) => Promise<T>): Promise<T> {
    return this.#mutex.run(async () => {
      // IMMEDIATE takes the write lock at the start, so another process's settlement cannot slip
      // in between our reads and writes (it waits on SQLite's lock instead).
      this.#db.exec('BEGIN IMMEDIATE')
      try {
        const result = await fn(this.#records)
        this.#db.exec('COMMIT')
        return result
      } catch (error) {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK')
        throw error
      }
    })
  }

  protected readWith<T>(read: (reads: BaseLayerReads) => Promise<T>): Promise<T> {
    return this.#mutex.run(() => read(this.#records))
  }

  async close(): Promise<void> {
    await this.#mutex.run(() => {
      if (this.#db.open) this.#db.close()
    })
  }
}
