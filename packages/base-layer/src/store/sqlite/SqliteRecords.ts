import type Database from 'better-sqlite3'
import type { HashDigest } from '@verity/core'
import type { Vault } from '@verity/ledger'
import {
  emptyShardRecord,
  type AccountRecord,
  type AgreementRecord,
  type BaseLayerTransaction,
  type CreditRecord,
  type SdlRecord,
  type ShardRecord,
} from '../BaseLayerStore.ts'
import { decodeStoredJson, encodeStoredJson } from '../storedJson.ts'

/**
 * The records of a SQLite base-layer database over one better-sqlite3 connection. Statements run
 * synchronously; the methods are async only to share the store interface with PostgreSQL.
 * Whoever holds it decides the transaction (SqliteBaseLayerStore serialises all callers).
 */
export class SqliteRecords implements BaseLayerTransaction {
  readonly #statements: ReturnType<typeof prepareStatements>

  constructor(db: Database.Database) {
    this.#statements = prepareStatements(db)
  }

  async getAccount(ownerId: HashDigest): Promise<AccountRecord | undefined> {
    return readRecord<AccountRecord>(this.#statements.getAccount.get(ownerId))
  }

  async putAccount(record: AccountRecord): Promise<void> {
    this.#statements.putAccount.run(record.ownerId, encodeStoredJson(record))
  }

  async getAgreement(shard: number): Promise<AgreementRecord | undefined> {
    return readRecord<AgreementRecord>(this.#statements.getAgreement.get(shard))
  }

  async putAgreement(record: AgreementRecord): Promise<void> {
    this.#statements.putAgreement.run(record.shard, encodeStoredJson(record))
  }

  async getShard(shard: number): Promise<ShardRecord> {
    return readRecord<ShardRecord>(this.#statements.getShard.get(shard)) ?? emptyShardRecord(shard)
  }

  async putShard(record: ShardRecord): Promise<void> {
    this.#statements.putShard.run(record.shard, encodeStoredJson(record))
  }

  async getVault(address: string): Promise<Vault | undefined> {
    const row = this.#statements.getVault.get(address) as { vault: string } | undefined
    return row === undefined ? undefined : decodeStoredJson<Vault>(row.vault)
  }

  async getVaults(addresses: readonly string[]): Promise<Map<string, Vault>> {
    const vaults = new Map<string, Vault>()
    for (const address of new Set(addresses)) {
      const vault = await this.getVault(address)
      if (vault !== undefined) vaults.set(address, vault)
    }
    return vaults
  }

  async putVault(address: string, shard: number, vault: Vault): Promise<void> {
    this.#statements.putVault.run(address, shard, encodeStoredJson(vault))
  }

  async getNextNonce(address: string): Promise<bigint | undefined> {
    const row = this.#statements.getNonce.get(address) as { next_nonce: string } | undefined
    return row === undefined ? undefined : BigInt(row.next_nonce)
  }

  async getNextNonces(addresses: readonly string[]): Promise<Map<string, bigint>> {
    const nonces = new Map<string, bigint>()
    for (const address of new Set(addresses)) {
      const nonce = await this.getNextNonce(address)
      if (nonce !== undefined) nonces.set(address, nonce)
    }
    return nonces
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

  async getSdl(hash: HashDigest): Promise<SdlRecord | undefined> {
    return readRecord<SdlRecord>(this.#statements.getSdl.get(hash))
  }

  async putSdl(record: SdlRecord, content?: unknown): Promise<void> {
    this.#statements.putSdl.run(record.hash, encodeStoredJson(record), content === undefined ? null : encodeStoredJson(content))
  }

  async appendCredits(credits: Omit<CreditRecord, 'id'>[]): Promise<CreditRecord[]> {
    const appended: CreditRecord[] = []
    for (const credit of credits) {
      const shard = await this.getShard(credit.shard)
      const record: CreditRecord = { ...credit, id: shard.creditsQueued + 1n }
      this.#statements.putCredit.run(record.shard, record.id, encodeStoredJson(record))
      await this.putShard({ ...shard, creditsQueued: record.id })
      appended.push(record)
    }
    return appended
  }

  async listCredits(shard: number, cursor: bigint, limit: number): Promise<CreditRecord[]> {
    // Ids are SQLite integers (at most 2^63 - 1); a larger u64 cursor is past every credit.
    if (cursor > SQLITE_INTEGER_MAX) return []
    const rows = this.#statements.listCredits.all(shard, cursor, limit) as { record: string }[]
    return rows.map((row) => decodeStoredJson<CreditRecord>(row.record))
  }
}

const SQLITE_INTEGER_MAX = 2n ** 63n - 1n

function readRecord<T>(row: unknown): T | undefined {
  return row === undefined ? undefined : decodeStoredJson<T>((row as { record: string }).record)
}

function prepareStatements(db: Database.Database) {
  return {
    getAccount: db.prepare('SELECT record FROM accounts WHERE owner_id = ?'),
    putAccount: db.prepare('INSERT INTO accounts (owner_id, record) VALUES (?, ?) ON CONFLICT (owner_id) DO UPDATE SET record = excluded.record'),
    getAgreement: db.prepare('SELECT record FROM agreements WHERE shard = ?'),
    putAgreement: db.prepare('INSERT INTO agreements (shard, record) VALUES (?, ?) ON CONFLICT (shard) DO UPDATE SET record = excluded.record'),
    getShard: db.prepare('SELECT record FROM shards WHERE shard = ?'),
    putShard: db.prepare('INSERT INTO shards (shard, record) VALUES (?, ?) ON CONFLICT (shard) DO UPDATE SET record = excluded.record'),
    getVault: db.prepare('SELECT vault FROM vaults WHERE address = ?'),
    putVault: db.prepare('INSERT INTO vaults (address, shard, vault) VALUES (?, ?, ?) ON CONFLICT (address) DO UPDATE SET vault = excluded.vault'),
    getNonce: db.prepare('SELECT next_nonce FROM nonces WHERE address = ?'),
    putNonce: db.prepare('INSERT INTO nonces (address, next_nonce) VALUES (?, ?) ON CONFLICT (address) DO UPDATE SET next_nonce = excluded.next_nonce'),
    listSlotKeys: db.prepare('SELECT key FROM slot_keys WHERE shard = ? ORDER BY position'),
    countSlotKeys: db.prepare('SELECT count(*) AS count FROM slot_keys WHERE shard = ?'),
    putSlotKey: db.prepare('INSERT INTO slot_keys (shard, position, key) VALUES (?, ?, ?)'),
    getSdl: db.prepare('SELECT record FROM sdls WHERE hash = ?'),
    putSdl: db.prepare('INSERT INTO sdls (hash, record, content) VALUES (?, ?, ?) ON CONFLICT (hash) DO UPDATE SET record = excluded.record, content = COALESCE(excluded.content, sdls.content)'),
    putCredit: db.prepare('INSERT INTO credits (shard, id, record) VALUES (?, ?, ?)'),
    listCredits: db.prepare('SELECT record FROM credits WHERE shard = ? AND id > ? ORDER BY id LIMIT ?'),
  }
}
