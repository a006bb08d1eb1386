import assert from 'node:assert/strict'
import type { HashDigest } from '@verity/core'
import type { StateDiff, Vault } from '@verity/ledger'
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

/** Runs one parameterised statement and returns its rows (a pool, or the client of a transaction). */
export type RunQuery = <Row>(text: string, values: readonly unknown[]) => Promise<Row[]>

// node-postgres hands numeric and int8 columns out as decimal strings; these rows say so, and each
// record is rebuilt with BigInt (u64) or Number (shards, milliseconds) explicitly.
type AccountRow = { owner_id: string; balance: string; nonce_last: string }
type AgreementRow = { shard: string; operator: string; operator_owner_id: string; guardrail_program_ids: string[]; guardrails: string | null; created_at_ms: string; activates_at_ms: string }
type ShardRow = { shard: string; sequence: string; last_sdl_hash: string | null; root: string | null; credits_queued: string; credits_consumed: string }
type SdlRow = { hash: string; shard: string; sequence: string; status: string; root: string | null; code: string | null; reason: string | null; decided_at_ms: string }
type CreditRow = { shard: string; id: string; source_shard: string; source_sdl_hash: string; state_diff: string }

/**
 * The records of a PostgreSQL base-layer database. Every value is a query parameter; u64 values
 * travel as decimal text into numeric(20,0) columns, so none is rounded or truncated.
 */
export class PostgresRecords implements BaseLayerTransaction {
  constructor(private readonly query: RunQuery) {}

  async getAccount(ownerId: HashDigest): Promise<AccountRecord | undefined> {
    const [row] = await this.query<AccountRow>('SELECT owner_id, balance, nonce_last FROM accounts WHERE owner_id = $1', [ownerId])
    return row === undefined ? undefined : { ownerId: row.owner_id, balance: BigInt(row.balance), nonceLast: BigInt(row.nonce_last) }
  }

  async putAccount(record: AccountRecord): Promise<void> {
    await this.query(
      `INSERT INTO accounts (owner_id, balance, nonce_last) VALUES ($1, $2, $3)
       ON CONFLICT (owner_id) DO UPDATE SET balance = excluded.balance, nonce_last = excluded.nonce_last`,
      [record.ownerId, record.balance.toString(), record.nonceLast.toString()],
    )
  }

  async getAgreement(shard: number): Promise<AgreementRecord | undefined> {
    const [row] = await this.query<AgreementRow>(
      'SELECT shard, operator, operator_owner_id, guardrail_program_ids, guardrails, created_at_ms, activates_at_ms FROM agreements WHERE shard = $1',
      [shard],
    )
    if (row === undefined) return undefined
    return {
      shard: Number(row.shard),
      operator: row.operator,
      operatorOwnerId: row.operator_owner_id,
      guardrailProgramIds: row.guardrail_program_ids,
      ...(row.guardrails === null ? {} : { guardrails: decodeStoredJson<NonNullable<AgreementRecord['guardrails']>>(row.guardrails) }),
      createdAtMs: Number(row.created_at_ms),
      activatesAtMs: Number(row.activates_at_ms),
    }
  }

  async putAgreement(record: AgreementRecord): Promise<void> {
    await this.query(
      `INSERT INTO agreements (shard, operator, operator_owner_id, guardrail_program_ids, created_at_ms, activates_at_ms, guardrails)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (shard) DO UPDATE SET operator = excluded.operator, operator_owner_id = excluded.operator_owner_id,
         guardrail_program_ids = excluded.guardrail_program_ids, created_at_ms = excluded.created_at_ms,
         activates_at_ms = excluded.activates_at_ms, guardrails = excluded.guardrails`,
      [
        record.shard, record.operator, record.operatorOwnerId, record.guardrailProgramIds, record.createdAtMs, record.activatesAtMs,
        record.guardrails === undefined ? null : encodeStoredJson(record.guardrails),
      ],
    )
  }

  async getShard(shard: number): Promise<ShardRecord> {
    const [row] = await this.query<ShardRow>(
      'SELECT shard, sequence, last_sdl_hash, root, credits_queued, credits_consumed FROM shards WHERE shard = $1',
      [shard],
    )
    if (row === undefined) return emptyShardRecord(shard)
    return {
      shard: Number(row.shard),
      sequence: BigInt(row.sequence),
      lastSdlHash: row.last_sdl_hash,
      root: row.root,
      creditsQueued: BigInt(row.credits_queued),
      creditsConsumed: BigInt(row.credits_consumed),
    }
  }

  async putShard(record: ShardRecord): Promise<void> {
    await this.query(
      `INSERT INTO shards (shard, sequence, last_sdl_hash, root, credits_queued, credits_consumed) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (shard) DO UPDATE SET sequence = excluded.sequence, last_sdl_hash = excluded.last_sdl_hash, root = excluded.root,
         credits_queued = excluded.credits_queued, credits_consumed = excluded.credits_consumed`,
      [record.shard, record.sequence.toString(), record.lastSdlHash, record.root, record.creditsQueued.toString(), record.creditsConsumed.toString()],
    )
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

  async getSdl(hash: HashDigest): Promise<SdlRecord | undefined> {
    const [row] = await this.query<SdlRow>(
      'SELECT hash, shard, sequence, status, root, code, reason, decided_at_ms FROM sdls WHERE hash = $1',
      [hash],
    )
    return row === undefined ? undefined : sdlRecordOf(row)
  }

  async putSdl(record: SdlRecord, content?: unknown): Promise<void> {
    const applied = record.status === 'applied'
    await this.query(
      `INSERT INTO sdls (hash, shard, sequence, status, root, code, reason, decided_at_ms, content) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (hash) DO UPDATE SET shard = excluded.shard, sequence = excluded.sequence, status = excluded.status,
         root = excluded.root, code = excluded.code, reason = excluded.reason, decided_at_ms = excluded.decided_at_ms,
         content = coalesce(excluded.content, sdls.content)`,
      [
        record.hash,
        record.shard,
        record.sequence.toString(),
        record.status,
        applied ? record.root : null,
        applied ? null : record.code,
        applied ? null : record.reason,
        applied ? record.appliedAtMs : record.failedAtMs,
        content === undefined ? null : encodeStoredJson(content),
      ],
    )
  }

  async appendCredits(credits: Omit<CreditRecord, 'id'>[]): Promise<CreditRecord[]> {
    const appended: CreditRecord[] = []
    for (const credit of credits) {
      // Count the credit on its shard first, in one statement: settlements of two source shards
      // crediting the same shard at once then conflict on that row (one is retried), and never
      // both take the same id.
      const [counted] = await this.query<{ credits_queued: string }>(
        `INSERT INTO shards (shard, sequence, last_sdl_hash, root, credits_queued, credits_consumed) VALUES ($1, 0, NULL, NULL, 1, 0)
         ON CONFLICT (shard) DO UPDATE SET credits_queued = shards.credits_queued + 1
         RETURNING credits_queued`,
        [credit.shard],
      )
      const record: CreditRecord = { ...credit, id: BigInt(counted!.credits_queued) }
      await this.query(
        'INSERT INTO credits (shard, id, source_shard, source_sdl_hash, state_diff) VALUES ($1, $2, $3, $4, $5)',
        [record.shard, record.id.toString(), record.sourceShard, record.sourceSdlHash, encodeStoredJson(record.stateDiff)],
      )
      appended.push(record)
    }
    return appended
  }

  async listCredits(shard: number, cursor: bigint, limit: number): Promise<CreditRecord[]> {
    const rows = await this.query<CreditRow>(
      'SELECT shard, id, source_shard, source_sdl_hash, state_diff FROM credits WHERE shard = $1 AND id > $2 ORDER BY id LIMIT $3',
      [shard, cursor.toString(), limit],
    )
    return rows.map((row) => ({
      id: BigInt(row.id),
      shard: Number(row.shard),
      sourceShard: Number(row.source_shard),
      sourceSdlHash: row.source_sdl_hash,
      stateDiff: decodeStoredJson<StateDiff>(row.state_diff),
    }))
  }
}

function sdlRecordOf(row: SdlRow): SdlRecord {
  const common = { hash: row.hash, shard: Number(row.shard), sequence: BigInt(row.sequence) }
  // putSdl writes a root for an applied SDL and a code and reason for a failed one.
  if (row.status === 'applied') {
    assert(row.root !== null, `applied SDL ${row.hash} has no root`)
    return { ...common, status: 'applied', root: row.root, appliedAtMs: Number(row.decided_at_ms) }
  }
  assert(row.status === 'failed', `SDL ${row.hash} has status ${row.status}`)
  assert(row.code !== null && row.reason !== null, `failed SDL ${row.hash} has no code or reason`)
  return { ...common, status: 'failed', code: row.code, reason: row.reason, failedAtMs: Number(row.decided_at_ms) }
}
