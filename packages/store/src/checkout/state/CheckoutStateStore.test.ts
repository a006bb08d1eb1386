import assert from 'node:assert/strict'
import { test } from 'node:test'
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
