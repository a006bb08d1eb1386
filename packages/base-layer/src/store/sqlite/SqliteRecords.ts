import type Database from 'better-sqlite3'
import type { HashDigest } from '@verity/core'
import type { Vault } from '@verity/ledger'
import { decodeStoredJson, encodeStoredJson } from '@verity/postgres'
import { emptyShardRecord, type AccountRecord, type AgreementRecord, type BaseLayerTransaction, type CreditRecord, type SdlRecord, type ShardRecord, type SpentMandateRecord } from '../BaseLayerStore.ts'
import {
  ACCOUNT_COLUMNS,
  AGREEMENT_COLUMNS,
  CREDIT_COLUMNS,
  SDL_COLUMNS,
  SHARD_COLUMNS,
  accountOfRow,
  accountValues,
  agreementOfRow,
  agreementValues,
  creditOfRow,
  creditValues,
  sdlOfRow,
  sdlValues,
  shardOfRow,
  shardValues,
  type AccountRow,
  type AgreementRow,
  type CreditRow,
  type SdlRow,
  type ShardRow,
} from '../baseLayerRows.ts'
import { SQLITE_MARK, upsertStatement } from '../upsertStatement.ts'

/**
 * The records of a SQLite base-layer database over one better-sqlite3 connection: reads and
 * writes only (the data model and its mapping are baseLayerRows.ts, shared with PostgreSQL).
 * Statements run synchronously; the methods are async only to share the store interface.
 * Whoever holds it decides the transaction (SqliteBaseLayerStore serialises all callers).
 */
export class SqliteRecords implements BaseLayerTransaction {
  readonly #statements: ReturnType<typeof prepareStatements>

  constructor(db: Database.Database) {
    this.#statements = prepareStatements(db)
  }

  async getAccount(ownerId: HashDigest): Promise<AccountRecord | undefined> {
    const row = this.#statements.getAccount.get(ownerId) as AccountRow | undefined
    return row === undefined ? undefined : accountOfRow(row)
  }

  async putAccount(record: AccountRecord): Promise<void> {
    this.#statements.putAccount.run(...accountValues(record))
  }

  async getAgreement(shard: number): Promise<AgreementRecord | undefined> {
    const row = this.#statements.getAgreement.get(shard) as AgreementRow | undefined
    return row === undefined ? undefined : agreementOfRow(row)
  }

  async putAgreement(record: AgreementRecord): Promise<void> {
    this.#statements.putAgreement.run(...agreementValues(record))
  }

  async getShard(shard: number): Promise<ShardRecord> {
    const row = this.#statements.getShard.get(shard) as ShardRow | undefined
    return row === undefined ? emptyShardRecord(shard) : shardOfRow(row)
  }

  async putShard(record: ShardRecord): Promise<void> {
    this.#statements.putShard.run(...shardValues(record))
  }

  async getVault(address: string): Promise<Vault | undefined> {
    const row = this.#statements.getVault.get(address) as { vault: string } | undefined
    return row === undefined ? undefined : decodeStoredJson<Vault>(row.vault)
  }

  async getVaults(addresses: readonly string[]): Promise<Map<string, Vault>> {
    const rows = this.#statements.getVaults.all(JSON.stringify([...new Set(addresses)])) as { address: string; vault: string }[]
    return new Map(rows.map((row) => [row.address, decodeStoredJson<Vault>(row.vault)]))
  }

  async putVault(address: string, shard: number, vault: Vault): Promise<void> {
    this.#statements.putVault.run(address, shard, encodeStoredJson(vault))
  }

  async getNextNonce(address: string): Promise<bigint | undefined> {
    const row = this.#statements.getNonce.get(address) as { next_nonce: string } | undefined
    return row === undefined ? undefined : BigInt(row.next_nonce)
  }

  async getNextNonces(addresses: readonly string[]): Promise<Map<string, bigint>> {
    const rows = this.#statements.getNonces.all(JSON.stringify([...new Set(addresses)])) as { address: string; next_nonce: string }[]
    return new Map(rows.map((row) => [row.address, BigInt(row.next_nonce)]))
  }

  async putNextNonce(address: string, nonce: bigint): Promise<void> {
    this.#statements.putNonce.run(address, nonce.toString())
  }

  async listSlotKeys(shard: number): Promise<bigint[]> {
    const rows = this.#statements.listSlotKeys.all(shard) as { key: string }[]
    return rows.map((row) => BigInt(row.key))
  }

  async appendSlotKeys(shard: number, keys: readonly bigint[]): Promise<void> {
    const row = this.#statements.countSlotKeys.get(shard) as { count: number }
    keys.forEach((key, offset) => this.#statements.putSlotKey.run(shard, row.count + offset, key.toString()))
  }

  async getSpentMandates(keys: readonly string[]): Promise<Set<string>> {
    const spent = new Set<string>()
    for (const key of new Set(keys)) if (this.#statements.getSpent.get(key) !== undefined) spent.add(key)
    return spent
  }

  async putSpentMandates(entries: readonly SpentMandateRecord[]): Promise<void> {
    for (const entry of entries) this.#statements.putSpent.run(entry.key, entry.shard, entry.sdlHash, entry.intentId)
  }

  async getSdl(hash: HashDigest): Promise<SdlRecord | undefined> {
    const row = this.#statements.getSdl.get(hash) as SdlRow | undefined
    return row === undefined ? undefined : sdlOfRow(row)
  }

  async putSdl(record: SdlRecord, content?: unknown): Promise<void> {
    this.#statements.putSdl.run(...sdlValues(record), content === undefined ? null : encodeStoredJson(content))
  }

  async putCredit(record: CreditRecord): Promise<void> {
    this.#statements.putCredit.run(...creditValues(record))
  }

  async listCredits(shard: number, cursor: bigint, limit: number): Promise<CreditRecord[]> {
    // Ids are SQLite integers (at most 2^63 - 1); a larger u64 cursor is past every credit.
    if (cursor > SQLITE_INTEGER_MAX) return []
    return (this.#statements.listCredits.all(shard, cursor, limit) as CreditRow[]).map(creditOfRow)
  }
}

const SQLITE_INTEGER_MAX = 2n ** 63n - 1n

function prepareStatements(db: Database.Database) {
  return {
    getAccount: db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE owner_id = ?`),
    putAccount: db.prepare(upsertStatement({ table: 'accounts', columns: ACCOUNT_COLUMNS, key: 'owner_id', mark: SQLITE_MARK })),
    getAgreement: db.prepare(`SELECT ${AGREEMENT_COLUMNS} FROM agreements WHERE shard = ?`),
    putAgreement: db.prepare(upsertStatement({ table: 'agreements', columns: AGREEMENT_COLUMNS, key: 'shard', mark: SQLITE_MARK })),
    getShard: db.prepare(`SELECT ${SHARD_COLUMNS} FROM shards WHERE shard = ?`),
    putShard: db.prepare(upsertStatement({ table: 'shards', columns: SHARD_COLUMNS, key: 'shard', mark: SQLITE_MARK })),
    getVault: db.prepare('SELECT vault FROM vaults WHERE address = ?'),
    getVaults: db.prepare('SELECT address, vault FROM vaults WHERE address IN (SELECT value FROM json_each(?))'),
    putVault: db.prepare('INSERT INTO vaults (address, shard, vault) VALUES (?, ?, ?) ON CONFLICT (address) DO UPDATE SET vault = excluded.vault'),
    getNonce: db.prepare('SELECT next_nonce FROM nonces WHERE address = ?'),
    getNonces: db.prepare('SELECT address, next_nonce FROM nonces WHERE address IN (SELECT value FROM json_each(?))'),
    putNonce: db.prepare('INSERT INTO nonces (address, next_nonce) VALUES (?, ?) ON CONFLICT (address) DO UPDATE SET next_nonce = excluded.next_nonce'),
    listSlotKeys: db.prepare('SELECT key FROM slot_keys WHERE shard = ? ORDER BY position'),
    getSpent: db.prepare('SELECT key FROM mandates_spent WHERE key = ?'),
    putSpent: db.prepare('INSERT INTO mandates_spent (key, shard, sdl_hash, intent_id) VALUES (?, ?, ?, ?)'),
    countSlotKeys: db.prepare('SELECT count(*) AS count FROM slot_keys WHERE shard = ?'),
    putSlotKey: db.prepare('INSERT INTO slot_keys (shard, position, key) VALUES (?, ?, ?)'),
    getSdl: db.prepare(`SELECT ${SDL_COLUMNS} FROM sdls WHERE hash = ?`),
    putSdl: db.prepare(upsertStatement({ table: 'sdls', columns: `${SDL_COLUMNS}, content`, key: 'hash', mark: SQLITE_MARK, keptWhenNull: ['content'] })),
    putCredit: db.prepare(`INSERT INTO credits (${CREDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?)`),
    listCredits: db.prepare(`SELECT ${CREDIT_COLUMNS} FROM credits WHERE shard = ? AND id > ? ORDER BY id LIMIT ?`),
  }
}
