// The store's durable state: checkout sessions, orders and idempotency replies in one SQLite file
// (WAL, synchronous=FULL: an acknowledged checkout or order survives a crash). better-sqlite3 is
// synchronous; one transaction writes a session, its order and the reply of the request together.
import Database from 'better-sqlite3'
import { CheckoutStateError } from '../../errors/storeErrors.ts'
import type { StoredOrder } from '../orders/StoredOrder.ts'
import type { SessionState } from '../session/SessionState.ts'

/** The reply kept for an Idempotency-Key: what the request was (its fingerprint) and what it got. */
export type IdempotentReply = Readonly<{ fingerprint: string; status: number; body: string }>

export type StateWrite = Readonly<{
  session?: SessionState
  order?: StoredOrder
  reply?: Readonly<{ key: string } & IdempotentReply>
}>

const SCHEMA_VERSION = 1
const SCHEMA = `
CREATE TABLE sessions (id TEXT PRIMARY KEY, record TEXT NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE orders (id TEXT PRIMARY KEY, checkout_id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE idempotency (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL);
CREATE INDEX idempotency_created ON idempotency (created_at_ms);
`

export class CheckoutStateStore {
  readonly #db: Database.Database
  readonly #now: () => number
  readonly #getSession: Database.Statement<[string], { record: string }>
  readonly #putSession: Database.Statement
  readonly #getOrder: Database.Statement<[string], { record: string }>
  readonly #putOrder: Database.Statement
  readonly #getReply: Database.Statement<[string], { fingerprint: string; status: number; body: string; created_at_ms: number }>
  readonly #putReply: Database.Statement
  readonly #dropReplies: Database.Statement
  readonly #dropSessions: Database.Statement

  /** Opens (creating when absent) the state file at `path`; `:memory:` for a throw-away one. Throws CheckoutStateError. */
  constructor(path: string, options: { nowMs?: () => number } = {}) {
    try {
      this.#db = new Database(path)
      this.#db.pragma('journal_mode = WAL')
      this.#db.pragma('synchronous = FULL')
      const version = Number(this.#db.pragma('user_version', { simple: true }))
      if (version > SCHEMA_VERSION) throw new Error(`written by a newer store (schema ${version}, this one knows ${SCHEMA_VERSION})`)
      if (version === 0) this.#db.transaction(() => {
        this.#db.exec(SCHEMA)
        this.#db.pragma(`user_version = ${SCHEMA_VERSION}`)
      })()
    } catch (error) {
      throw new CheckoutStateError({ path, reason: (error as Error).message })
    }
    this.#now = options.nowMs ?? Date.now
    this.#getSession = this.#db.prepare('SELECT record FROM sessions WHERE id = ?')
    this.#putSession = this.#db.prepare('INSERT INTO sessions (id, record, updated_at_ms) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record, updated_at_ms = excluded.updated_at_ms')
    this.#getOrder = this.#db.prepare('SELECT record FROM orders WHERE id = ?')
    this.#putOrder = this.#db.prepare('INSERT INTO orders (id, checkout_id, record) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record')
    this.#getReply = this.#db.prepare('SELECT fingerprint, status, body, created_at_ms FROM idempotency WHERE key = ?')
    this.#putReply = this.#db.prepare('INSERT INTO idempotency (key, fingerprint, status, body, created_at_ms) VALUES (?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body, created_at_ms = excluded.created_at_ms')
    this.#dropReplies = this.#db.prepare('DELETE FROM idempotency WHERE created_at_ms < ?')
    // A session nobody completed is kept until long after it expired; completed ones stay with their order.
    this.#dropSessions = this.#db.prepare("DELETE FROM sessions WHERE json_extract(record, '$.status') NOT IN ('completed', 'complete_in_progress') AND json_extract(record, '$.expiresAtMs') < ?")
  }

  session(id: string): SessionState | undefined {
    const row = this.#getSession.get(id)
    return row === undefined ? undefined : (JSON.parse(row.record) as SessionState)
  }

  order(id: string): StoredOrder | undefined {
    const row = this.#getOrder.get(id)
    return row === undefined ? undefined : (JSON.parse(row.record) as StoredOrder)
  }

  /** The reply kept for `key`, unless older than `ttlMs`. */
  reply(key: string, ttlMs: number): IdempotentReply | undefined {
    const row = this.#getReply.get(key)
    if (row === undefined || row.created_at_ms < this.#now() - ttlMs) return undefined
    return { fingerprint: row.fingerprint, status: row.status, body: row.body }
  }

  /** Writes a session, an order and a reply in one transaction (all or nothing). */
  write(write: StateWrite): void {
    const now = this.#now()
    this.#db.transaction(() => {
      if (write.session !== undefined) this.#putSession.run(write.session.id, JSON.stringify(write.session), now)
      if (write.order !== undefined) this.#putOrder.run(write.order.id, write.order.checkoutId, JSON.stringify(write.order))
      if (write.reply !== undefined) this.#putReply.run(write.reply.key, write.reply.fingerprint, write.reply.status, write.reply.body, now)
    })()
  }

  /** Forgets idempotency replies older than `replyTtlMs` and sessions never completed that expired more than `sessionKeptMs` ago; returns how many of each. */
  dropStale(parameters: { replyTtlMs: number; sessionKeptMs: number }): { replies: number; sessions: number } {
    const now = this.#now()
    return { replies: this.#dropReplies.run(now - parameters.replyTtlMs).changes, sessions: this.#dropSessions.run(now - parameters.sessionKeptMs).changes }
  }

  close(): void {
    this.#db.close()
  }
}
