import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import Database from 'better-sqlite3'
import type { SessionState } from '../session/SessionState.ts'
import { CheckoutStateStore } from './CheckoutStateStore.ts'

function session(id: string, status: SessionState['status'], expiresAtMs: number): SessionState {
  return { id, status, currency: 'USD', lines: [], buyer: undefined, fulfillment: undefined, discountCodes: [], instruments: [], isAp2: false, notices: [], createdAtMs: 0, expiresAtMs, nextLocalId: 1, orderId: undefined }
}

test('stale replies and long-expired unfinished sessions are deleted; completed sessions and fresh replies stay', () => {
  let now = 1_000_000
  const store = new CheckoutStateStore(':memory:', { nowMs: () => now })
  try {
    store.write({ session: session('old', 'incomplete', 10), reply: { key: 'k-old', fingerprint: 'f', status: 201, body: '{}' } })
    store.write({ session: session('done', 'completed', 10) })
    now += 500
    store.write({ session: session('fresh', 'ready_for_complete', now + 100), reply: { key: 'k-new', fingerprint: 'f', status: 200, body: '{}' } })
    assert.deepEqual(store.dropStale({ replyTtlMs: 400, sessionKeptMs: 1_000 }), { replies: 1, sessions: 1 })
    assert.equal(store.session('old'), undefined)
    assert.equal(store.session('done')?.status, 'completed')
    assert.equal(store.session('fresh')?.status, 'ready_for_complete')
    assert.equal(store.reply('k-old', 10_000), undefined)
    assert.deepEqual(store.reply('k-new', 10_000), { fingerprint: 'f', status: 200, body: '{}' })
    now += 1
    assert.equal(store.reply('k-new', 0), undefined, 'a reply older than the TTL is not replayed')
  } finally {
    store.close()
  }
})

test('a state file of an older schema is migrated in place, keeping its sessions; a newer one is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-state-'))
  try {
    const path = join(dir, 'checkout.db')
    const old = new Database(path)
    old.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, record TEXT NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE orders (id TEXT PRIMARY KEY, checkout_id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE idempotency (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL);
CREATE INDEX idempotency_created ON idempotency (created_at_ms);`)
    old.prepare('INSERT INTO sessions VALUES (?, ?, 0)').run('kept', JSON.stringify(session('kept', 'incomplete', 1)))
    old.pragma('user_version = 1')
    old.close()
    const store = new CheckoutStateStore(path)
    assert.equal(store.session('kept')?.id, 'kept')
    store.putOutbox({ id: 'evt_1', url: 'http://127.0.0.1:1/hook', eventType: 'order_placed', body: '{}', timestampS: 1 })
    assert.deepEqual(store.outbox(10).map((entry) => entry.id), ['evt_1'])
    assert.equal(store.take(session('s', 'incomplete', 1), [{ itemId: 'a', quantity: 2 }], { a: 1 })?.unitsLeft, 1)
    store.close()
    const newer = new Database(path)
    newer.pragma('user_version = 99')
    newer.close()
    assert.throws(() => new CheckoutStateStore(path), { code: 'STORE_STATE_INVALID' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
