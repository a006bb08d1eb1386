// The rows both stores read (the SQLite and PostgreSQL schemas name their columns alike) and
// their mapping to the store's records.
import type { IntentRecord, IntentStatus, OrchestratorEventType, StoredEvent } from './OrchestratorStore.ts'

export type IntentRow = {
  id: string
  template_id: string
  shape: 'A' | 'B'
  signed_intent_json: string
  status: IntentStatus
  created_at_ms: number
  expires_at_ms: number
  proposal_json: string | null
  job_attempts: number
}

export type EventRow = { seq: number; type: OrchestratorEventType; intent_id: string; data_json: string; created_at_ms: number }

export function intentOfRow(row: IntentRow): IntentRecord {
  return {
    id: row.id,
    templateId: row.template_id,
    shape: row.shape,
    signedIntentJson: row.signed_intent_json,
    status: row.status,
    createdAtMs: row.created_at_ms,
    expiresAtMs: row.expires_at_ms,
    proposalJson: row.proposal_json,
    jobAttempts: row.job_attempts,
  }
}

export function eventOfRow(row: EventRow): StoredEvent {
  return { seq: row.seq, type: row.type, intentId: row.intent_id, dataJson: row.data_json, createdAtMs: row.created_at_ms }
}
