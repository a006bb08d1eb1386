/** Lifecycle states of an intent, as GET /intents/{id}/status reports them. */
export type IntentStatus = 'pending' | 'proving' | 'success' | 'failure' | 'expired'

/** The two submitted shapes: A = `{payload, signature}`, B = `{authorship, intent}`. */
export type IntentShape = 'A' | 'B'

export type TemplateRecord = {
  id: string
  /** The source as submitted (text/plain). */
  source: string
  /** Canonical compiled bytes; the template id is their HashDigest. */
  compiled: Uint8Array
  createdAtMs: number
}

export type NewIntent = {
  id: string
  templateId: string
  shape: IntentShape
  /** The submitted signed intent, re-serialised losslessly (big integers kept). */
  signedIntentJson: string
  /**
   * A sealed intent's opening `{attrs, salt}` as JSON text (never in signedIntentJson, never
   * served): the attrs its proof is made over. Null for an open intent, and once the intent ended
   * (success, failure, expired): the store forgets it in the transaction that ends the intent.
   */
  sealedOpeningJson?: string | null
  createdAtMs: number
  expiresAtMs: number
}

export type IntentRecord = NewIntent & {
  status: IntentStatus
  /** `{solution, metadata}` as JSON text, once a proposal was accepted. */
  proposalJson: string | null
  /** How many times a job started on this intent's proposal (restarts included). */
  jobAttempts: number
}

export type OrchestratorEventType = 'success' | 'failure' | 'expired'

/** One entry of the append-only event log. `dataJson` is the spec's OrchestratorEvent object. */
export type StoredEvent = {
  seq: number
  type: OrchestratorEventType
  intentId: string
  dataJson: string
  createdAtMs: number
}

export type ProofRecord = {
  intentId: string
  evidenceJson: string
  /** The proof object of GET /proofs/{id} (`proof` field), as JSON text. */
  proofJson: string
  createdAtMs: number
}

/** How a proposal job ended; stored with its event in one transaction. */
export type JobOutcome =
  | { kind: 'success'; eventJson: string; evidenceJson: string; proofJson: string }
  | { kind: 'failure'; eventJson: string }

/** A job claimed by one instance: the intent and which attempt this is (1 = first). */
/** The runtime extractor configuration: URL ('' = the embedded default) and trusted key ('' = none configured). */
export type ExtractorConfig = { url: string; key: string }

export type ClaimedJob = { intentId: string; attempt: number }

export type AcceptProposalResult =
  | { kind: 'accepted' }
  | { kind: 'unknown_intent' }
  | { kind: 'template_missing'; templateId: string }
  | { kind: 'has_proposal' }
  | { kind: 'expired' }
  | { kind: 'queue_full' }

/**
 * Storage port of the orchestrator. Every method that changes state commits durably before its
 * promise resolves, so whatever the HTTP layer acknowledged survives a crash. State changes and
 * the events they cause are written in one transaction.
 */
export interface OrchestratorStore {
  /** Which adapter this is (logs, tests). */
  readonly backend: 'sqlite' | 'postgres'

  /** The configured extractor URL; "" means the default embedded extractor. */
  /** The extractor put with PUT /config: its URL and Ed25519 key (each '' when not set: the embedded default / no key). */
  getExtractorConfig(): Promise<ExtractorConfig>
  /** Sets URL and key together (one write: never a new URL with the old key). */
  setExtractorConfig(config: ExtractorConfig): Promise<void>

  /** Stores a template; storing the same id again is a no-op. */
  putTemplate(template: TemplateRecord): Promise<void>
  getTemplate(id: string): Promise<TemplateRecord | undefined>
  hasTemplate(id: string): Promise<boolean>
  /** False when no such template was stored. */
  deleteTemplate(id: string): Promise<boolean>

  /** False when an intent with this id exists already (whatever its body). */
  insertIntent(intent: NewIntent): Promise<boolean>
  getIntent(id: string): Promise<IntentRecord | undefined>
  /** Whether an intent with this id is stored (cheaper than getIntent: reads no row). */
  hasIntent(id: string): Promise<boolean>

  /**
   * Moves a pending, unexpired intent whose template exists to `proving` with this proposal, in one
   * transaction, so that of any number of concurrent proposals exactly one is accepted.
   */
  acceptProposal(input: { intentId: string; proposalJson: string; nowMs: number; backlogMax: number }): Promise<AcceptProposalResult>

  /**
   * Proposals ahead of this intent's in the proving queue (intents in `proving` proposed before it,
   * in the order claimJobs takes them); undefined when the intent is not in `proving`.
   */
  provingQueuePosition(intentId: string): Promise<number | undefined>

  /**
   * Claims up to `limit` jobs (intents in `proving`, oldest proposal first) whose lease is free or
   * has expired, for `owner` until `leaseExpiresAtMs`, and counts a new attempt on each. Of any
   * number of instances claiming at once, each job goes to exactly one; the job of an instance
   * that died is claimed again once its lease expires.
   */
  claimJobs(input: { owner: string; limit: number; nowMs: number; leaseExpiresAtMs: number }): Promise<ClaimedJob[]>
  /** Extends the leases `owner` still holds on these jobs (a heartbeat while they run). */
  renewJobLeases(input: { owner: string; intentIds: readonly string[]; leaseExpiresAtMs: number }): Promise<void>
  /**
   * Ends the job of a `proving` intent: status, proof (on success) and event in one transaction.
   * Undefined when the intent was not in `proving` (nothing written).
   */
  finishJob(intentId: string, outcome: JobOutcome, nowMs: number): Promise<StoredEvent | undefined>

  /** Expires up to `limit` pending intents whose expiry is due, each with its `expired` event. */
  expireDue(nowMs: number, limit: number): Promise<StoredEvent[]>

  /** Events with seq > `afterSeq`, in order, at most `limit`. */
  readEventsAfter(afterSeq: number, limit: number): Promise<StoredEvent[]>
  /**
   * Events of these intents with seq > `afterSeq`, in order (GET /events?intent_id=… replays
   * through it). An intent has at most one outcome event, so the answer holds at most one event
   * per id: reading it costs an index lookup per id, however long the log.
   */
  readEventsOfIntents(intentIds: readonly string[], afterSeq: number): Promise<StoredEvent[]>
  /** The seq of the newest event, 0 when there is none. */
  lastEventSeq(): Promise<number>

  /**
   * Calls `onAppended` when other processes sharing this store may have appended events
   * (PostgreSQL: LISTEN/NOTIFY, plus a slow poll in case a notification was lost). The embedded
   * store has no other writer and never calls it. Resolves with a function that stops watching.
   */
  watchEvents(onAppended: () => void): Promise<() => Promise<void>>

  getProof(intentId: string): Promise<ProofRecord | undefined>

  close(): Promise<void>
}
