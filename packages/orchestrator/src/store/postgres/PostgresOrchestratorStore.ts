import { PROOF_SYSTEM } from '@verity/prover'
import assert from 'node:assert'
import pg from 'pg'
import { openMigratedPool, runPostgresTransaction } from '@verity/postgres'
import { POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_INTENT_BATCH_MAX, POSTGRES_POOL_CONNECTIONS_MAX } from '../../limits.ts'
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
} from '../OrchestratorStore.ts'
import { MIGRATIONS_TABLE, ORCHESTRATOR_MIGRATIONS, POSTGRES_MIGRATION_LOCK_KEY } from '../orchestratorMigrations.ts'
import { EVENTS_CHANNEL, watchPostgresEvents } from './watchPostgresEvents.ts'
import { decideProposal } from '../decideProposal.ts'
import { GroupCommit } from '../GroupCommit.ts'
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
} from '../storeRows.ts'

export type PostgresOrchestratorStoreOptions = {
  /** Most pooled connections; default POSTGRES_POOL_CONNECTIONS_MAX. */
  connectionsMax?: number
  /** Milliseconds since the epoch, recorded with each migration. */
  nowMs?: () => number
  /** Errors of the LISTEN connection (it reconnects by itself); default: ignored. */
  onWatchError?: (error: unknown) => void
}

type NewEvent = { type: OrchestratorEventType; intentId: string; dataJson: string }

// int8 columns hold ms timestamps and event seqs, far below 2^53: read them as numbers, on our
// own connections only (pg's global parsers are shared with other packages in the process).
const INT8_OID = 20
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (text: string) => Number(text) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

const INTENT_COLUMNS =
  'id, template_id, shape, signed_intent_json, sealed_opening_json, status, created_at_ms, expires_at_ms, proposal_json, job_attempts'

/**
 * The orchestrator's state in PostgreSQL, shared by any number of instances behind a load
 * balancer. What must hold across instances is held by the database: intent ids by the primary
 * key, the one proposal per intent by a row lock and a conditional update, job claims by
 * `FOR UPDATE SKIP LOCKED` with an expiring lease, one outcome per intent by the status guard and
 * a unique index on the event log, and one global event order by a counter row updated in each
 * event's transaction (so seqs are visible in commit order). Commits are durable when
 * acknowledged (synchronous_commit, on by default).
 */
export class PostgresOrchestratorStore implements OrchestratorStore {
  readonly backend = 'postgres'
  readonly #pool: pg.Pool
  readonly #connectionString: string
  readonly #onWatchError: (error: unknown) => void

  private constructor(pool: pg.Pool, connectionString: string, onWatchError: (error: unknown) => void) {
    this.#pool = pool
    this.#connectionString = connectionString
    this.#onWatchError = onWatchError
  }

  /**
   * Connects to `databaseUrl` (`postgres://user:password@host:port/database`) and applies the
   * migrations it lacks. Throws StoreUnavailableError when the server cannot be reached.
   */
  static async open(databaseUrl: string, options: PostgresOrchestratorStoreOptions = {}): Promise<PostgresOrchestratorStore> {
    const pool = await openMigratedPool({
      databaseUrl,
      pool: { max: options.connectionsMax ?? POSTGRES_POOL_CONNECTIONS_MAX, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS, types: TYPES },
      table: MIGRATIONS_TABLE,
      lockKey: POSTGRES_MIGRATION_LOCK_KEY,
      migrations: ORCHESTRATOR_MIGRATIONS,
      nowMs: (options.nowMs ?? Date.now)(),
      service: 'orchestrator',
      proofSystem: PROOF_SYSTEM,
    })
    return new PostgresOrchestratorStore(pool, databaseUrl, options.onWatchError ?? (() => undefined))
  }

  async getExtractorConfig(): Promise<ExtractorConfig> {
    const { rows } = await this.#pool.query<{ key: string; value: string }>(
      'SELECT key, value FROM orchestrator_config WHERE key = ANY($1::text[])',
      [[EXTRACTOR_CONFIG_KEYS.url, EXTRACTOR_CONFIG_KEYS.key]],
    )
    return extractorConfigOfRows(rows)
  }

  async setExtractorConfig(config: ExtractorConfig): Promise<void> {
    // One statement: URL and key change together.
    await this.#pool.query(
      `INSERT INTO orchestrator_config (key, value) VALUES ($1, $2), ($3, $4)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [EXTRACTOR_CONFIG_KEYS.url, config.url, EXTRACTOR_CONFIG_KEYS.key, config.key],
    )
  }

  async putTemplate(template: TemplateRecord): Promise<void> {
    await this.#pool.query(
      `INSERT INTO orchestrator_templates (id, source, compiled, created_at_ms) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING`,
      [template.id, template.source, Buffer.from(template.compiled), template.createdAtMs],
    )
  }

  async getTemplate(id: string): Promise<TemplateRecord | undefined> {
    const { rows } = await this.#pool.query<TemplateRow>('SELECT id, source, compiled, created_at_ms FROM orchestrator_templates WHERE id = $1', [id])
    return rows[0] === undefined ? undefined : templateOfRow(rows[0])
  }

  async hasTemplate(id: string): Promise<boolean> {
    const { rowCount } = await this.#pool.query('SELECT 1 FROM orchestrator_templates WHERE id = $1', [id])
    return rowCount === 1
  }

  async deleteTemplate(id: string): Promise<boolean> {
    const { rowCount } = await this.#pool.query('DELETE FROM orchestrator_templates WHERE id = $1', [id])
    return rowCount === 1
  }

  // Group commit: intents submitted concurrently to this instance go in one INSERT, one round
  // trip and one commit; each promise resolves only after that commit.
  readonly #intentGroups = new GroupCommit<NewIntent, boolean>({ batchMax: POSTGRES_INTENT_BATCH_MAX, commit: (intents) => this.#insertIntents(intents) })

  insertIntent(intent: NewIntent): Promise<boolean> {
    return this.#intentGroups.submit(intent)
  }

  async #insertIntents(intents: readonly NewIntent[]): Promise<boolean[]> {
    const { rows } = await this.#pool.query<{ id: string }>(
      `INSERT INTO orchestrator_intents (id, template_id, shape, signed_intent_json, sealed_opening_json, status, created_at_ms, expires_at_ms)
       SELECT id, template_id, shape, signed_intent_json, sealed_opening_json, 'pending', created_at_ms, expires_at_ms
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[])
         AS i (id, template_id, shape, signed_intent_json, created_at_ms, expires_at_ms, sealed_opening_json)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        intents.map((intent) => intent.id),
        intents.map((intent) => intent.templateId),
        intents.map((intent) => intent.shape),
        intents.map((intent) => intent.signedIntentJson),
        intents.map((intent) => intent.createdAtMs),
        intents.map((intent) => intent.expiresAtMs),
        intents.map((intent) => intent.sealedOpeningJson ?? null),
      ],
    )
    const insertedIds = new Set(rows.map((row) => row.id))
    // The same id twice in one batch: the first submission is the one stored.
    return intents.map((intent) => insertedIds.delete(intent.id))
  }

  async hasIntent(id: string): Promise<boolean> {
    const { rowCount } = await this.#pool.query('SELECT 1 FROM orchestrator_intents WHERE id = $1', [id])
    return rowCount === 1
  }

  async getIntent(id: string): Promise<IntentRecord | undefined> {
    const { rows } = await this.#pool.query<IntentRow>(`SELECT ${INTENT_COLUMNS} FROM orchestrator_intents WHERE id = $1`, [id])
    return rows[0] === undefined ? undefined : intentOfRow(rows[0])
  }

  async acceptProposal(input: {
    intentId: string
    proposalJson: string
    nowMs: number
    backlogMax: number
  }): Promise<AcceptProposalResult> {
    return this.#transaction(async (client): Promise<AcceptProposalResult> => {
      // The row lock makes concurrent proposals for one intent, on any instance, take turns:
      // the first moves it out of 'pending', the others then read that and are refused. The
      // backlog bound is approximate across instances (concurrent counts), as a bound may be.
      const { rows } = await client.query<IntentRow & { has_template: boolean; proving_count: number }>(
        `SELECT ${INTENT_COLUMNS},
                EXISTS (SELECT 1 FROM orchestrator_templates t WHERE t.id = i.template_id) AS has_template,
                (SELECT count(*)::int FROM orchestrator_intents WHERE status = 'proving') AS proving_count
         FROM orchestrator_intents i WHERE id = $1 FOR UPDATE OF i`,
        [input.intentId],
      )
      const row = rows[0]
      const decision = decideProposal(
        {
          intent: row && { status: row.status, expiresAtMs: row.expires_at_ms, templateId: row.template_id, hasProposal: row.proposal_json !== null },
          hasTemplate: row?.has_template ?? false,
          provingCount: row?.proving_count ?? 0,
        },
        input,
      )
      if (decision.kind !== 'accepted') return decision
      const { rowCount } = await client.query(
        `UPDATE orchestrator_intents SET status = 'proving', proposal_json = $1, proposed_at_ms = $2
         WHERE id = $3 AND status = 'pending' AND proposal_json IS NULL`,
        [input.proposalJson, input.nowMs, input.intentId],
      )
      assert.equal(rowCount, 1)
      return decision
    })
  }

  async claimJobs(input: { owner: string; limit: number; nowMs: number; leaseExpiresAtMs: number }): Promise<ClaimedJob[]> {
    // SKIP LOCKED: instances claiming at once each take different rows instead of waiting; a
    // row just claimed by a committed transaction is re-checked against its new lease.
    const { rows } = await this.#pool.query<ClaimedJobRow>(
      `WITH picked AS (
         SELECT id FROM orchestrator_intents
         WHERE status = 'proving' AND (lease_expires_at_ms IS NULL OR lease_expires_at_ms <= $1)
         ORDER BY proposed_at_ms, id LIMIT $2
         FOR UPDATE SKIP LOCKED)
       UPDATE orchestrator_intents i
       SET lease_owner = $3, lease_expires_at_ms = $4, job_attempts = i.job_attempts + 1
       FROM picked WHERE i.id = picked.id
       RETURNING i.id, i.job_attempts, i.proposed_at_ms`,
      [input.nowMs, input.limit, input.owner, input.leaseExpiresAtMs],
    )
    return jobsOfClaimedRows(rows)
  }

  async renewJobLeases(input: { owner: string; intentIds: readonly string[]; leaseExpiresAtMs: number }): Promise<void> {
    if (input.intentIds.length === 0) return
    await this.#pool.query(
      `UPDATE orchestrator_intents SET lease_expires_at_ms = $1
       WHERE lease_owner = $2 AND status = 'proving' AND id = ANY($3::text[])`,
      [input.leaseExpiresAtMs, input.owner, [...input.intentIds]],
    )
  }

  async finishJob(intentId: string, outcome: JobOutcome, nowMs: number): Promise<StoredEvent | undefined> {
    return this.#transaction(async (client) => {
      const { rowCount } = await client.query(
        `UPDATE orchestrator_intents SET status = $1, lease_owner = NULL, lease_expires_at_ms = NULL, sealed_opening_json = NULL
         WHERE id = $2 AND status = 'proving'`,
        [outcome.kind, intentId],
      )
      if (rowCount === 0) return undefined
      if (outcome.kind === 'success')
        await client.query(
          'INSERT INTO orchestrator_proofs (intent_id, evidence_json, proof_json, created_at_ms) VALUES ($1, $2, $3, $4)',
          [intentId, outcome.evidenceJson, outcome.proofJson, nowMs],
        )
      const [event] = await appendEvents(client, [{ type: outcome.kind, intentId, dataJson: outcome.eventJson }], nowMs)
      return event
    })
  }

  async expireDue(nowMs: number, limit: number): Promise<StoredEvent[]> {
    return this.#transaction(async (client) => {
      // Instances sweeping at once take disjoint rows (SKIP LOCKED); a row a proposal is
      // holding is left for the next sweep, by when it is no longer pending.
      const { rows } = await client.query<{ id: string; expires_at_ms: number }>(
        `WITH due AS (
           SELECT id FROM orchestrator_intents
           WHERE status = 'pending' AND expires_at_ms <= $1
           ORDER BY expires_at_ms, id LIMIT $2
           FOR UPDATE SKIP LOCKED)
         UPDATE orchestrator_intents i SET status = 'expired', sealed_opening_json = NULL
         FROM due WHERE i.id = due.id AND i.status = 'pending'
         RETURNING i.id, i.expires_at_ms`,
        [nowMs, limit],
      )
      if (rows.length === 0) return []
      rows.sort((a, b) => a.expires_at_ms - b.expires_at_ms || (a.id < b.id ? -1 : 1))
      const events = rows.map(({ id }) => ({ type: 'expired' as const, intentId: id, dataJson: expiredEventJson(id) }))
      return appendEvents(client, events, nowMs)
    })
  }

  async readEventsAfter(afterSeq: number, limit: number): Promise<StoredEvent[]> {
    const { rows } = await this.#pool.query<EventRow>(
      'SELECT seq, type, intent_id, data_json, created_at_ms FROM orchestrator_events WHERE seq > $1 ORDER BY seq LIMIT $2',
      [afterSeq, limit],
    )
    return rows.map(eventOfRow)
  }

  async provingQueuePosition(intentId: string): Promise<number | undefined> {
    const { rows } = await this.#pool.query<{ position: string }>(
      `SELECT (SELECT count(*) FROM orchestrator_intents AS ahead
               WHERE ahead.status = 'proving' AND (ahead.proposed_at_ms, ahead.id) < (me.proposed_at_ms, me.id)) AS position
       FROM orchestrator_intents AS me WHERE me.id = $1 AND me.status = 'proving'`,
      [intentId],
    )
    return rows[0] === undefined ? undefined : Number(rows[0].position)
  }

  async readEventsOfIntents(intentIds: readonly string[], afterSeq: number): Promise<StoredEvent[]> {
    if (intentIds.length === 0) return []
    const { rows } = await this.#pool.query<EventRow>(
      'SELECT seq, type, intent_id, data_json, created_at_ms FROM orchestrator_events WHERE intent_id = ANY($1::text[]) AND seq > $2 ORDER BY seq',
      [intentIds, afterSeq],
    )
    return rows.map(eventOfRow)
  }

  async lastEventSeq(): Promise<number> {
    // The counter commits with the events it numbers, so it is the newest visible seq.
    const { rows } = await this.#pool.query<{ seq: number }>('SELECT seq FROM orchestrator_event_counter')
    return rows[0]?.seq ?? 0
  }

  async watchEvents(onAppended: () => void): Promise<() => Promise<void>> {
    return watchPostgresEvents({ connectionString: this.#connectionString, onAppended, onError: this.#onWatchError })
  }

  async getProof(intentId: string): Promise<ProofRecord | undefined> {
    const { rows } = await this.#pool.query<ProofRow>(
      'SELECT intent_id, evidence_json, proof_json, created_at_ms FROM orchestrator_proofs WHERE intent_id = $1',
      [intentId],
    )
    return rows[0] === undefined ? undefined : proofOfRow(rows[0])
  }

  async close(): Promise<void> {
    if (!this.#pool.ended) await this.#pool.end()
  }

  /** Runs `fn` in a READ COMMITTED transaction on one pooled connection; rolls back on a throw. */
  #transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return runPostgresTransaction(this.#pool, { isolation: 'READ COMMITTED', attemptsMax: 1 }, fn)
  }
}

/**
 * Appends events to the log inside the caller's transaction. The counter row's lock is held from
 * here to the commit, so this is the last step of every event-writing transaction: events of
 * concurrent transactions, on any instance, get seqs in commit order. The notification is
 * delivered to the listening instances at the commit.
 */
async function appendEvents(client: pg.ClientBase, events: readonly NewEvent[], nowMs: number): Promise<StoredEvent[]> {
  const { rows } = await client.query<{ seq: number }>(
    'UPDATE orchestrator_event_counter SET seq = seq + $1 WHERE id RETURNING seq',
    [events.length],
  )
  const lastSeq = rows[0]!.seq
  const stored = events.map((event, index): StoredEvent => ({ seq: lastSeq - events.length + 1 + index, ...event, createdAtMs: nowMs }))
  await client.query(
    `INSERT INTO orchestrator_events (seq, type, intent_id, data_json, created_at_ms)
     SELECT seq, type, intent_id, data_json, $5 FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])
       AS e (seq, type, intent_id, data_json)`,
    [stored.map((event) => event.seq), stored.map((event) => event.type), stored.map((event) => event.intentId), stored.map((event) => event.dataJson), nowMs],
  )
  await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, String(lastSeq)])
  return stored
}
