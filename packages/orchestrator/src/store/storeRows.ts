// The rows both stores read (the SQLite and PostgreSQL schemas name their columns alike), their
// mapping to the store's records, and the small rules both adapters apply to what they read.
import { eventJson, expiredEvent } from '../events/orchestratorEvents.ts'
import type {
  ClaimedJob,
  ExtractorConfig,
  IntentRecord,
  IntentStatus,
  OrchestratorEventType,
  ProofRecord,
  StoredEvent,
  TemplateRecord,
} from './OrchestratorStore.ts'

export type IntentRow = {
  id: string
  template_id: string
  shape: 'A' | 'B'
  signed_intent_json: string
  sealed_opening_json: string | null
  status: IntentStatus
  created_at_ms: number
  expires_at_ms: number
  proposal_json: string | null
  job_attempts: number
}

export type EventRow = { seq: number; type: OrchestratorEventType; intent_id: string; data_json: string; created_at_ms: number }
export type TemplateRow = { id: string; source: string; compiled: Uint8Array; created_at_ms: number }
export type ProofRow = { intent_id: string; evidence_json: string; proof_json: string; created_at_ms: number }
export type ClaimedJobRow = { id: string; job_attempts: number; proposed_at_ms: number }

/** The config keys of the extractor's URL and key (PUT /config), in the stores' config tables. */
export const EXTRACTOR_CONFIG_KEYS = { url: 'evidence_extractor_url', key: 'evidence_extractor_key' } as const

export function intentOfRow(row: IntentRow): IntentRecord {
  return {
    id: row.id,
    templateId: row.template_id,
    shape: row.shape,
    signedIntentJson: row.signed_intent_json,
    sealedOpeningJson: row.sealed_opening_json,
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

export function templateOfRow(row: TemplateRow): TemplateRecord {
  return { id: row.id, source: row.source, compiled: new Uint8Array(row.compiled), createdAtMs: row.created_at_ms }
}

export function proofOfRow(row: ProofRow): ProofRecord {
  return { intentId: row.intent_id, evidenceJson: row.evidence_json, proofJson: row.proof_json, createdAtMs: row.created_at_ms }
}

/** The extractor config from the config rows read (a key not stored is ''). */
export function extractorConfigOfRows(rows: readonly { key: string; value: string }[]): ExtractorConfig {
  const read = (key: string) => rows.find((row) => row.key === key)?.value ?? ''
  return { url: read(EXTRACTOR_CONFIG_KEYS.url), key: read(EXTRACTOR_CONFIG_KEYS.key) }
}

/** Claimed jobs oldest proposal first, as the queue promises (RETURNING gives rows in no promised order). */
export function jobsOfClaimedRows(rows: readonly ClaimedJobRow[]): ClaimedJob[] {
  const ordered = [...rows].sort((a, b) => a.proposed_at_ms - b.proposed_at_ms || (a.id < b.id ? -1 : 1))
  return ordered.map((row) => ({ intentId: row.id, attempt: row.job_attempts }))
}

/** The `expired` event of an intent the sweeper expired (the spec's OrchestratorEvent), as JSON text. */
export function expiredEventJson(intentId: string): string {
  return eventJson(expiredEvent(intentId))
}
