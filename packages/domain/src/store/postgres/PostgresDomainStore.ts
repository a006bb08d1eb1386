// The domain's state in PostgreSQL: the same port as the embedded SQLite store, so a domain can
// stop on one machine and start on another with nothing lost. One process sequences a shard at a
// time (see shardLock.ts); every write transaction checks the shard's epoch, a fencing token, so
// a process that lost the shard can no longer write.
import { PROOF_SYSTEM } from '@verity/prover'
import { hostname } from 'node:os'
import pg from 'pg'
import { decodeStoredJson, encodeStoredJson, migratePostgres, StoreUnavailableError } from '@verity/postgres'
import { ShardLockLostError } from '../../errors/storeErrors.ts'
import {
  POSTGRES_CONNECT_TIMEOUT_MS,
  POSTGRES_QUERY_CONNECTIONS_MAX,
  SHARD_LOCK_KEEPALIVE_COUNT,
  SHARD_LOCK_KEEPALIVE_IDLE_S,
  SHARD_LOCK_KEEPALIVE_INTERVAL_S,
  SHARD_LOCK_WAIT_MS,
} from '../../limits.ts'
import type { BatchWrite, DomainStore, MandatePaymentRecord, PendingEntry, PendingRecord, SdlCreate, SdlRecord, SdlSummary, SdlWitnessFormat } from '../DomainStore.ts'
import { MANDATE_COLUMNS, mandateFilterSql, mandateOfRow, type MandateRow } from '../mandateRows.ts'
import { SDL_COLUMNS, SDL_SUMMARY_COLUMNS, sdlOfRow, sdlPatchColumns, sdlRecordValues, sdlSummaryOfRow, sdlWitnessFormatOfRow, type SdlPatch, type SdlRow, type SdlSummaryRow, type SdlWitnessFormatRow } from '../sdlRows.ts'
import { describeDatabaseUrl } from '@verity/postgres'
import { isConnectionError } from './isConnectionError.ts'
import { DOMAIN_MIGRATIONS, MIGRATIONS_TABLE, POSTGRES_MIGRATION_LOCK_KEY } from '../domainMigrations.ts'
import { acquireShardLock, releaseShardLock, shardLockKey } from './shardLock.ts'

export type PostgresDomainStoreOptions = {
  /** the shard this store holds; a second store for the same shard on the same database refuses to open */
  shard: number
  /** most connections kept open for queries; default POSTGRES_QUERY_CONNECTIONS_MAX */
  connectionsMax?: number
  /** milliseconds since the epoch (SDL timestamps, migration records) */
  nowMs?: () => number
  /** how long to wait for the shard's lock before ShardLockedError; default SHARD_LOCK_WAIT_MS */
  lockWaitMs?: number
}

/** The CTE that sets meta values: keys in `$n`, values in `$n+1` (text arrays; empty sets nothing). */
const META_CTE = (n: number) => `meta AS (INSERT INTO domain_meta (shard, key, value)
  SELECT $1, key, value FROM unnest($${n}::text[], $${n + 1}::text[]) AS t (key, value) WHERE EXISTS (SELECT 1 FROM fence)
  ON CONFLICT (shard, key) DO UPDATE SET value = excluded.value)`

export class PostgresDomainStore implements DomainStore {
  readonly backend = 'postgres'
  readonly shard: number
  readonly #pool: pg.Pool
  /** the session holding the shard's advisory lock, open as long as the store */
  readonly #lock: pg.Client
  /** the shard's epoch when this store took it (decimal) */
  readonly #epoch: string
  readonly #now: () => number
  /** the database URL without its password, for messages */
  readonly #target: string
  #lostReason: string | null = null
  #isClosing = false
  readonly #lostListeners: Array<(reason: string) => void> = []

  private constructor(fields: { pool: pg.Pool; lock: pg.Client; shard: number; epoch: string; now: () => number; target: string }) {
    this.#target = fields.target
    this.#pool = fields.pool
    this.#lock = fields.lock
    this.shard = fields.shard
    this.#epoch = fields.epoch
    this.#now = fields.now
  }

  /**
   * Connects to `databaseUrl` (`postgres://user:password@host:port/database`), applies the schema
   * migrations it lacks and takes the shard: its advisory lock (ShardLockedError when another
   * domain process still holds it after `lockWaitMs`) and a new epoch. Throws StoreUnavailableError when the server
   * cannot be reached.
   */
  static async open(databaseUrl: string, options: PostgresDomainStoreOptions): Promise<PostgresDomainStore> {
    const { shard } = options
    shardLockKey(shard) // checks the range before anything connects
    const now = options.nowMs ?? Date.now
    const target = describeDatabaseUrl(databaseUrl)
    // The session name shows in pg_stat_activity, so a refused second process can name the holder.
    const holder = `verity-domain shard ${shard} on ${hostname()} pid ${process.pid}`.slice(0, 63)
    const lock = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
      application_name: holder,
      keepAlive: true,
      keepAliveInitialDelayMillis: SHARD_LOCK_KEEPALIVE_IDLE_S * 1_000,
    })
    let lockError: Error | null = null
    // Without a listener a dropped connection would crash the process; the store turns it into a lost shard.
    lock.on('error', (error) => (lockError = error))
    try {
      await lock.connect()
    } catch (error) {
      throw new StoreUnavailableError({ service: 'domain', backend: 'postgres', target, reason: (error as Error).message }, { cause: error })
    }
    let epoch: string
    try {
      await keepSessionAlive(lock)
      await migratePostgres({
        client: lock,
        table: MIGRATIONS_TABLE,
        lockKey: POSTGRES_MIGRATION_LOCK_KEY,
        migrations: DOMAIN_MIGRATIONS,
        nowMs: now(),
        service: 'domain',
        proofSystem: PROOF_SYSTEM,
      })
      await acquireShardLock(lock, shard, target, options.lockWaitMs ?? SHARD_LOCK_WAIT_MS)
      epoch = await takeShard(lock, shard, holder, now())
    } catch (error) {
      await lock.end().catch(() => undefined)
      throw error
    }
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.connectionsMax ?? POSTGRES_QUERY_CONNECTIONS_MAX,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    })
    // An idle pooled connection the server drops is discarded and the next query opens a new one.
    pool.on('error', () => undefined)
    const store = new PostgresDomainStore({ pool, lock, shard, epoch, now, target })
    const lose = (reason: string) => store.#lose(reason)
    if (lockError !== null) lose(`lock connection failed: ${(lockError as Error).message}`)
    lock.on('error', (error) => lose(`lock connection failed: ${error.message}`))
    lock.on('end', () => lose('lock connection ended'))
    return store
  }

  /** Why this process no longer holds its shard, or null while it does. */
  get lostReason(): string | null {
    return this.#lostReason
  }

  /** Calls `listener` once, when this process loses its shard (its writes are refused from then on). */
  onShardLost(listener: (reason: string) => void): void {
    this.#lostListeners.push(listener)
  }

  #lose(reason: string): void {
    if (this.#isClosing || this.#lostReason !== null) return
    this.#lostReason = reason
    for (const listener of this.#lostListeners) listener(reason)
  }

  async readVaults(addresses: readonly string[]): Promise<Map<string, unknown>> {
    if (addresses.length === 0) return new Map()
    const rows = await this.#query<{ address: string; vault: string }>(
      'SELECT address, vault FROM domain_vaults WHERE shard = $1 AND address = ANY($2::text[])',
      [this.shard, [...new Set(addresses)]],
    )
    return new Map(rows.map((row) => [row.address, decodeStoredJson(row.vault)]))
  }

  async readAllVaults(): Promise<Map<string, unknown>> {
    // COLLATE "C": byte order, as SQLite sorts, whatever the database's collation.
    const rows = await this.#query<{ address: string; vault: string }>(
      'SELECT address, vault FROM domain_vaults WHERE shard = $1 ORDER BY address COLLATE "C"',
      [this.shard],
    )
    return new Map(rows.map((row) => [row.address, decodeStoredJson(row.vault)]))
  }

  async readNonces(addresses: readonly string[]): Promise<Map<string, bigint>> {
    if (addresses.length === 0) return new Map()
    const rows = await this.#query<{ address: string; next_nonce: string }>(
      'SELECT address, next_nonce FROM domain_nonces WHERE shard = $1 AND address = ANY($2::text[])',
      [this.shard, [...new Set(addresses)]],
    )
    return new Map(rows.map((row) => [row.address, BigInt(row.next_nonce)]))
  }

  async commitBatch(write: BatchWrite): Promise<void> {
    // Identity values of pending entries are drawn in the order the rows are produced: the batch's order.
    const meta = write.meta ?? new Map<string, string>()
    await this.#writeFenced(
      [
        `vaults AS (INSERT INTO domain_vaults (shard, address, vault)
           SELECT $1, address, vault FROM unnest($3::text[], $4::text[]) AS t (address, vault) WHERE EXISTS (SELECT 1 FROM fence)
           ON CONFLICT (shard, address) DO UPDATE SET vault = excluded.vault)`,
        `nonces AS (INSERT INTO domain_nonces (shard, address, next_nonce)
           SELECT $1, address, next_nonce FROM unnest($5::text[], $6::numeric[]) AS t (address, next_nonce) WHERE EXISTS (SELECT 1 FROM fence)
           ON CONFLICT (shard, address) DO UPDATE SET next_nonce = excluded.next_nonce)`,
        `pending AS (INSERT INTO domain_pending (shard, record)
           SELECT $1, record FROM unnest($7::text[]) WITH ORDINALITY AS t (record, position) WHERE EXISTS (SELECT 1 FROM fence) ORDER BY position)`,
        META_CTE(8),
        // No ON CONFLICT: a key spent twice fails the whole commit (the laws refuse it before).
        `spent AS (INSERT INTO domain_mandates_spent (shard, key, intent_id, payer, spent_at_ms, payment, intent_digest, evidence_digest)
           SELECT $1, key, intent_id, payer, $13::bigint, payment, intent_digest, evidence_digest
           FROM unnest($10::text[], $11::text[], $12::text[], $14::text[], $15::text[], $16::text[]) AS t (key, intent_id, payer, payment, intent_digest, evidence_digest)
           WHERE EXISTS (SELECT 1 FROM fence))`,
      ],
      [
        [...write.vaults.keys()],
        [...write.vaults.values()].map((vault) => encodeStoredJson(vault)),
        [...write.nonces.keys()],
        [...write.nonces.values()].map((nonce) => nonce.toString()),
        write.pending.map((record) => encodeStoredJson(record)),
        [...meta.keys()],
        [...meta.values()],
        (write.mandates ?? []).map((spent) => spent.key),
        (write.mandates ?? []).map((spent) => spent.intentId),
        (write.mandates ?? []).map((spent) => spent.payerOwnerId),
        this.#now(),
        (write.mandates ?? []).map((spent) => encodeStoredJson(spent.payment)),
        (write.mandates ?? []).map((spent) => spent.intentDigest),
        (write.mandates ?? []).map((spent) => spent.evidenceDigest),
      ],
    )
  }

  async readSpentMandates(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set()
    const rows = await this.#query<{ key: string }>('SELECT key FROM domain_mandates_spent WHERE shard = $1 AND key = ANY($2::text[])', [this.shard, [...new Set(keys)]])
    return new Set(rows.map((row) => row.key))
  }

  async listMandatePayments(query: { intentId?: string; intentDigest?: string; limit: number }): Promise<MandatePaymentRecord[]> {
    // $1 is the shard; the filter's values follow, then the limit.
    const filter = mandateFilterSql(query, (n) => `$${n + 2}`)
    const where = ['shard = $1', ...filter.where].join(' AND ')
    const limit = `$${filter.values.length + 2}`
    const rows = await this.#query<MandateRow>(`SELECT ${MANDATE_COLUMNS} FROM domain_mandates_spent WHERE ${where} ORDER BY spent_at_ms DESC, key LIMIT ${limit}`, [this.shard, ...filter.values, query.limit])
    return rows.map(mandateOfRow)
  }

  async listPending(limit: number): Promise<PendingEntry[]> {
    const rows = await this.#query<{ seq: string; record: string }>('SELECT seq, record FROM domain_pending WHERE shard = $1 ORDER BY seq LIMIT $2', [
      this.shard,
      limit,
    ])
    return rows.map((row) => ({ seq: Number(row.seq), record: decodeStoredJson<PendingRecord>(row.record) }))
  }

  async createSdl(create: SdlCreate): Promise<void> {
    const { record } = create
    const meta = create.meta ?? new Map<string, string>()
    // One statement: a duplicate hash or sequence fails all of it, so nothing is consumed.
    await this.#writeFenced(
      [
        `sdl AS (INSERT INTO domain_sdls (shard, hash, seq, state_name, state, content, witness, proof, guardrail_input, created_at_ms, updated_at_ms)
           SELECT $1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 WHERE EXISTS (SELECT 1 FROM fence))`,
        `consumed AS (DELETE FROM domain_pending WHERE shard = $1 AND seq <= $13 AND EXISTS (SELECT 1 FROM fence))`,
        META_CTE(14),
        `named AS (UPDATE domain_mandates_spent SET sdl_hash = $3 WHERE shard = $1 AND key = ANY($16::text[]) AND EXISTS (SELECT 1 FROM fence))`,
      ],
      [
        ...sdlRecordValues(record),
        create.pendingSeqMax,
        [...meta.keys()],
        [...meta.values()],
        [...(create.mandateKeys ?? [])],
      ],
    )
  }

  async getSdl(hash: string): Promise<SdlRecord | null> {
    const [row] = await this.#query<SdlRow>(`SELECT ${SDL_COLUMNS} FROM domain_sdls WHERE shard = $1 AND hash = $2`, [this.shard, hash])
    return row === undefined ? null : sdlOfRow(row)
  }

  async getSdlSummary(hash: string): Promise<SdlSummary | null> {
    const [row] = await this.#query<SdlSummaryRow>(`SELECT ${SDL_SUMMARY_COLUMNS} FROM domain_sdls WHERE shard = $1 AND hash = $2`, [this.shard, hash])
    return row === undefined ? null : sdlSummaryOfRow(row)
  }

  async listSdls(offset: number, limit: number): Promise<SdlSummary[]> {
    const rows = await this.#query<SdlSummaryRow>(`SELECT ${SDL_SUMMARY_COLUMNS} FROM domain_sdls WHERE shard = $1 ORDER BY seq LIMIT $2 OFFSET $3`, [
      this.shard,
      limit,
      offset,
    ])
    return rows.map(sdlSummaryOfRow)
  }

  async countSdlsInStates(states: readonly string[]): Promise<number> {
    if (states.length === 0) return 0
    const [row] = await this.#query<{ count: string }>(`SELECT COUNT(*) AS count FROM domain_sdls WHERE shard = $1 AND state_name = ANY($2::text[])`, [this.shard, [...states]])
    return Number(row!.count)
  }

  async listSdlsInStates(states: readonly string[]): Promise<SdlRecord[]> {
    if (states.length === 0) return []
    const rows = await this.#query<SdlRow>(`SELECT ${SDL_COLUMNS} FROM domain_sdls WHERE shard = $1 AND state_name = ANY($2::text[]) ORDER BY seq`, [
      this.shard,
      [...states],
    ])
    return rows.map(sdlOfRow)
  }

  async listSdlWitnessFormats(states: readonly string[], limit: number): Promise<SdlWitnessFormat[]> {
    return postgresSdlWitnessFormats((sql, params) => this.#query<SdlWitnessFormatRow>(sql, params), this.shard, states, limit)
  }

  async lastSdl(): Promise<SdlRecord | null> {
    const [row] = await this.#query<SdlRow>(`SELECT ${SDL_COLUMNS} FROM domain_sdls WHERE shard = $1 ORDER BY seq DESC LIMIT 1`, [this.shard])
    return row === undefined ? null : sdlOfRow(row)
  }

  async updateSdl(hash: string, patch: SdlPatch): Promise<void> {
    // Column names are constants; every value is a parameter ($1 shard, $2 epoch, $3 hash, then the sets).
    const columns = sdlPatchColumns(patch, this.#now())
    const sets = columns.map(([column], index) => `${column} = $${index + 4}`)
    // A new state ends any proving worker's claim (a re-prove starts unclaimed).
    if (patch.state !== undefined) sets.push('lease_holder = NULL', 'lease_token = NULL', 'lease_until_ms = NULL')
    await this.#writeFenced(
      [`updated AS (UPDATE domain_sdls SET ${sets.join(', ')} WHERE shard = $1 AND hash = $3 AND EXISTS (SELECT 1 FROM fence))`],
      [hash, ...columns.map(([, value]) => value)],
    )
  }

  async getMeta(key: string): Promise<string | null> {
    const [row] = await this.#query<{ value: string }>('SELECT value FROM domain_meta WHERE shard = $1 AND key = $2', [this.shard, key])
    return row?.value ?? null
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.#writeFenced([META_CTE(3)], [[key], [value]])
  }

  /** Closes the pool, then the lock's session, which releases the shard for the next process. */
  async close(): Promise<void> {
    if (this.#isClosing) return
    this.#isClosing = true
    if (!this.#pool.ended) await this.#pool.end()
    if (this.#lostReason === null) await releaseShardLock(this.#lock, this.shard).catch(() => undefined)
    await this.#lock.end().catch(() => undefined)
  }

  async #query<Row extends pg.QueryResultRow>(text: string, values: readonly unknown[]): Promise<Row[]> {
    try {
      return (await this.#pool.query<Row>(text, [...values])).rows
    } catch (error) {
      throw this.#unavailableOr(error)
    }
  }

  /** A StoreUnavailableError for a lost server (503 at the edge), else `error` itself. */
  #unavailableOr(error: unknown): unknown {
    if (!isConnectionError(error)) return error
    return new StoreUnavailableError({ service: 'domain', backend: 'postgres', target: this.#target, reason: (error as Error).message }, { cause: error })
  }

  /**
   * Runs one statement: the `fence` CTE reads the shard's row FOR SHARE where the epoch is the one
   * this store took, and each given CTE writes only if the fence found it. One statement is one
   * transaction and one round trip. A process taking the shard over (which updates the epoch)
   * waits for a statement under way; a statement after that finds no fence row, writes nothing,
   * and throws ShardLockLostError. `$1` is the shard, `$2` the epoch, `values` follow from `$3`.
   */
  async #writeFenced(ctes: readonly string[], values: readonly unknown[]): Promise<void> {
    if (this.#lostReason !== null) throw new ShardLockLostError({ shard: this.shard, reason: this.#lostReason })
    const text = `WITH fence AS (SELECT epoch FROM domain_shards WHERE shard = $1 AND epoch = $2 FOR SHARE), ${ctes.join(', ')}
      SELECT count(*)::int AS held FROM fence`
    const [row] = await this.#query<{ held: number }>(text, [this.shard, this.#epoch, ...values])
    if (row?.held !== 1) {
      this.#lose(`another domain process took the shard over (this process has epoch ${this.#epoch})`)
      throw new ShardLockLostError({ shard: this.shard, reason: this.#lostReason ?? 'shard taken over' })
    }
  }
}

/** Sets the server's keepalive on the lock's session, so a vanished machine frees its shard in seconds (see limits.ts). */
async function keepSessionAlive(client: pg.ClientBase): Promise<void> {
  await client.query(
    `SELECT set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', $3, false)`,
    [String(SHARD_LOCK_KEEPALIVE_IDLE_S), String(SHARD_LOCK_KEEPALIVE_INTERVAL_S), String(SHARD_LOCK_KEEPALIVE_COUNT)],
  )
}

/** Records the taking of `shard` and returns its new epoch (decimal). */
async function takeShard(client: pg.ClientBase, shard: number, holder: string, nowMs: number): Promise<string> {
  const { rows } = await client.query<{ epoch: string }>(
    `INSERT INTO domain_shards (shard, epoch, holder, taken_at_ms) VALUES ($1, 1, $2, $3)
     ON CONFLICT (shard) DO UPDATE SET epoch = domain_shards.epoch + 1, holder = excluded.holder, taken_at_ms = excluded.taken_at_ms
     RETURNING epoch`,
    [shard, holder, nowMs],
  )
  return rows[0]!.epoch
}

/** The witness layout of the oldest `limit` SDLs in `states` of `shard` in `domain_sdls`, read with `query` (the store's, or a client's before the store opens: assertSdlWitnessFormatsBeforeOpen). */
export async function postgresSdlWitnessFormats(
  query: (sql: string, params: unknown[]) => Promise<SdlWitnessFormatRow[]>,
  shard: number,
  states: readonly string[],
  limit: number,
): Promise<SdlWitnessFormat[]> {
  if (states.length === 0) return []
  const rows = await query(
    `SELECT ${SDL_SUMMARY_COLUMNS}, witness::json ->> 'format' AS witness_format FROM domain_sdls WHERE shard = $1 AND state_name = ANY($2::text[]) ORDER BY seq LIMIT $3`,
    [shard, [...states], limit],
  )
  return rows.map(sdlWitnessFormatOfRow)
}
