import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { HashDigest } from '@verity/core'
import type { Vault } from '@verity/ledger'
import type { AccountRecord, AgreementRecord, BaseLayerStore, CreditRecord, SdlRecord, ShardRecord } from './BaseLayerStore.ts'
import { decodeStoredJson, encodeStoredJson } from './storedJson.ts'

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (owner_id TEXT PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS agreements (shard INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shards (shard INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS vaults (address TEXT PRIMARY KEY, shard INTEGER NOT NULL, vault TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS vaults_by_shard ON vaults (shard);
CREATE TABLE IF NOT EXISTS nonces (address TEXT PRIMARY KEY, next_nonce TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS slot_keys (shard INTEGER NOT NULL, position INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY (shard, position));
CREATE TABLE IF NOT EXISTS sdls (hash TEXT PRIMARY KEY, record TEXT NOT NULL, content TEXT);
CREATE TABLE IF NOT EXISTS credits (shard INTEGER NOT NULL, id INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (shard, id));
`

/**
 * The base layer's state in one SQLite file (better-sqlite3), WAL journal with synchronous=FULL so
 * that a committed settlement is on disk before the node answers: it survives kill -9 and power loss.
 */
export class SqliteBaseLayerStore implements BaseLayerStore {
  readonly #db: Database.Database
  readonly #statements: ReturnType<typeof prepareStatements>

  /** Opens (creating if needed) the database at `path`; `':memory:'` for a throw-away store. */
  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
    this.#db = new Database(path)
    this.#db.pragma('journal_mode = WAL')
    this.#db.pragma('synchronous = FULL')
    this.#db.pragma('foreign_keys = ON')
    this.#db.exec(SCHEMA)
    this.#statements = prepareStatements(this.#db)
  }

  transaction<T>(fn: () => T): T {
    // better-sqlite3 runs nested transactions as savepoints, so helpers may open their own.
    return this.#db.transaction(fn).immediate()
  }

  getAccount(ownerId: HashDigest): AccountRecord | undefined {
    return readRecord<AccountRecord>(this.#statements.getAccount.get(ownerId))
  }

  putAccount(record: AccountRecord): void {
    this.#statements.putAccount.run(record.ownerId, encodeStoredJson(record))
  }

  getAgreement(shard: number): AgreementRecord | undefined {
    return readRecord<AgreementRecord>(this.#statements.getAgreement.get(shard))
  }

  putAgreement(record: AgreementRecord): void {
    this.#statements.putAgreement.run(record.shard, encodeStoredJson(record))
  }

  getShard(shard: number): ShardRecord {
    return (
      readRecord<ShardRecord>(this.#statements.getShard.get(shard)) ?? {
        shard,
        sequence: 0n,
        lastSdlHash: null,
        root: null,
        creditsQueued: 0n,
        creditsConsumed: 0n,
      }
    )
  }

  putShard(record: ShardRecord): void {
    this.#statements.putShard.run(record.shard, encodeStoredJson(record))
  }

  getVault(address: string): Vault | undefined {
    const row = this.#statements.getVault.get(address) as { vault: string } | undefined
    return row === undefined ? undefined : decodeStoredJson<Vault>(row.vault)
  }

  putVault(address: string, shard: number, vault: Vault): void {
    this.#statements.putVault.run(address, shard, encodeStoredJson(vault))
  }

  getNextNonce(address: string): bigint | undefined {
    const row = this.#statements.getNonce.get(address) as { next_nonce: string } | undefined
    return row === undefined ? undefined : BigInt(row.next_nonce)
  }

  putNextNonce(address: string, nonce: bigint): void {
    this.#statements.putNonce.run(address, nonce.toString())
  }

  listSlotKeys(shard: number): bigint[] {
    const rows = this.#statements.listSlotKeys.all(shard) as { key: string }[]
    return rows.map((row) => BigInt(row.key))
  }

  appendSlotKeys(shard: number, keys: readonly bigint[]): void {
    this.transaction(() => {
      const row = this.#statements.countSlotKeys.get(shard) as { count: number }
      keys.forEach((key, offset) => this.#statements.putSlotKey.run(shard, row.count + offset, key.toString()))
    })
  }

  getSdl(hash: HashDigest): SdlRecord | undefined {
    return readRecord<SdlRecord>(this.#statements.getSdl.get(hash))
  }

  putSdl(record: SdlRecord, content?: unknown): void {
    this.#statements.putSdl.run(record.hash, encodeStoredJson(record), content === undefined ? null : encodeStoredJson(content))
  }

  appendCredits(credits: Omit<CreditRecord, 'id'>[]): CreditRecord[] {
    return this.transaction(() =>
      credits.map((credit) => {
        const shard = this.getShard(credit.shard)
        const record: CreditRecord = { ...credit, id: shard.creditsQueued + 1n }
        this.#statements.putCredit.run(record.shard, record.id, encodeStoredJson(record))
        this.putShard({ ...shard, creditsQueued: record.id })
        return record
      }),
    )
  }

  listCredits(shard: number, cursor: bigint, limit: number): CreditRecord[] {
    const rows = this.#statements.listCredits.all(shard, cursor, limit) as { record: string }[]
    return rows.map((row) => decodeStoredJson<CreditRecord>(row.record))
  }

  close(): void {
    if (this.#db.open) this.#db.close()
  }
}

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
