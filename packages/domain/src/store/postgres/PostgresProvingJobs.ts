// Proving jobs in PostgreSQL, one batch proof at a time, so that several workers share one SDL.
// The first worker to find an SDL in Proving without a round starts one (in one transaction): a
// round token in domain_sdls.lease_token, and a row per batch proof plus a finishing row in
// domain_sdl_proof_jobs (migration 3). Workers claim rows with `FOR UPDATE SKIP LOCKED` (workers
// claiming at once get different rows, none waits on another) under a lease on the database's
// clock (so machines' clocks need not agree), renewed while they prove; a dead worker's row is
// claimed again once its lease runs out. A batch proof is recorded only by the claim that holds
// its row, and only while the round is the SDL's current one; the worker that records the last one
// gets the finishing row, proves the guardrail proofs and moves the SDL to Proven with every proof,
// once. Moving the SDL to Proving again (a re-prove) clears its round: old claims record nothing,
// and the next claim starts a new round, deleting the old rows.
import { PROOF_SYSTEM } from '@verity/prover'
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { decodeStoredJson, encodeStoredJson, openMigratedPool, runPostgresTransaction, StoreUnavailableError, describeDatabaseUrl } from '@verity/postgres'
import { POSTGRES_CONNECT_TIMEOUT_MS, PROOF_JOB_CLAIMS_MAX } from '../../limits.ts'
import { sdlStateName, type SdlStateValue } from '../../sdl/SdlStateValue.ts'
import type { SdlProvingJob } from '../../sdl/SdlProver.ts'
import type { ProvingClaim, ProvingJobs } from '../ProvingJobs.ts'
import { isConnectionError } from './isConnectionError.ts'
import { DOMAIN_MIGRATIONS, MIGRATIONS_TABLE, POSTGRES_MIGRATION_LOCK_KEY } from '../domainMigrations.ts'
import { shardLockKey } from './shardLock.ts'

/** Milliseconds since the epoch on the database server's clock, as SQL. */
const DATABASE_NOW_MS = `(extract(epoch FROM clock_timestamp()) * 1000)::bigint`

/** Connections a worker keeps per part it proves at once (a claim, record or finish), plus one for renewals meanwhile. */
const WORKER_CONNECTIONS_PER_LANE = 1

/** Runs of a claim, record or finish transaction at most: a deadlock with a round being started (rare) runs it again. */
const TRANSACTION_ATTEMPTS_MAX = 3

/** The reason an SDL fails with when its stored witness has no batches to prove (never written by the domain). */
const NO_BATCHES_REASON = 'the stored SDL witness holds no batches'

/**
 * The oldest SDL in Proving without a round, locked, with its batch count (null when the witness
 * has none). A worker starting the same round at once waits (no SKIP LOCKED), then finds the next
 * SDL: so no worker claims a newer SDL's batches while an older one's round is being started.
 */
const UNSTARTED_SQL = `SELECT hash, json_array_length(witness::json -> 'batches') AS batches FROM domain_sdls
  WHERE shard = $1 AND state_name = 'Proving' AND lease_token IS NULL ORDER BY seq LIMIT 1 FOR UPDATE`

/** Claims the next row: the oldest SDL's first, in batch order; the finishing row once every batch proof is recorded. */
const CLAIM_SQL = `UPDATE domain_sdl_proof_jobs AS j
    SET lease_holder = $2, lease_token = $3, lease_until_ms = ${DATABASE_NOW_MS} + $4, attempts = j.attempts + 1
   FROM (SELECT p.shard, p.hash, p.round, p.batch_index, s.guardrail_input
           FROM domain_sdl_proof_jobs AS p JOIN domain_sdls AS s ON s.shard = p.shard AND s.hash = p.hash AND s.lease_token = p.round
          WHERE p.shard = $1 AND s.state_name = 'Proving' AND p.artifact IS NULL AND (p.lease_until_ms IS NULL OR p.lease_until_ms < ${DATABASE_NOW_MS})
            AND p.attempts < ${PROOF_JOB_CLAIMS_MAX}
            AND (NOT p.is_finish OR NOT EXISTS (SELECT 1 FROM domain_sdl_proof_jobs AS b
                  WHERE b.shard = p.shard AND b.hash = p.hash AND b.round = p.round AND NOT b.is_finish AND b.artifact IS NULL))
          ORDER BY s.seq, p.batch_index LIMIT 1 FOR UPDATE OF p SKIP LOCKED) AS next
  WHERE j.shard = next.shard AND j.hash = next.hash AND j.round = next.round AND j.batch_index = next.batch_index
  RETURNING j.hash, j.round, j.batch_index, j.is_finish, next.guardrail_input`

/** A part of a current round claimed PROOF_JOB_CLAIMS_MAX times, never recorded, its last lease run out: its SDL fails. */
const EXHAUSTED_SQL = `SELECT p.hash, p.batch_index, p.is_finish FROM domain_sdl_proof_jobs AS p
    JOIN domain_sdls AS s ON s.shard = p.shard AND s.hash = p.hash AND s.lease_token = p.round
   WHERE p.shard = $1 AND s.state_name = 'Proving' AND p.artifact IS NULL AND p.attempts >= ${PROOF_JOB_CLAIMS_MAX}
     AND p.lease_until_ms < ${DATABASE_NOW_MS}
   ORDER BY s.seq, p.batch_index LIMIT 1 FOR UPDATE OF p, s SKIP LOCKED`

/** The claim's row ($1 shard, $2 hash, $3 round, $4 token), while its round is the SDL's current one. */
const CLAIMED_ROW = `j.shard = $1 AND j.hash = $2 AND j.round = $3 AND j.lease_token = $4
  AND EXISTS (SELECT 1 FROM domain_sdls AS s WHERE s.shard = j.shard AND s.hash = j.hash AND s.lease_token = j.round AND s.state_name = 'Proving')`

type ClaimRow = { hash: string; round: string; batch_index: number; is_finish: boolean; guardrail_input: Buffer | null }

export class PostgresProvingJobs implements ProvingJobs {
  readonly #pool: pg.Pool
  readonly #shard: number
  readonly #holder: string
  readonly #target: string
  /** The last SDL's content and witness (they never change for a hash): a worker proving many batches of one SDL reads and parses them once. */
  #lastSdl: { hash: string; content: unknown; witness: unknown } | null = null

  private constructor(pool: pg.Pool, shard: number, holder: string, target: string) {
    this.#pool = pool
    this.#shard = shard
    this.#holder = holder
    this.#target = target
  }

  /** Connects to `databaseUrl` and applies the migrations it lacks (a worker may start before its domain); `lanes`: parts the worker proves at once (default 1). */
  static async open(databaseUrl: string, options: { shard: number; holder: string; lanes?: number; nowMs?: () => number }): Promise<PostgresProvingJobs> {
    shardLockKey(options.shard) // checks the range
    const target = describeDatabaseUrl(databaseUrl)
    const pool = await openMigratedPool({
      databaseUrl,
      pool: { max: Math.max(1, options.lanes ?? 1) * WORKER_CONNECTIONS_PER_LANE + 1, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS, application_name: options.holder.slice(0, 63) },
      table: MIGRATIONS_TABLE,
      lockKey: POSTGRES_MIGRATION_LOCK_KEY,
      migrations: DOMAIN_MIGRATIONS,
      nowMs: (options.nowMs ?? Date.now)(),
      service: 'domain',
      proofSystem: PROOF_SYSTEM,
    })
    return new PostgresProvingJobs(pool, options.shard, options.holder, target)
  }

  async claim(leaseMs: number): Promise<ProvingClaim | null> {
    await this.#transaction(async (client) => {
      await this.#startRound(client)
      await this.#failExhausted(client)
    })
    const token = randomUUID()
    const [row] = await this.#query<ClaimRow>(CLAIM_SQL, [this.#shard, this.#holder, token, leaseMs])
    if (row === undefined) return null
    const part = row.is_finish ? { kind: 'finish' as const } : { kind: 'batch' as const, batchIndex: row.batch_index }
    return { shard: this.#shard, token, round: row.round, part, job: await this.#job(row.hash, row.guardrail_input) }
  }

  /** Starts the round of the oldest SDL in Proving that has none: its rows (an old round's deleted) and its token (in the claim's preparing transaction). */
  async #startRound(client: pg.PoolClient): Promise<void> {
    const [sdl] = (await client.query<{ hash: string; batches: number | null }>(UNSTARTED_SQL, [this.#shard])).rows
    if (sdl === undefined) return
    await client.query('DELETE FROM domain_sdl_proof_jobs WHERE shard = $1 AND hash = $2', [this.#shard, sdl.hash])
    if (sdl.batches === null || sdl.batches < 1) {
      await this.#setSdlOutcome(client, sdl.hash, { ProvingFailed: NO_BATCHES_REASON }, null)
      return
    }
    const round = randomUUID()
    await client.query(
      `INSERT INTO domain_sdl_proof_jobs (shard, hash, round, batch_index, is_finish)
       SELECT $1, $2, $3, batch_index, batch_index = $4 FROM generate_series(0, $4::integer) AS batch_index`,
      [this.#shard, sdl.hash, round, sdl.batches],
    )
    await client.query('UPDATE domain_sdls SET lease_holder = $3, lease_token = $4, lease_until_ms = NULL WHERE shard = $1 AND hash = $2', [this.#shard, sdl.hash, this.#holder, round])
  }

  /** Fails the oldest SDL with a part claimed PROOF_JOB_CLAIMS_MAX times that never got recorded (its rows go). */
  async #failExhausted(client: pg.PoolClient): Promise<void> {
    const [part] = (await client.query<{ hash: string; batch_index: number; is_finish: boolean }>(EXHAUSTED_SQL, [this.#shard])).rows
    if (part === undefined) return
    const what = part.is_finish ? 'its finishing step (guardrail proofs)' : `batch proof ${part.batch_index}`
    const reason = `${what} was claimed ${PROOF_JOB_CLAIMS_MAX} times by proving workers and never recorded: each lost its lease (crashed, killed or cut off from the database)`
    await this.#setSdlOutcome(client, part.hash, { ProvingFailed: reason }, null)
  }

  /** The SDL to prove, its content and witness from the last claim's when it is the same SDL. */
  async #job(hash: string, guardrailInput: Buffer | null): Promise<SdlProvingJob> {
    if (this.#lastSdl?.hash !== hash) {
      const [row] = await this.#query<{ content: string; witness: string }>('SELECT content, witness FROM domain_sdls WHERE shard = $1 AND hash = $2', [this.#shard, hash])
      if (row === undefined) throw new Error(`SDL ${hash} of a proof job is not stored`)
      this.#lastSdl = { hash, content: decodeStoredJson(row.content), witness: decodeStoredJson(row.witness) }
    }
    return { hash, content: this.#lastSdl.content, witness: this.#lastSdl.witness, guardrailInput: guardrailInput === null ? null : new Uint8Array(guardrailInput) }
  }

  async renew(claim: ProvingClaim, leaseMs: number): Promise<boolean> {
    const rows = await this.#query(
      `UPDATE domain_sdl_proof_jobs AS j SET lease_until_ms = ${DATABASE_NOW_MS} + $5 WHERE ${CLAIMED_ROW} AND j.lease_until_ms >= ${DATABASE_NOW_MS} RETURNING j.batch_index`,
      [...claimKey(claim), leaseMs],
    )
    return rows.length === 1
  }

  async recordBatch(claim: ProvingClaim, artifact: unknown, leaseMs: number): Promise<{ recorded: boolean; finish: ProvingClaim | null }> {
    if (claim.part.kind !== 'batch') throw new TypeError('recordBatch takes a batch claim')
    return this.#transaction(async (client) => {
      // Recorders of one round take turns on its finishing row, so that exactly one sees the last batch recorded.
      const finishing = await client.query('SELECT batch_index FROM domain_sdl_proof_jobs WHERE shard = $1 AND hash = $2 AND round = $3 AND is_finish FOR UPDATE', claimKey(claim).slice(0, 3))
      if (finishing.rowCount === 0) return { recorded: false, finish: null }
      const recorded = await client.query(
        `UPDATE domain_sdl_proof_jobs AS j SET artifact = $5, lease_token = NULL, lease_until_ms = NULL WHERE ${CLAIMED_ROW} AND NOT j.is_finish AND j.artifact IS NULL`,
        [...claimKey(claim), encodeStoredJson(artifact)],
      )
      if (recorded.rowCount !== 1) return { recorded: false, finish: null }
      const [left] = (
        await client.query<{ count: string }>('SELECT count(*) FROM domain_sdl_proof_jobs WHERE shard = $1 AND hash = $2 AND round = $3 AND NOT is_finish AND artifact IS NULL', claimKey(claim).slice(0, 3))
      ).rows
      if (Number(left!.count) > 0) return { recorded: true, finish: null }
      const token = randomUUID()
      const taken = await client.query(
        `UPDATE domain_sdl_proof_jobs SET lease_holder = $4, lease_token = $5, lease_until_ms = ${DATABASE_NOW_MS} + $6, attempts = attempts + 1
          WHERE shard = $1 AND hash = $2 AND round = $3 AND is_finish AND (lease_until_ms IS NULL OR lease_until_ms < ${DATABASE_NOW_MS})
            AND attempts < ${PROOF_JOB_CLAIMS_MAX}`,
        [...claimKey(claim).slice(0, 3), this.#holder, token, leaseMs],
      )
      return { recorded: true, finish: taken.rowCount === 1 ? { ...claim, token, part: { kind: 'finish' } } : null }
    })
  }

  async finish(claim: ProvingClaim, guardrailArtifacts: readonly unknown[]): Promise<boolean> {
    if (claim.part.kind !== 'finish') throw new TypeError('finish takes a finishing claim')
    return this.#transaction(async (client) => {
      if (!(await this.#holds(client, claim))) return false
      const { rows } = await client.query<{ artifact: string | null }>(
        'SELECT artifact FROM domain_sdl_proof_jobs WHERE shard = $1 AND hash = $2 AND round = $3 AND NOT is_finish ORDER BY batch_index',
        claimKey(claim).slice(0, 3),
      )
      if (rows.some((row) => row.artifact === null)) throw new Error(`SDL ${claim.job.hash}: finishing before every batch proof is recorded`)
      const proof = [...rows.map((row) => decodeStoredJson<unknown>(row.artifact!)), ...guardrailArtifacts]
      await this.#setSdlOutcome(client, claim.job.hash, 'Proven', proof)
      return true
    })
  }

  async fail(claim: ProvingClaim, reason: string): Promise<boolean> {
    return this.#transaction(async (client) => {
      if (!(await this.#holds(client, claim))) return false
      await this.#setSdlOutcome(client, claim.job.hash, { ProvingFailed: reason }, null)
      return true
    })
  }

  async release(claim: ProvingClaim): Promise<void> {
    // A part given back (a worker stopping) does not count against PROOF_JOB_CLAIMS_MAX: only lost leases do.
    await this.#query(
      'UPDATE domain_sdl_proof_jobs AS j SET lease_token = NULL, lease_until_ms = NULL, attempts = GREATEST(j.attempts - 1, 0) WHERE j.shard = $1 AND j.hash = $2 AND j.round = $3 AND j.lease_token = $4',
      claimKey(claim),
    )
  }

  async close(): Promise<void> {
    if (!this.#pool.ended) await this.#pool.end()
  }

  /** Whether the claim still holds (its row carries its token, its round is current), locking the row and the SDL until the transaction ends. */
  async #holds(client: pg.PoolClient, claim: ProvingClaim): Promise<boolean> {
    const { rows } = await client.query(
      `SELECT 1 FROM domain_sdl_proof_jobs AS j JOIN domain_sdls AS s ON s.shard = j.shard AND s.hash = j.hash
        WHERE ${CLAIMED_ROW} AND s.lease_token = j.round FOR UPDATE OF j, s`,
      claimKey(claim),
    )
    return rows.length === 1
  }

  /** Moves the SDL out of Proving (its round ends: the rows are deleted). */
  async #setSdlOutcome(client: pg.PoolClient, hash: string, state: SdlStateValue, proof: unknown[] | null): Promise<void> {
    await client.query(
      `UPDATE domain_sdls SET state_name = $3, state = $4, proof = $5, updated_at_ms = $6, lease_holder = NULL, lease_token = NULL, lease_until_ms = NULL
        WHERE shard = $1 AND hash = $2 AND state_name = 'Proving'`,
      [this.#shard, hash, sdlStateName(state), encodeStoredJson(state), proof === null ? null : encodeStoredJson(proof), Date.now()],
    )
    await client.query('DELETE FROM domain_sdl_proof_jobs WHERE shard = $1 AND hash = $2', [this.#shard, hash])
  }

  async #transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.#unavailableOnConnectionError(() => runPostgresTransaction(this.#pool, { isolation: 'READ COMMITTED', attemptsMax: TRANSACTION_ATTEMPTS_MAX }, fn))
  }

  async #query<Row extends pg.QueryResultRow>(text: string, values: readonly unknown[]): Promise<Row[]> {
    return this.#unavailableOnConnectionError(async () => (await this.#pool.query<Row>(text, [...values])).rows)
  }

  async #unavailableOnConnectionError<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (error) {
      if (!isConnectionError(error)) throw error
      throw new StoreUnavailableError({ service: 'domain', backend: 'postgres', target: this.#target, reason: (error as Error).message }, { cause: error })
    }
  }
}

/** The parameters $1..$4 naming a claim's row (shard, hash, round, token). */
function claimKey(claim: ProvingClaim): [number, string, string, string] {
  return [claim.shard, claim.job.hash, claim.round, claim.token]
}
