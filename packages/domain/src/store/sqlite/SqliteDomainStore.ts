// The embedded store: one SQLite file in WAL mode with synchronous=FULL, so an acknowledged
// write survives a crash of the process or the machine. better-sqlite3 is synchronous; the
// methods return promises to fit the DomainStore port.
import { basename, dirname } from 'node:path'
import { claimDataDirProofSystem, PROOF_SYSTEM } from '@verity/prover'
import Database from 'better-sqlite3'
import type { BatchWrite, DomainStore, MandatePaymentRecord, PendingEntry, PendingRecord, SdlCreate, SdlRecord, SdlSummary, SdlWitnessFormat } from '../DomainStore.ts'
import { MANDATE_COLUMNS, mandateFilterSql, mandateOfRow, type MandateRow } from '../mandateRows.ts'
import { decodeStoredJson, encodeStoredJson, migrateSqlite } from '@verity/postgres'
import { DOMAIN_MIGRATIONS, MIGRATIONS_TABLE } from '../domainMigrations.ts'
import { SDL_COLUMNS, SDL_SUMMARY_COLUMNS, sdlOfRow, sdlPatchColumns, sdlRecordValues, sdlSummaryOfRow, sdlWitnessFormatOfRow, type SdlPatch, type SdlRow, type SdlSummaryRow, type SdlWitnessFormatRow } from '../sdlRows.ts'
import { StorageFullError } from '../../errors/storeErrors.ts'
import { CommittedStateCache } from '../CommittedStateCache.ts'

export type SqliteDomainStoreOptions = {
  nowMs?: () => number
  /** Largest database file, in SQLite pages (PRAGMA max_page_count): a quota, written past it is STORAGE_FULL. Default: SQLite's. */
  pageCountMax?: number
}

export class SqliteDomainStore implements DomainStore {
  readonly #db: Database.Database
  readonly #path: string
  readonly #now: () => number
  // Prepared once: the hot path (a batch) runs these on every request.
  readonly #selectVault: Database.Statement<[string], { vault: string }>
  readonly #selectNonce: Database.Statement<[string], { next_nonce: string }>
  readonly #putVault: Database.Statement
  readonly #putNonce: Database.Statement
  readonly #addPending: Database.Statement
  readonly #putMeta: Database.Statement
  readonly #addSpent: Database.Statement
  readonly #selectSpent: Database.Statement<[string], { key: string }>
  // Hot vaults and nonces, decoded, between batches; emptied when another connection commits
  // (PRAGMA data_version moves) or a commit of ours fails.
  readonly #cache = new CommittedStateCache()
  readonly #dataVersion: Database.Statement<[], number>
  #dataVersionSeen = 0

  /** Opens (creating when absent) the store at `path`; `:memory:` for a throw-away store. */
  constructor(path: string, options: SqliteDomainStoreOptions = {}) {
    this.#path = path
    // Stored proofs are of one proof system: a directory of an older version is refused, saying what to do.
    if (path !== ':memory:') claimDataDirProofSystem(dirname(path), basename(path))
    this.#db = new Database(path)
    this.#db.pragma('journal_mode = WAL')
    this.#db.pragma('synchronous = FULL')
    this.#db.pragma('foreign_keys = ON')
    try {
      migrateSqlite({ db: this.#db, table: MIGRATIONS_TABLE, migrations: DOMAIN_MIGRATIONS, nowMs: (options.nowMs ?? Date.now)(), service: 'domain' , proofSystem: PROOF_SYSTEM })
    } catch (error) {
      this.#db.close()
      throw error
    }
    if (options.pageCountMax !== undefined) this.#db.pragma(`max_page_count = ${Math.trunc(options.pageCountMax)}`)
    this.#now = options.nowMs ?? Date.now
    this.#selectVault = this.#db.prepare('SELECT vault FROM vaults WHERE address = ?')
    this.#selectNonce = this.#db.prepare('SELECT next_nonce FROM nonces WHERE address = ?')
    this.#putVault = this.#db.prepare('INSERT INTO vaults (address, vault) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET vault = excluded.vault')
    this.#putNonce = this.#db.prepare('INSERT INTO nonces (address, next_nonce) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET next_nonce = excluded.next_nonce')
    this.#addPending = this.#db.prepare('INSERT INTO pending (record) VALUES (?)')
    this.#putMeta = this.#db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
    // No ON CONFLICT: a key spent twice fails the whole commit (the laws refuse it before).
    this.#addSpent = this.#db.prepare('INSERT INTO mandates_spent (key, intent_id, intent_digest, evidence_digest, payer, spent_at_ms, payment) VALUES (?, ?, ?, ?, ?, ?, ?)')
    this.#selectSpent = this.#db.prepare('SELECT key FROM mandates_spent WHERE key = ?')
    this.#dataVersion = this.#db.prepare<[], number>('PRAGMA data_version').pluck()
    this.#dataVersionSeen = this.#dataVersion.get()!
  }

  async readVaults(addresses: readonly string[]): Promise<Map<string, unknown>> {
    this.#forgetOthersWrites()
    return this.#cache.readVaults(addresses, (missing) => readByAddress(missing, this.#selectVault, (row) => decodeStoredJson(row.vault)))
  }

  async readAllVaults(): Promise<Map<string, unknown>> {
    const rows = this.#db.prepare<[], { address: string; vault: string }>('SELECT address, vault FROM vaults ORDER BY address').all()
    return new Map(rows.map((row) => [row.address, decodeStoredJson(row.vault)]))
  }

  async readNonces(addresses: readonly string[]): Promise<Map<string, bigint>> {
    this.#forgetOthersWrites()
    return this.#cache.readNonces(addresses, (missing) => readByAddress(missing, this.#selectNonce, (row) => BigInt(row.next_nonce)))
  }

  /** Empties the cache when another connection has committed since we last looked. */
  #forgetOthersWrites(): void {
    const version = this.#dataVersion.get()!
    if (version === this.#dataVersionSeen) return
    this.#cache.clear()
    this.#dataVersionSeen = version
  }

  async commitBatch(write: BatchWrite): Promise<void> {
    const [putVault, putNonce, addPending, putMeta, addSpent] = [this.#putVault, this.#putNonce, this.#addPending, this.#putMeta, this.#addSpent]
    const nowMs = this.#now()
    try {
      this.#write(() =>
        this.#db.transaction(() => {
          for (const spent of write.mandates ?? []) addSpent.run(spent.key, spent.intentId, spent.intentDigest, spent.evidenceDigest, spent.payerOwnerId, nowMs, encodeStoredJson(spent.payment))
          for (const [address, vault] of write.vaults) putVault.run(address, encodeStoredJson(vault))
          for (const [address, nonce] of write.nonces) putNonce.run(address, nonce.toString())
          for (const record of write.pending) addPending.run(encodeStoredJson(record))
          for (const [key, value] of write.meta ?? []) putMeta.run(key, value)
        })(),
      )
    } catch (error) {
      this.#cache.clear()
      throw error
    }
    // Durable now (the COMMIT returned): later reads may be served what was written.
    this.#cache.committed(write.vaults, write.nonces)
  }

  async readSpentMandates(keys: readonly string[]): Promise<Set<string>> {
    const spent = new Set<string>()
    for (const key of new Set(keys)) if (this.#selectSpent.get(key) !== undefined) spent.add(key)
    return spent
  }

  async listMandatePayments(query: { intentId?: string; intentDigest?: string; limit: number }): Promise<MandatePaymentRecord[]> {
    const filter = mandateFilterSql(query, () => '?')
    const where = filter.where.length === 0 ? '' : `WHERE ${filter.where.join(' AND ')}`
    const rows = this.#db.prepare<unknown[], MandateRow>(`SELECT ${MANDATE_COLUMNS} FROM mandates_spent ${where} ORDER BY spent_at_ms DESC, key LIMIT ?`).all(...filter.values, query.limit)
    return rows.map(mandateOfRow)
  }

  async listPending(limit: number): Promise<PendingEntry[]> {
    const rows = this.#db.prepare<[number], { seq: number; record: string }>('SELECT seq, record FROM pending ORDER BY seq LIMIT ?').all(limit)
    return rows.map((row) => ({ seq: row.seq, record: decodeStoredJson<PendingRecord>(row.record) }))
  }

  async createSdl(create: SdlCreate): Promise<void> {
    const { record } = create
    const insert = this.#db.prepare(
      `INSERT INTO sdls (hash, seq, state_name, state, content, witness, proof, guardrail_input, created_at_ms, updated_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const consume = this.#db.prepare('DELETE FROM pending WHERE seq <= ?')
    const nameSdl = this.#db.prepare('UPDATE mandates_spent SET sdl_hash = ? WHERE key = ?')
    const putMeta = this.#putMeta
    this.#write(() =>
      this.#db.transaction(() => {
        insert.run(...sdlRecordValues(record))
        consume.run(create.pendingSeqMax)
        for (const key of create.mandateKeys ?? []) nameSdl.run(record.hash, key)
        for (const [key, value] of create.meta ?? []) putMeta.run(key, value)
      })(),
    )
  }

  async getSdl(hash: string): Promise<SdlRecord | null> {
    const row = this.#db.prepare<[string], SdlRow>(`SELECT ${SDL_COLUMNS} FROM sdls WHERE hash = ?`).get(hash)
    return row ? sdlOfRow(row) : null
  }

  async getSdlSummary(hash: string): Promise<SdlSummary | null> {
    const row = this.#db.prepare<[string], SdlSummaryRow>(`SELECT ${SDL_SUMMARY_COLUMNS} FROM sdls WHERE hash = ?`).get(hash)
    return row ? sdlSummaryOfRow(row) : null
  }

  async listSdls(offset: number, limit: number): Promise<SdlSummary[]> {
    return this.#db.prepare<[number, number], SdlSummaryRow>(`SELECT ${SDL_SUMMARY_COLUMNS} FROM sdls ORDER BY seq LIMIT ? OFFSET ?`).all(limit, offset).map(sdlSummaryOfRow)
  }

  async countSdlsInStates(states: readonly string[]): Promise<number> {
    if (states.length === 0) return 0
    const marks = states.map(() => '?').join(', ')
    return this.#db.prepare<string[], { count: number }>(`SELECT COUNT(*) AS count FROM sdls WHERE state_name IN (${marks})`).get(...states)!.count
  }

  async listSdlsInStates(states: readonly string[]): Promise<SdlRecord[]> {
    if (states.length === 0) return []
    const marks = states.map(() => '?').join(', ')
    return this.#db.prepare<string[], SdlRow>(`SELECT ${SDL_COLUMNS} FROM sdls WHERE state_name IN (${marks}) ORDER BY seq`).all(...states).map(sdlOfRow)
  }

  async listSdlWitnessFormats(states: readonly string[], limit: number): Promise<SdlWitnessFormat[]> {
    return sqliteSdlWitnessFormats(this.#db, states, limit)
  }

  async lastSdl(): Promise<SdlRecord | null> {
    const row = this.#db.prepare<[], SdlRow>(`SELECT ${SDL_COLUMNS} FROM sdls ORDER BY seq DESC LIMIT 1`).get()
    return row ? sdlOfRow(row) : null
  }

  async updateSdl(hash: string, patch: SdlPatch): Promise<void> {
    const columns = sdlPatchColumns(patch, this.#now())
    const sets = columns.map(([column]) => `${column} = ?`)
    const values = columns.map(([, value]) => value)
    this.#write(() => this.#db.prepare(`UPDATE sdls SET ${sets.join(', ')} WHERE hash = ?`).run(...values, hash))
  }

  async getMeta(key: string): Promise<string | null> {
    return this.#db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value ?? null
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.#write(() => this.#putMeta.run(key, value))
  }

  // A full disk (or quota) is an operating condition, not a bug: the transaction was rolled back,
  // and the caller gets a typed error that says so (507) instead of an internal error (500).
  #write(run: () => unknown): void {
    try {
      run()
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_FULL') throw new StorageFullError({ target: this.#path, reason: (error as Error).message }, { cause: error })
      throw error
    }
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close()
  }
}

/** The rows `select` finds for `addresses` (one statement run per address), decoded; absent rows are left out. */
function readByAddress<Row, T>(addresses: readonly string[], select: Database.Statement<[string], Row>, decode: (row: Row) => T): Map<string, T> {
  const found = new Map<string, T>()
  for (const address of addresses) {
    const row = select.get(address)
    if (row) found.set(address, decode(row))
  }
  return found
}

/** The witness layout of the oldest `limit` SDLs in `states` of the domain database `db` (opened by the store, or read only before it is: assertSdlWitnessFormatsBeforeOpen). */
export function sqliteSdlWitnessFormats(db: Database.Database, states: readonly string[], limit: number): SdlWitnessFormat[] {
  if (states.length === 0) return []
  const marks = states.map(() => '?').join(', ')
  return db
    .prepare<unknown[], SdlWitnessFormatRow>(`SELECT ${SDL_SUMMARY_COLUMNS}, json_extract(witness, '$.format') AS witness_format FROM sdls WHERE state_name IN (${marks}) ORDER BY seq LIMIT ?`)
    .all(...states, limit)
    .map(sdlWitnessFormatOfRow)
}
