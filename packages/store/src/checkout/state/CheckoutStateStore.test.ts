import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import Database from 'better-sqlite3'
import { VERITY_VERSION } from '@verity/core'
import type { StoredOrder } from '../orders/StoredOrder.ts'
import type { SessionState } from '../session/SessionState.ts'
import { CheckoutStateStore } from './CheckoutStateStore.ts'

function session(id: string, status: SessionState['status'], expiresAtMs: number): SessionState {
  return { id, status, currency: 'USD', lines: [], buyer: undefined, fulfillment: undefined, discountCodes: [], instruments: [], isAp2: false, notices: [], createdAtMs: 0, expiresAtMs, nextLocalId: 1, orderId: undefined }
}

function order(id: string, checkoutId: string): StoredOrder {
  return { id, checkoutId, currency: 'USD', lines: [], totals: [], expectations: [], events: [], adjustments: [], webhookUrl: 'http://127.0.0.1:1/hook', payment: { handlerName: 'h', handlerId: 'h', reference: 'r', amountMinor: 0 }, createdAtMs: 0 }
}

test('an order and its webhook are committed together: both kept, or neither when the transaction fails', () => {
  const store = new CheckoutStateStore(':memory:')
  try {
    const event = (id: string) => ({ id, url: 'http://127.0.0.1:1/hook', eventType: 'order_placed', body: '{}', timestampS: 1 })
    store.write({ session: { ...session('chk_1', 'completed', 10), orderId: 'ord_1' }, order: order('ord_1', 'chk_1'), outbox: event('evt_1'), reply: { key: 'k1', fingerprint: 'f', status: 200, body: '{}' } })
    assert.equal(store.order('ord_1')?.checkoutId, 'chk_1')
    assert.deepEqual(store.outbox(10).map((entry) => entry.id), ['evt_1'])
    assert.throws(() => store.write({ session: session('chk_2', 'completed', 10), order: order('ord_2', 'chk_1'), outbox: event('evt_2'), reply: { key: 'k2', fingerprint: 'f', status: 200, body: '{}' } }), /UNIQUE/, 'a second order of checkout chk_1')
    assert.equal(store.order('ord_2'), undefined)
    assert.equal(store.session('chk_2'), undefined)
    assert.equal(store.reply('k2', 10_000), undefined)
    assert.deepEqual(store.outbox(10).map((entry) => entry.id), ['evt_1'], 'no event for the order that was not written')
  } finally {
    store.close()
  }
})

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
    store.write({ outbox: { id: 'evt_1', url: 'http://127.0.0.1:1/hook', eventType: 'order_placed', body: '{}', timestampS: 1 } })
    assert.deepEqual(store.outbox(10).map((entry) => entry.id), ['evt_1'])
    assert.equal(store.take(session('s', 'incomplete', 1), [{ itemId: 'a', quantity: 2 }], { a: 1 })?.unitsLeft, 1)
    store.close()
    // The file says which release wrote it; a newer release's file is refused by name, and left as it was.
    const stamped = new Database(path)
    assert.deepEqual(stamped.prepare('SELECT version, proof_system FROM store_migrations_releases').all(), [{ version: VERITY_VERSION, proof_system: 'none' }])
    stamped.prepare("INSERT INTO store_migrations_releases VALUES ('9.0.0', 'none', 1, 1)").run()
    stamped.close()
    assert.throws(() => new CheckoutStateStore(path), { code: 'STORE_WRITTEN_BY_NEWER_VERSION', message: /^the store's sqlite state was written by Verity 9\.0\.0, newer than this / })
    const newer = new Database(path)
    newer.prepare("DELETE FROM store_migrations_releases WHERE version = '9.0.0'").run()
    newer.pragma('user_version = 99')
    newer.close()
    assert.throws(() => new CheckoutStateStore(path), { code: 'STORE_SCHEMA_TOO_NEW' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
