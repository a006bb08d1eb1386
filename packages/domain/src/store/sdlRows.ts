// The SDL rows both domain stores keep (the SQLite and PostgreSQL tables name their columns
// alike): the values both insert, the mapping of a row read back, and the columns an update sets.
import { decodeStoredJson, encodeStoredJson } from '@verity/postgres'
import { sdlStateName, type SdlStateValue } from '../sdl/SdlStateValue.ts'
import type { SdlRecord, SdlSummary, SdlWitnessFormat } from './DomainStore.ts'

/** The columns both stores read; integers as the driver hands them out (PostgreSQL: int8 as decimal text). */
export type SdlRow = {
  hash: string
  seq: number | string
  state: string
  content: string
  witness: string
  proof: string | null
  guardrail_input: Uint8Array | null
  created_at_ms: number | string
  updated_at_ms: number | string
}

export const SDL_COLUMNS = 'hash, seq, state, content, witness, proof, guardrail_input, created_at_ms, updated_at_ms'

/** The columns of an SdlSummary (no content, witness or proof). */
export const SDL_SUMMARY_COLUMNS = 'hash, seq, state, created_at_ms, updated_at_ms'

export type SdlSummaryRow = Pick<SdlRow, 'hash' | 'seq' | 'state' | 'created_at_ms' | 'updated_at_ms'>

/** What updateSdl may change. */
export type SdlPatch = Partial<Pick<SdlRecord, 'state' | 'proof' | 'guardrailInput'>>

/**
 * The column values of an SDL row, in the order both stores insert them: hash, seq, state name,
 * state, content, witness, proof, guardrail input, created and updated times.
 */
export function sdlRecordValues(record: SdlRecord): unknown[] {
  return [
    record.hash,
    record.seq,
    sdlStateName(record.state),
    encodeStoredJson(record.state),
    encodeStoredJson(record.content),
    encodeStoredJson(record.witness),
    record.proof === null ? null : encodeStoredJson(record.proof),
    record.guardrailInput === null ? null : Buffer.from(record.guardrailInput),
    record.createdAtMs,
    record.updatedAtMs,
  ]
}

export function sdlSummaryOfRow(row: SdlSummaryRow): SdlSummary {
  return {
    hash: row.hash,
    seq: Number(row.seq),
    state: decodeStoredJson<SdlStateValue>(row.state),
    createdAtMs: Number(row.created_at_ms),
    updatedAtMs: Number(row.updated_at_ms),
  }
}

/** A summary row with the witness's `format` as the database extracted it (SQL NULL when absent). */
export type SdlWitnessFormatRow = SdlSummaryRow & { witness_format: unknown }

export function sdlWitnessFormatOfRow(row: SdlWitnessFormatRow): SdlWitnessFormat {
  const format = row.witness_format
  return { ...sdlSummaryOfRow(row), witnessFormat: format === null || format === undefined ? null : String(format) }
}

export function sdlOfRow(row: SdlRow): SdlRecord {
  return {
    ...sdlSummaryOfRow(row),
    content: decodeStoredJson(row.content),
    witness: decodeStoredJson(row.witness),
    proof: row.proof === null ? null : decodeStoredJson(row.proof),
    guardrailInput: row.guardrail_input === null ? null : new Uint8Array(row.guardrail_input),
  }
}

/** The columns an update of `patch` sets and their values, `updated_at_ms` first (column names are constants). */
export function sdlPatchColumns(patch: SdlPatch, nowMs: number): [column: string, value: unknown][] {
  const columns: [string, unknown][] = [['updated_at_ms', nowMs]]
  if (patch.state !== undefined) columns.push(['state_name', sdlStateName(patch.state)], ['state', encodeStoredJson(patch.state)])
  if (patch.proof !== undefined) columns.push(['proof', patch.proof === null ? null : encodeStoredJson(patch.proof)])
  if (patch.guardrailInput !== undefined) columns.push(['guardrail_input', patch.guardrailInput === null ? null : Buffer.from(patch.guardrailInput)])
  return columns
}
