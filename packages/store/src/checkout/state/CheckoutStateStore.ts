// The store's durable state: checkout sessions, orders and idempotency replies in one SQLite file
// (WAL, synchronous=FULL: an acknowledged checkout or order survives a crash). better-sqlite3 is
// synchronous; one transaction writes a session, its order, the order event it causes (the
// webhook outbox) and the reply of the request together.
import Database from 'better-sqlite3'
import { isVerityError } from '@verity/core'
import { migrateSqlite, type StoreMigration } from '@verity/postgres'
import { CheckoutStateError } from '../../errors/storeErrors.ts'
import type { StoredOrder } from '../orders/StoredOrder.ts'
import type { SessionState } from '../session/SessionState.ts'

/** An order webhook waiting to be delivered (kept from the transaction of the change that causes it). */
export type OutboxEntry = Readonly<{ id: string; url: string; eventType: string; body: string; timestampS: number }>

/** The reply kept for an Idempotency-Key: what the request was (its fingerprint) and what it got. */
export type IdempotentReply = Readonly<{ fingerprint: string; status: number; body: string }>

export type StateWrite = Readonly<{
  session?: SessionState
  order?: StoredOrder
  /** The order event the change causes: kept in the same transaction, sent once it committed. */
  outbox?: OutboxEntry | undefined
  reply?: Readonly<{ key: string } & IdempotentReply>
}>

// Migrations by version: append, never edit one that shipped. Applied by migrateSqlite, which
// records them in MIGRATIONS_TABLE beside the releases that opened the file (a file of 0.1.0 knew
// them by PRAGMA user_version only: versions 1..user_version count as applied).
const MIGRATION_SQL: readonly string[] = [
  `CREATE TABLE sessions (id TEXT PRIMARY KEY, record TEXT NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE orders (id TEXT PRIMARY KEY, checkout_id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE idempotency (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL);
CREATE INDEX idempotency_created ON idempotency (created_at_ms);`,
  // Units of stock-tracked items taken by checkouts being completed or completed.
  `CREATE TABLE stock_taken (item_id TEXT PRIMARY KEY, units INTEGER NOT NULL);`,
  // Order webhooks not yet delivered (or given up): sent again after a restart.
  `CREATE TABLE webhook_outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, url TEXT NOT NULL, event_type TEXT NOT NULL, body TEXT NOT NULL, timestamp_s INTEGER NOT NULL);`,
]
const MIGRATION_DESCRIPTIONS = ['sessions, orders, idempotency replies', 'stock taken', 'order webhook outbox'] as const
const MIGRATIONS: readonly StoreMigration[] = MIGRATION_SQL.map((sqlite, index) => ({ version: index + 1, description: MIGRATION_DESCRIPTIONS[index]!, sqlite, postgres: '' }))
/** The store's migrations table (`<table>_releases` beside it says which releases opened the file). */
export const MIGRATIONS_TABLE = 'store_migrations'
/** The store keeps no proofs: its releases record no proof system. */
const PROOF_SYSTEM_NONE = 'none'

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
    let db: Database.Database | undefined
    try {
      db = new Database(path)
      db.pragma('journal_mode = WAL')
      db.pragma('synchronous = FULL')
      migrateSqlite({ db, table: MIGRATIONS_TABLE, migrations: MIGRATIONS, nowMs: (options.nowMs ?? Date.now)(), service: 'store', proofSystem: PROOF_SYSTEM_NONE })
    } catch (error) {
      db?.close()
      // A file of a newer store (STORE_SCHEMA_TOO_NEW, STORE_WRITTEN_BY_NEWER_VERSION) keeps its own code.
      if (isVerityError(error)) throw error
      throw new CheckoutStateError({ path, reason: (error as Error).message })
    }
    this.#db = db
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

  /** Writes a session, an order, its order event and a reply in one transaction (all or nothing). */
  write(write: StateWrite): void {
    const now = this.#now()
    this.#db.transaction(() => {
      if (write.session !== undefined) this.#putSession.run(write.session.id, JSON.stringify(write.session), now)
      if (write.order !== undefined) this.#putOrder.run(write.order.id, write.order.checkoutId, JSON.stringify(write.order))
      if (write.outbox !== undefined) this.#putOutbox.run(write.outbox.id, write.outbox.url, write.outbox.eventType, write.outbox.body, write.outbox.timestampS)
      if (write.reply !== undefined) this.#putReply.run(write.reply.key, write.reply.fingerprint, write.reply.status, write.reply.body, now)
    })()
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
