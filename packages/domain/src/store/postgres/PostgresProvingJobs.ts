// Proving jobs in PostgreSQL: a worker claims the oldest SDL in Proving of its shard with
// `FOR UPDATE SKIP LOCKED` (workers claiming at once get different SDLs, none waits on another)
// and a lease on the database's clock (so machines' clocks need not agree). A worker renews its
// lease while it proves; a worker that dies stops renewing and the SDL is claimed again once the
// lease runs out. A result is written only by the claim that still holds, and only while the SDL
// is still in Proving, so a late or duplicate worker changes nothing.
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { decodeStoredJson, encodeStoredJson, openMigratedPool, StoreUnavailableError } from '@verity/postgres'
import { POSTGRES_CONNECT_TIMEOUT_MS } from '../../limits.ts'
import { sdlStateName, type SdlStateValue } from '../../sdl/SdlStateValue.ts'
import type { ProvingClaim, ProvingJobs } from '../ProvingJobs.ts'
import { describeDatabaseUrl } from '@verity/postgres'
import { isConnectionError } from './isConnectionError.ts'
import { DOMAIN_MIGRATIONS, MIGRATIONS_TABLE, POSTGRES_MIGRATION_LOCK_KEY } from '../domainMigrations.ts'
import { shardLockKey } from './shardLock.ts'

/** Milliseconds since the epoch on the database server's clock, as SQL. */
const DATABASE_NOW_MS = `(extract(epoch FROM clock_timestamp()) * 1000)::bigint`

/** Connections a worker keeps: one claim or renewal at a time, plus one spare. */
const WORKER_CONNECTIONS_MAX = 2

export class PostgresProvingJobs implements ProvingJobs {
  readonly #pool: pg.Pool
  readonly #shard: number
  readonly #holder: string
  readonly #target: string

  private constructor(pool: pg.Pool, shard: number, holder: string, target: string) {
    this.#pool = pool
    this.#shard = shard
    this.#holder = holder
    this.#target = target
  }

  /** Connects to `databaseUrl` and applies the migrations it lacks (a worker may start before its domain). */
  static async open(databaseUrl: string, options: { shard: number; holder: string; nowMs?: () => number }): Promise<PostgresProvingJobs> {
    shardLockKey(options.shard) // checks the range
    const target = describeDatabaseUrl(databaseUrl)
    const pool = await openMigratedPool({
      databaseUrl,
      pool: { max: WORKER_CONNECTIONS_MAX, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS, application_name: options.holder.slice(0, 63) },
      table: MIGRATIONS_TABLE,
      lockKey: POSTGRES_MIGRATION_LOCK_KEY,
      migrations: DOMAIN_MIGRATIONS,
      nowMs: (options.nowMs ?? Date.now)(),
      service: 'domain',
    })
    return new PostgresProvingJobs(pool, options.shard, options.holder, target)
  }

  async claim(leaseMs: number): Promise<ProvingClaim | null> {
    const token = randomUUID()
    const rows = await this.#query<{ hash: string; content: string; witness: string; guardrail_input: Buffer | null }>(
      `UPDATE domain_sdls AS s SET lease_holder = $2, lease_token = $3, lease_until_ms = ${DATABASE_NOW_MS} + $4
         FROM (SELECT shard, hash FROM domain_sdls
                WHERE shard = $1 AND state_name = 'Proving' AND (lease_until_ms IS NULL OR lease_until_ms < ${DATABASE_NOW_MS})
                ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED) AS next
        WHERE s.shard = next.shard AND s.hash = next.hash
        RETURNING s.hash, s.content, s.witness, s.guardrail_input`,
      [this.#shard, this.#holder, token, leaseMs],
    )
    const row = rows[0]
    if (row === undefined) return null
    return {
      shard: this.#shard,
      token,
      job: {
        hash: row.hash,
        content: decodeStoredJson(row.content),
        witness: decodeStoredJson(row.witness),
        guardrailInput: row.guardrail_input === null ? null : new Uint8Array(row.guardrail_input),
      },
    }
  }

  async renew(claim: ProvingClaim, leaseMs: number): Promise<boolean> {
    const rows = await this.#query(
      `UPDATE domain_sdls SET lease_until_ms = ${DATABASE_NOW_MS} + $4
        WHERE shard = $1 AND hash = $2 AND lease_token = $3 AND state_name = 'Proving' AND lease_until_ms >= ${DATABASE_NOW_MS}
        RETURNING hash`,
      [claim.shard, claim.job.hash, claim.token, leaseMs],
    )
    return rows.length === 1
  }

  async complete(claim: ProvingClaim, outcome: { state: SdlStateValue; proof: unknown }): Promise<boolean> {
    // An expired lease still completes if no other worker took the SDL meanwhile: the work is done.
    const rows = await this.#query(
      `UPDATE domain_sdls SET state_name = $4, state = $5, proof = $6, updated_at_ms = $7, lease_holder = NULL, lease_token = NULL, lease_until_ms = NULL
        WHERE shard = $1 AND hash = $2 AND lease_token = $3 AND state_name = 'Proving'
        RETURNING hash`,
      [
        claim.shard,
        claim.job.hash,
        claim.token,
        sdlStateName(outcome.state),
        encodeStoredJson(outcome.state),
        outcome.proof === null ? null : encodeStoredJson(outcome.proof),
        Date.now(),
      ],
    )
    return rows.length === 1
  }

  async release(claim: ProvingClaim): Promise<void> {
    await this.#query('UPDATE domain_sdls SET lease_holder = NULL, lease_token = NULL, lease_until_ms = NULL WHERE shard = $1 AND hash = $2 AND lease_token = $3', [
      claim.shard,
      claim.job.hash,
      claim.token,
    ])
  }

  async close(): Promise<void> {
    if (!this.#pool.ended) await this.#pool.end()
  }

  async #query<Row extends pg.QueryResultRow>(text: string, values: readonly unknown[]): Promise<Row[]> {
    try {
      return (await this.#pool.query<Row>(text, [...values])).rows
    } catch (error) {
      if (!isConnectionError(error)) throw error
      throw new StoreUnavailableError({ service: 'domain', backend: 'postgres', target: this.#target, reason: (error as Error).message }, { cause: error })
    }
  }
}
