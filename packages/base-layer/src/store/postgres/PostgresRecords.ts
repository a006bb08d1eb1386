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
import { POSTGRES_MARK, upsertStatement } from '../upsertStatement.ts'

/** Runs one parameterised statement and returns its rows (a pool, or the client of a transaction). */
export type RunQuery = <Row>(text: string, values: readonly unknown[]) => Promise<Row[]>

const PUT_ACCOUNT = upsertStatement({ table: 'accounts', columns: ACCOUNT_COLUMNS, key: 'owner_id', mark: POSTGRES_MARK })
const PUT_AGREEMENT = upsertStatement({ table: 'agreements', columns: AGREEMENT_COLUMNS, key: 'shard', mark: POSTGRES_MARK })
const PUT_SHARD = upsertStatement({ table: 'shards', columns: SHARD_COLUMNS, key: 'shard', mark: POSTGRES_MARK })
const PUT_SDL = upsertStatement({ table: 'sdls', columns: `${SDL_COLUMNS}, content`, key: 'hash', mark: POSTGRES_MARK, keptWhenNull: ['content'] })

/**
 * The records of a PostgreSQL base-layer database: reads and writes only (the data model and its
 * mapping are baseLayerRows.ts, shared with SQLite). Every value is a query parameter; u64 values
 * travel as decimal text into numeric(20,0) columns, so none is rounded or truncated.
 */
export class PostgresRecords implements BaseLayerTransaction {
  constructor(private readonly query: RunQuery) {}

  async getAccount(ownerId: HashDigest): Promise<AccountRecord | undefined> {
    const [row] = await this.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE owner_id = $1`, [ownerId])
    return row === undefined ? undefined : accountOfRow(row)
  }

  async putAccount(record: AccountRecord): Promise<void> {
    await this.query(PUT_ACCOUNT, accountValues(record))
  }

  async getAgreement(shard: number): Promise<AgreementRecord | undefined> {
    const [row] = await this.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM agreements WHERE shard = $1`, [shard])
    return row === undefined ? undefined : agreementOfRow(row)
  }

  async putAgreement(record: AgreementRecord): Promise<void> {
    await this.query(PUT_AGREEMENT, agreementValues(record))
  }

  async getShard(shard: number): Promise<ShardRecord> {
    const [row] = await this.query<ShardRow>(`SELECT ${SHARD_COLUMNS} FROM shards WHERE shard = $1`, [shard])
    return row === undefined ? emptyShardRecord(shard) : shardOfRow(row)
  }

  async putShard(record: ShardRecord): Promise<void> {
    await this.query(PUT_SHARD, shardValues(record))
  }

  async getVault(address: string): Promise<Vault | undefined> {
    const [row] = await this.query<{ vault: string }>('SELECT vault FROM vaults WHERE address = $1', [address])
    return row === undefined ? undefined : decodeStoredJson<Vault>(row.vault)
  }

  async getVaults(addresses: readonly string[]): Promise<Map<string, Vault>> {
    const rows = await this.query<{ address: string; vault: string }>('SELECT address, vault FROM vaults WHERE address = ANY($1::text[])', [
      [...new Set(addresses)],
    ])
    return new Map(rows.map((row) => [row.address, decodeStoredJson<Vault>(row.vault)]))
  }

  async putVault(address: string, shard: number, vault: Vault): Promise<void> {
    await this.query(
      'INSERT INTO vaults (address, shard, vault) VALUES ($1, $2, $3) ON CONFLICT (address) DO UPDATE SET vault = excluded.vault',
      [address, shard, encodeStoredJson(vault)],
    )
  }

  async getNextNonce(address: string): Promise<bigint | undefined> {
    const [row] = await this.query<{ next_nonce: string }>('SELECT next_nonce FROM nonces WHERE address = $1', [address])
    return row === undefined ? undefined : BigInt(row.next_nonce)
  }

  async getNextNonces(addresses: readonly string[]): Promise<Map<string, bigint>> {
    const rows = await this.query<{ address: string; next_nonce: string }>(
      'SELECT address, next_nonce FROM nonces WHERE address = ANY($1::text[])',
      [[...new Set(addresses)]],
    )
    return new Map(rows.map((row) => [row.address, BigInt(row.next_nonce)]))
  }

  async putNextNonce(address: string, nonce: bigint): Promise<void> {
    await this.query(
      'INSERT INTO nonces (address, next_nonce) VALUES ($1, $2) ON CONFLICT (address) DO UPDATE SET next_nonce = excluded.next_nonce',
      [address, nonce.toString()],
    )
  }

  async listSlotKeys(shard: number): Promise<bigint[]> {
    const rows = await this.query<{ key: string }>('SELECT key FROM slot_keys WHERE shard = $1 ORDER BY position', [shard])
    return rows.map((row) => BigInt(row.key))
  }

  async appendSlotKeys(shard: number, keys: readonly bigint[]): Promise<void> {
    if (keys.length === 0) return
    // One statement for the whole list: positions continue after the shard's last key, in order.
    await this.query(
      `INSERT INTO slot_keys (shard, position, key)
       SELECT $1, (SELECT coalesce(max(position) + 1, 0) FROM slot_keys WHERE shard = $1) + added.ordinality - 1, added.key
       FROM unnest($2::numeric[]) WITH ORDINALITY AS added (key, ordinality)`,
      [shard, keys.map((key) => key.toString())],
    )
  }

  async getSpentMandates(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set()
    const rows = await this.query<{ key: string }>('SELECT key FROM mandates_spent WHERE key = ANY($1::text[])', [[...new Set(keys)]])
    return new Set(rows.map((row) => row.key))
  }

  async putSpentMandates(entries: readonly SpentMandateRecord[]): Promise<void> {
    if (entries.length === 0) return
    await this.query(
      `INSERT INTO mandates_spent (key, shard, sdl_hash, intent_id)
       SELECT key, shard, sdl_hash, intent_id FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[]) AS t (key, shard, sdl_hash, intent_id)`,
      [entries.map((e) => e.key), entries.map((e) => e.shard), entries.map((e) => e.sdlHash), entries.map((e) => e.intentId)],
    )
  }

  async getSdl(hash: HashDigest): Promise<SdlRecord | undefined> {
    const [row] = await this.query<SdlRow>(`SELECT ${SDL_COLUMNS} FROM sdls WHERE hash = $1`, [hash])
    return row === undefined ? undefined : sdlOfRow(row)
  }

  async putSdl(record: SdlRecord, content?: unknown): Promise<void> {
    await this.query(PUT_SDL, [...sdlValues(record), content === undefined ? null : encodeStoredJson(content)])
  }

  async putCredit(record: CreditRecord): Promise<void> {
    await this.query(`INSERT INTO credits (${CREDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5)`, creditValues(record))
  }

  async listCredits(shard: number, cursor: bigint, limit: number): Promise<CreditRecord[]> {
    const rows = await this.query<CreditRow>(`SELECT ${CREDIT_COLUMNS} FROM credits WHERE shard = $1 AND id > $2 ORDER BY id LIMIT $3`, [
      shard,
      cursor.toString(),
      limit,
    ])
    return rows.map(creditOfRow)
  }
}
