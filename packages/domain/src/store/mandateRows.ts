// The columns of the spent set of mandate payments, mapped once for SQLite and PostgreSQL.
import { decodeStoredJson } from '@verity/postgres'
import type { MandatePaymentRecord, SpentMandate } from './DomainStore.ts'

export type MandateRow = { key: string; intent_id: string; payer: string; spent_at_ms: number | string; payment: string | null; sdl_hash: string | null }

export function mandateOfRow(row: MandateRow): MandatePaymentRecord {
  return {
    key: row.key,
    intentId: row.intent_id,
    payerOwnerId: row.payer,
    // Rows written before the payment was kept (schema version 4) have none.
    payment: row.payment === null ? { debited: '', credited: '', token: '', amount: 0n } : decodeStoredJson<SpentMandate['payment']>(row.payment),
    appliedAtMs: Number(row.spent_at_ms),
    sdlHash: row.sdl_hash,
  }
}
