import { claimDataDirProofSystem, PROOF_SYSTEM } from '@verity/prover'
import assert from 'node:assert'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { migrateSqlite } from '@verity/postgres'
import type {
  AcceptProposalResult,
  ClaimedJob,
  ExtractorConfig,
  IntentRecord,
  JobOutcome,
  NewIntent,
  OrchestratorEventType,
  OrchestratorStore,
  ProofRecord,
  StoredEvent,
  TemplateRecord,
} from './OrchestratorStore.ts'
import { INSERT_INTENT_SQL, SqliteIntentWriter } from './SqliteIntentWriter.ts'
import { MIGRATIONS_TABLE, ORCHESTRATOR_MIGRATIONS } from './orchestratorMigrations.ts'
import { decideProposal } from './decideProposal.ts'
import { GroupCommit } from './GroupCommit.ts'
import {
  EXTRACTOR_CONFIG_KEYS,
  eventOfRow,
  expiredEventJson,
  extractorConfigOfRows,
  intentOfRow,
  jobsOfClaimedRows,
  proofOfRow,
  templateOfRow,
  type ClaimedJobRow,
  type EventRow,
  type IntentRow,
  type ProofRow,
  type TemplateRow,
} from './storeRows.ts'

/** Intents inserted per group-commit transaction. */
const INTENT_BATCH_MAX = 256

/** How long a connection waits for the other's write lock (the intent writer thread's, or ours). */
const BUSY_TIMEOUT_MS = 5_000

/** Template ids remembered as stored (see #knownTemplateIds); past this many the set starts over. */
const KNOWN_TEMPLATE_IDS_MAX = 10_000

/** File name of the database inside the data directory. */
export const SQLITE_FILE_NAME = 'orchestrator.sqlite'

/**
 * The embedded store: one SQLite file in WAL mode with synchronous=FULL, so a commit is on disk
 * before its promise resolves. better-sqlite3 is synchronous and this process is its only writer,
 * so every transaction is also atomic with respect to concurrent HTTP requests. One process owns
 * the file: job leases left by a previous run are released on open, so its jobs resume at once.
 */
export class SqliteOrchestratorStore implements OrchestratorStore {
  readonly backend = 'sqlite'
  readonly #db: Database.Database
  readonly #statements
  /** New intents go through a writer thread (a file on disk); undefined for ":memory:". */
  readonly #intentWriter: SqliteIntentWriter | undefined
  // Ids of templates known to be stored, so the per-intent existence check reads no row. Exact
  // because this process is the file's only writer: deleteTemplate removes the id here too.
  readonly #knownTemplateIds = new Set<string>()

  /** Opens (creating when needed) `<dataDir>/orchestrator.sqlite`; `":memory:"` keeps nothing on disk. */
  constructor(dataDir: string | ':memory:') {
    let path = ':memory:'
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      // Stored proofs are of one proof system: a directory of an older version is refused, saying what to do.
      claimDataDirProofSystem(dataDir, SQLITE_FILE_NAME)
      path = join(dataDir, SQLITE_FILE_NAME)
    }
    this.#db = new Database(path)
    this.#db.pragma('journal_mode = WAL')
    this.#db.pragma('synchronous = FULL')
    this.#db.pragma('foreign_keys = ON')
    this.#db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    try {
      migrateSqlite({ db: this.#db, table: MIGRATIONS_TABLE, migrations: ORCHESTRATOR_MIGRATIONS, nowMs: Date.now(), service: 'orchestrator' , proofSystem: PROOF_SYSTEM })
    } catch (error) {
      this.#db.close()
      throw error
    }
    this.#statements = prepareStatements(this.#db)
    this.#statements.releaseLeases.run()
    this.#intentWriter = path === ':memory:' ? undefined : new SqliteIntentWriter({ path, busyTimeoutMs: BUSY_TIMEOUT_MS, batchMax: INTENT_BATCH_MAX })
  }

  async getExtractorConfig(): Promise<ExtractorConfig> {
    return extractorConfigOfRows(this.#statements.getConfig.all(EXTRACTOR_CONFIG_KEYS.url, EXTRACTOR_CONFIG_KEYS.key) as { key: string; value: string }[])
  }

  async setExtractorConfig(config: ExtractorConfig): Promise<void> {
    this.#db.transaction(() => {
      this.#statements.setConfig.run(EXTRACTOR_CONFIG_KEYS.url, config.url)
      this.#statements.setConfig.run(EXTRACTOR_CONFIG_KEYS.key, config.key)
    }).immediate()
  }

  async putTemplate(template: TemplateRecord): Promise<void> {
    this.#statements.insertTemplate.run(template.id, template.source, Buffer.from(template.compiled), template.createdAtMs)
    this.#rememberTemplateId(template.id)
  }

  async getTemplate(id: string): Promise<TemplateRecord | undefined> {
    const row = this.#statements.getTemplate.get(id) as TemplateRow | undefined
    return row === undefined ? undefined : templateOfRow(row)
  }

  async hasTemplate(id: string): Promise<boolean> {
    if (this.#knownTemplateIds.has(id)) return true
    const isStored = this.#statements.getTemplateId.get(id) !== undefined
    if (isStored) this.#rememberTemplateId(id)
    return isStored
  }

  async deleteTemplate(id: string): Promise<boolean> {
    this.#knownTemplateIds.delete(id)
    return this.#statements.deleteTemplate.run(id).changes === 1
  }

  #rememberTemplateId(id: string): void {
    if (this.#knownTemplateIds.size >= KNOWN_TEMPLATE_IDS_MAX) this.#knownTemplateIds.clear()
    this.#knownTemplateIds.add(id)
  }

  // Group commit: intents submitted concurrently are inserted in one transaction, so they share
  // one fsync (synchronous=FULL); each promise resolves only after that commit. Per-insert commits
  // capped POST /intents at the disk's fsync rate when we measured it. On a file, the writer thread
  // does it (the fsync no longer stalls the event loop, and a group gathers during the commit
  // before it); in memory, this thread does, one group per turn of the event loop.
  readonly #intentGroups = new GroupCommit<NewIntent, boolean>({
    batchMax: INTENT_BATCH_MAX,
    commit: (intents) =>
      this.#db.transaction(() =>
        intents.map(
          (intent) =>
            this.#statements.insertIntent.run(intent.id, intent.templateId, intent.shape, intent.signedIntentJson, intent.sealedOpeningJson ?? null, intent.createdAtMs, intent.expiresAtMs)
              .changes === 1,
        ),
      ).immediate(),
  })

  insertIntent(intent: NewIntent): Promise<boolean> {
    if (this.#intentWriter !== undefined) return this.#intentWriter.insert(intent)
    return this.#intentGroups.submit(intent)
  }

  async hasIntent(id: string): Promise<boolean> {
    return this.#statements.hasIntent.get(id) !== undefined
  }

  async getIntent(id: string): Promise<IntentRecord | undefined> {
    const row = this.#statements.getIntent.get(id) as IntentRow | undefined
    return row === undefined ? undefined : intentOfRow(row)
  }

  async acceptProposal(input: {
    intentId: string
    proposalJson: string
    nowMs: number
    backlogMax: number
  }): Promise<AcceptProposalResult> {
    const run = this.#db.transaction((): AcceptProposalResult => {
      const row = this.#statements.getIntent.get(input.intentId) as IntentRow | undefined
      const decision = decideProposal(
        {
          intent: row && { status: row.status, expiresAtMs: row.expires_at_ms, templateId: row.template_id, hasProposal: row.proposal_json !== null },
          hasTemplate: row !== undefined && this.#statements.getTemplateId.get(row.template_id) !== undefined,
          provingCount: (this.#statements.countProving.get() as { count: number }).count,
        },
        input,
      )
      if (decision.kind !== 'accepted') return decision
      const changes = this.#statements.setProposal.run(input.proposalJson, input.nowMs, input.intentId).changes
      assert.equal(changes, 1)
      return decision
    })
    return run.immediate()
  }

  async claimJobs(input: { owner: string; limit: number; nowMs: number; leaseExpiresAtMs: number }): Promise<ClaimedJob[]> {
    return jobsOfClaimedRows(this.#statements.claimJobs.all(input.owner, input.leaseExpiresAtMs, input.nowMs, input.limit) as ClaimedJobRow[])
  }

  async renewJobLeases(input: { owner: string; intentIds: readonly string[]; leaseExpiresAtMs: number }): Promise<void> {
    if (input.intentIds.length === 0) return
    this.#statements.renewLeases.run(input.leaseExpiresAtMs, input.owner, JSON.stringify(input.intentIds))
  }

  async finishJob(intentId: string, outcome: JobOutcome, nowMs: number): Promise<StoredEvent | undefined> {
    const run = this.#db.transaction((): StoredEvent | undefined => {
      const changes = this.#statements.finishJob.run(outcome.kind, intentId).changes
      if (changes === 0) return undefined
      if (outcome.kind === 'success')
        this.#statements.insertProof.run(intentId, outcome.evidenceJson, outcome.proofJson, nowMs)
      return this.#appendEvent(outcome.kind, intentId, outcome.eventJson, nowMs)
    })
    return run.immediate()
  }

  async expireDue(nowMs: number, limit: number): Promise<StoredEvent[]> {
    const run = this.#db.transaction((): StoredEvent[] => {
      const due = this.#statements.listDue.all(nowMs, limit) as { id: string }[]
      const events: StoredEvent[] = []
      for (const { id } of due) {
        const changes = this.#statements.expire.run(id).changes
        assert.equal(changes, 1)
        events.push(this.#appendEvent('expired', id, expiredEventJson(id), nowMs))
      }
      return events
    })
    return run.immediate()
  }

  async readEventsAfter(afterSeq: number, limit: number): Promise<StoredEvent[]> {
    return (this.#statements.readEvents.all(afterSeq, limit) as EventRow[]).map(eventOfRow)
  }

  async provingQueuePosition(intentId: string): Promise<number | undefined> {
    const row = this.#statements.provingQueuePosition.get(intentId) as { position: number | null } | undefined
    return row?.position ?? undefined
  }

  async readEventsOfIntents(intentIds: readonly string[], afterSeq: number): Promise<StoredEvent[]> {
    if (intentIds.length === 0) return []
    return (this.#statements.readEventsOfIntents.all(JSON.stringify(intentIds), afterSeq) as EventRow[]).map(eventOfRow)
  }

  async lastEventSeq(): Promise<number> {
    const row = this.#statements.lastSeq.get() as { seq: number | null }
    return row.seq ?? 0
  }

  async watchEvents(_onAppended: () => void): Promise<() => Promise<void>> {
    // This process is the only writer: every event reaches the hub through publish().
    return async () => {}
  }

  async getProof(intentId: string): Promise<ProofRecord | undefined> {
    const row = this.#statements.getProof.get(intentId) as ProofRow | undefined
    return row === undefined ? undefined : proofOfRow(row)
  }

  async close(): Promise<void> {
    await this.#intentWriter?.close()
    if (this.#db.open) this.#db.close()
  }

  #appendEvent(type: OrchestratorEventType, intentId: string, dataJson: string, nowMs: number): StoredEvent {
    const result = this.#statements.insertEvent.run(type, intentId, dataJson, nowMs)
    return { seq: Number(result.lastInsertRowid), type, intentId, dataJson, createdAtMs: nowMs }
  }
}

function prepareStatements(db: Database.Database) {
  return {
    getConfig: db.prepare('SELECT key, value FROM config WHERE key IN (?, ?)'),
    setConfig: db.prepare('INSERT INTO config (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    insertTemplate: db.prepare(
      'INSERT INTO templates (id, source, compiled, created_at_ms) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    ),
    getTemplate: db.prepare('SELECT id, source, compiled, created_at_ms FROM templates WHERE id = ?'),
    getTemplateId: db.prepare('SELECT id FROM templates WHERE id = ?'),
    deleteTemplate: db.prepare('DELETE FROM templates WHERE id = ?'),
    insertIntent: db.prepare(INSERT_INTENT_SQL),
    getIntent: db.prepare('SELECT * FROM intents WHERE id = ?'),
    hasIntent: db.prepare('SELECT 1 FROM intents WHERE id = ?').pluck(),
    countProving: db.prepare("SELECT count(*) AS count FROM intents WHERE status = 'proving'"),
    setProposal: db.prepare(
      `UPDATE intents SET status = 'proving', proposal_json = ?, proposed_at_ms = ?
       WHERE id = ? AND status = 'pending' AND proposal_json IS NULL`,
    ),
    claimJobs: db.prepare(
      `UPDATE intents SET lease_owner = ?, lease_expires_at_ms = ?, job_attempts = job_attempts + 1
       WHERE id IN (
         SELECT id FROM intents
         WHERE status = 'proving' AND (lease_expires_at_ms IS NULL OR lease_expires_at_ms <= ?)
         ORDER BY proposed_at_ms, id LIMIT ?)
       RETURNING id, job_attempts, proposed_at_ms`,
    ),
    renewLeases: db.prepare(
      `UPDATE intents SET lease_expires_at_ms = ?
       WHERE lease_owner = ? AND status = 'proving' AND id IN (SELECT value FROM json_each(?))`,
    ),
    releaseLeases: db.prepare("UPDATE intents SET lease_owner = NULL, lease_expires_at_ms = NULL WHERE status = 'proving'"),
        // An intent that ends forgets a sealed opening (its attrs) in the same transaction.
    finishJob: db.prepare("UPDATE intents SET status = ?, lease_owner = NULL, lease_expires_at_ms = NULL, sealed_opening_json = NULL WHERE id = ? AND status = 'proving'"),
    expire: db.prepare("UPDATE intents SET status = 'expired', sealed_opening_json = NULL WHERE id = ? AND status = 'pending'"),
    insertProof: db.prepare('INSERT INTO proofs (intent_id, evidence_json, proof_json, created_at_ms) VALUES (?, ?, ?, ?)'),
    getProof: db.prepare('SELECT intent_id, evidence_json, proof_json, created_at_ms FROM proofs WHERE intent_id = ?'),
    listDue: db.prepare(
      "SELECT id FROM intents WHERE status = 'pending' AND expires_at_ms <= ? ORDER BY expires_at_ms, id LIMIT ?",
    ),
    insertEvent: db.prepare('INSERT INTO events (type, intent_id, data_json, created_at_ms) VALUES (?, ?, ?, ?)'),
    readEvents: db.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?'),
    lastSeq: db.prepare('SELECT max(seq) AS seq FROM events'),
    provingQueuePosition: db.prepare(
      `SELECT (SELECT count(*) FROM intents AS ahead
               WHERE ahead.status = 'proving' AND (ahead.proposed_at_ms < me.proposed_at_ms OR (ahead.proposed_at_ms = me.proposed_at_ms AND ahead.id < me.id))) AS position
       FROM intents AS me WHERE me.id = ? AND me.status = 'proving'`,
    ),
    readEventsOfIntents: db.prepare('SELECT * FROM events WHERE intent_id IN (SELECT value FROM json_each(?)) AND seq > ? ORDER BY seq'),
  }
}
