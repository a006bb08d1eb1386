// The store's durable state: checkout sessions, orders and idempotency replies in one SQLite file
// (WAL, synchronous=FULL: an acknowledged checkout or order survives a crash). better-sqlite3 is
// synchronous; one transaction writes a session, its order and the reply of the request together.
import Database from 'better-sqlite3'
import { CheckoutStateError } from '../../errors/storeErrors.ts'
import type { StoredOrder } from '../orders/StoredOrder.ts'
import type { SessionState } from '../session/SessionState.ts'

/** An order webhook waiting to be delivered. */
export type OutboxEntry = Readonly<{ id: string; url: string; eventType: string; body: string; timestampS: number }>

/** The reply kept for an Idempotency-Key: what the request was (its fingerprint) and what it got. */
export type IdempotentReply = Readonly<{ fingerprint: string; status: number; body: string }>

export type StateWrite = Readonly<{
  session?: SessionState
  order?: StoredOrder
  reply?: Readonly<{ key: string } & IdempotentReply>
}>

// Migrations by version (PRAGMA user_version): append, never edit one that shipped.
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE sessions (id TEXT PRIMARY KEY, record TEXT NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE orders (id TEXT PRIMARY KEY, checkout_id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE idempotency (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL);
CREATE INDEX idempotency_created ON idempotency (created_at_ms);`,
  // Units of stock-tracked items taken by checkouts being completed or completed.
  `CREATE TABLE stock_taken (item_id TEXT PRIMARY KEY, units INTEGER NOT NULL);`,
  // Order webhooks not yet delivered (or given up): sent again after a restart.
  `CREATE TABLE webhook_outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, url TEXT NOT NULL, event_type TEXT NOT NULL, body TEXT NOT NULL, timestamp_s INTEGER NOT NULL);`,
]
const SCHEMA_VERSION = MIGRATIONS.length

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
  readonly #putOutbox: Database.Statement
  readonly #dropOutbox: Database.Statement
  readonly #listOutbox: Database.Statement<[number], { id: string; url: string; event_type: string; body: string; timestamp_s: number }>
  readonly #getTaken: Database.Statement<[string], { units: number }>
  readonly #addTaken: Database.Statement

  /** Opens (creating when absent) the state file at `path`; `:memory:` for a throw-away one. Throws CheckoutStateError. */
  constructor(path: string, options: { nowMs?: () => number } = {}) {
    try {
      this.#db = new Database(path)
      this.#db.pragma('journal_mode = WAL')
      this.#db.pragma('synchronous = FULL')
      const version = Number(this.#db.pragma('user_version', { simple: true }))
      if (version > SCHEMA_VERSION) throw new Error(`written by a newer store (schema ${version}, this one knows ${SCHEMA_VERSION})`)
      if (version < SCHEMA_VERSION) this.#db.transaction(() => {
        for (const sql of MIGRATIONS.slice(version)) this.#db.exec(sql)
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
    this.#putOutbox = this.#db.prepare('INSERT OR IGNORE INTO webhook_outbox (id, url, event_type, body, timestamp_s) VALUES (?, ?, ?, ?, ?)')
    this.#dropOutbox = this.#db.prepare('DELETE FROM webhook_outbox WHERE id = ?')
    this.#listOutbox = this.#db.prepare('SELECT id, url, event_type, body, timestamp_s FROM webhook_outbox ORDER BY seq LIMIT ?')
    this.#getTaken = this.#db.prepare('SELECT units FROM stock_taken WHERE item_id = ?')
    this.#addTaken = this.#db.prepare('INSERT INTO stock_taken (item_id, units) VALUES (?, ?) ON CONFLICT(item_id) DO UPDATE SET units = units + excluded.units')
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

  /** Keeps a webhook until it is delivered or given up. */
  putOutbox(entry: OutboxEntry): void {
    this.#putOutbox.run(entry.id, entry.url, entry.eventType, entry.body, entry.timestampS)
  }

  dropOutbox(id: string): void {
    this.#dropOutbox.run(id)
  }

  /** The oldest `max` webhooks waiting. */
  outbox(max: number): OutboxEntry[] {
    return this.#listOutbox.all(max).map((row) => ({ id: row.id, url: row.url, eventType: row.event_type, body: row.body, timestampS: row.timestamp_s }))
  }

  /** Units of a stock-tracked item taken by checkouts being completed or completed. */
  takenUnits(itemId: string): number {
    return this.#getTaken.get(itemId)?.units ?? 0
  }

  /**
   * Takes the units of `lines` from the stock (only items `stock` tracks) and writes the session,
   * in one transaction: either every line fits in what is left, or nothing is taken and the
   * first line that does not fit is returned.
   */
  take(session: SessionState, lines: readonly { itemId: string; quantity: number }[], stock: Readonly<Record<string, number>>): { itemId: string; unitsLeft: number } | undefined {
    return this.#db.transaction(() => {
      for (const line of lines) {
        if (!Object.hasOwn(stock, line.itemId)) continue
        const unitsLeft = stock[line.itemId]! - this.takenUnits(line.itemId)
        if (line.quantity > unitsLeft) return { itemId: line.itemId, unitsLeft: Math.max(0, unitsLeft) }
      }
      for (const line of lines) if (Object.hasOwn(stock, line.itemId)) this.#addTaken.run(line.itemId, line.quantity)
      this.#putSession.run(session.id, JSON.stringify(session), this.#now())
      return undefined
    })()
  }

  /** Gives back the units `take` took (a declined payment), writing the session, in one transaction. */
  giveBack(session: SessionState, lines: readonly { itemId: string; quantity: number }[], stock: Readonly<Record<string, number>>): void {
    this.#db.transaction(() => {
      for (const line of lines) if (Object.hasOwn(stock, line.itemId)) this.#addTaken.run(line.itemId, -line.quantity)
      this.#putSession.run(session.id, JSON.stringify(session), this.#now())
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
