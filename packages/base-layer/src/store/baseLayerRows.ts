// The base layer's one data model, the same columns on SQLite and PostgreSQL (baseLayerMigrations.ts):
// the rows both adapters read, their mapping to records, and the values both adapters write, in
// column order. u64 values (balances, nonces, sequences, credit counters) are decimal text on
// SQLite and numeric(20,0) on PostgreSQL; both drivers hand them out as strings and they are
// rebuilt with BigInt. Integers a driver may hand out as a number or a string are read with
// Number (shards, milliseconds) or BigInt (credit ids).
import assert from 'node:assert/strict'
import type { StateDiff } from '@verity/ledger'
import { decodeStoredJson, encodeStoredJson } from '@verity/postgres'
import type { AccountRecord, AgreementRecord, CreditRecord, SdlRecord, ShardRecord } from './BaseLayerStore.ts'

/** An integer column as a driver hands it out. */
type IntegerValue = number | string | bigint

export type AccountRow = { owner_id: string; balance: string; nonce_last: string }
export type AgreementRow = {
  shard: IntegerValue
  operator: string
  operator_owner_id: string
  guardrail_program_ids: string
  guardrails: string | null
  created_at_ms: IntegerValue
  activates_at_ms: IntegerValue
}
export type ShardRow = { shard: IntegerValue; sequence: string; last_sdl_hash: string | null; root: string | null; credits_queued: string; credits_consumed: string }
export type SdlRow = {
  hash: string
  shard: IntegerValue
  sequence: string
  status: string
  root: string | null
  code: string | null
  reason: string | null
  decided_at_ms: IntegerValue
}
export type CreditRow = { shard: IntegerValue; id: IntegerValue; source_shard: IntegerValue; source_sdl_hash: string; state_diff: string }

export const ACCOUNT_COLUMNS = 'owner_id, balance, nonce_last'
export const AGREEMENT_COLUMNS = 'shard, operator, operator_owner_id, guardrail_program_ids, guardrails, created_at_ms, activates_at_ms'
export const SHARD_COLUMNS = 'shard, sequence, last_sdl_hash, root, credits_queued, credits_consumed'
export const SDL_COLUMNS = 'hash, shard, sequence, status, root, code, reason, decided_at_ms'
export const CREDIT_COLUMNS = 'shard, id, source_shard, source_sdl_hash, state_diff'

export function accountOfRow(row: AccountRow): AccountRecord {
  return { ownerId: row.owner_id, balance: BigInt(row.balance), nonceLast: BigInt(row.nonce_last) }
}

/** ACCOUNT_COLUMNS' values. */
export function accountValues(record: AccountRecord): unknown[] {
  return [record.ownerId, record.balance.toString(), record.nonceLast.toString()]
}

export function agreementOfRow(row: AgreementRow): AgreementRecord {
  return {
    shard: Number(row.shard),
    operator: row.operator,
    operatorOwnerId: row.operator_owner_id,
    guardrailProgramIds: decodeStoredJson<string[]>(row.guardrail_program_ids),
    ...(row.guardrails === null ? {} : { guardrails: decodeStoredJson<NonNullable<AgreementRecord['guardrails']>>(row.guardrails) }),
    createdAtMs: Number(row.created_at_ms),
    activatesAtMs: Number(row.activates_at_ms),
  }
}

/** AGREEMENT_COLUMNS' values. */
export function agreementValues(record: AgreementRecord): unknown[] {
  const guardrails = record.guardrails === undefined ? null : encodeStoredJson(record.guardrails)
  return [record.shard, record.operator, record.operatorOwnerId, encodeStoredJson(record.guardrailProgramIds), guardrails, record.createdAtMs, record.activatesAtMs]
}

export function shardOfRow(row: ShardRow): ShardRecord {
  return {
    shard: Number(row.shard),
    sequence: BigInt(row.sequence),
    lastSdlHash: row.last_sdl_hash,
    root: row.root,
    creditsQueued: BigInt(row.credits_queued),
    creditsConsumed: BigInt(row.credits_consumed),
  }
}

/** SHARD_COLUMNS' values. */
export function shardValues(record: ShardRecord): unknown[] {
  return [record.shard, record.sequence.toString(), record.lastSdlHash, record.root, record.creditsQueued.toString(), record.creditsConsumed.toString()]
}

export function sdlOfRow(row: SdlRow): SdlRecord {
  const common = { hash: row.hash, shard: Number(row.shard), sequence: BigInt(row.sequence) }
  // sdlValues writes a root for an applied SDL and a code and reason for a failed one.
  if (row.status === 'applied') {
    assert(row.root !== null, `applied SDL ${row.hash} has no root`)
    return { ...common, status: 'applied', root: row.root, appliedAtMs: Number(row.decided_at_ms) }
  }
  assert(row.status === 'failed', `SDL ${row.hash} has status ${row.status}`)
  assert(row.code !== null && row.reason !== null, `failed SDL ${row.hash} has no code or reason`)
  return { ...common, status: 'failed', code: row.code, reason: row.reason, failedAtMs: Number(row.decided_at_ms) }
}

/** SDL_COLUMNS' values. */
export function sdlValues(record: SdlRecord): unknown[] {
  const common = [record.hash, record.shard, record.sequence.toString(), record.status]
  if (record.status === 'applied') return [...common, record.root, null, null, record.appliedAtMs]
  return [...common, null, record.code, record.reason, record.failedAtMs]
}

export function creditOfRow(row: CreditRow): CreditRecord {
  return {
    id: BigInt(row.id),
    shard: Number(row.shard),
    sourceShard: Number(row.source_shard),
    sourceSdlHash: row.source_sdl_hash,
    stateDiff: decodeStoredJson<StateDiff>(row.state_diff),
  }
}

/** CREDIT_COLUMNS' values (the id as decimal text: each database converts it to its integer column). */
export function creditValues(record: CreditRecord): unknown[] {
  return [record.shard, record.id.toString(), record.sourceShard, record.sourceSdlHash, encodeStoredJson(record.stateDiff)]
}
