// The columns of the spent set of mandate payments, mapped once for SQLite and PostgreSQL.
import { decodeStoredJson } from '@verity/postgres'
import type { MandatePaymentRecord, SpentMandate } from './DomainStore.ts'

/** The columns a MandateRow is read from (the same names on SQLite and PostgreSQL). */
export const MANDATE_COLUMNS = 'key, intent_id, intent_digest, evidence_digest, payer, spent_at_ms, payment, sdl_hash'

/** The filters of listMandatePayments as SQL conditions over those columns, with their values in order (`placeholder(n)` writes the n-th, from 0). */
export function mandateFilterSql(query: { intentId?: string; intentDigest?: string }, placeholder: (n: number) => string): { where: string[]; values: string[] } {
  const where: string[] = []
  const values: string[] = []
  if (query.intentId !== undefined) where.push(`intent_id = ${placeholder(values.push(query.intentId) - 1)}`)
  if (query.intentDigest !== undefined) where.push(`intent_digest = ${placeholder(values.push(query.intentDigest) - 1)}`)
  return { where, values }
}

export type MandateRow = { key: string; intent_id: string; intent_digest: string | null; evidence_digest: string | null; payer: string; spent_at_ms: number | string; payment: string | null; sdl_hash: string | null }

export function mandateOfRow(row: MandateRow): MandatePaymentRecord {
  return {
    key: row.key,
    intentId: row.intent_id,
    intentDigest: row.intent_digest,
    evidenceDigest: row.evidence_digest,
    payerOwnerId: row.payer,
    // Rows written before the payment was kept (schema version 4) have none.
    payment: row.payment === null ? { debited: '', credited: '', token: '', amount: 0n } : decodeStoredJson<SpentMandate['payment']>(row.payment),
    appliedAtMs: Number(row.spent_at_ms),
    sdlHash: row.sdl_hash,
  }
}
