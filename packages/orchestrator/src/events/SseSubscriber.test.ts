import { Writable } from 'node:stream'
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { SqliteOrchestratorStore } from '../store/SqliteOrchestratorStore.ts'
import type { StoredEvent } from '../store/OrchestratorStore.ts'
import { SseSubscriber } from './SseSubscriber.ts'

/** A socket stand-in that accepts `acceptedMax` writes and then stalls (a client that stopped reading). */
function stallingSink(acceptedMax: number) {
  const written: string[] = []
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      written.push(chunk.toString())
      if (written.length < acceptedMax) callback()
      // else: never call back; the stream stays backed up
    },
  })
  return { sink, written }
}

const event = (seq: number): StoredEvent => ({
  seq,
  type: 'expired',
  intentId: `intent-${seq}`,
  dataJson: JSON.stringify({ type: 'expired', intent_id: `intent-${seq}` }),
  createdAtMs: 0,
})

test('a subscriber that stops reading is disconnected when its queue overflows', async () => {
  const store = new SqliteOrchestratorStore(':memory:')
  const { sink, written } = stallingSink(2)
  let closed = 0
  const subscriber = new SseSubscriber({ store, response: sink, cursorSeq: 0, queueMax: 4, replayPageMax: 8, onClose: () => (closed += 1) })
  subscriber.start()
  await new Promise((resolve) => setImmediate(resolve))
  for (let seq = 1; seq <= 4; seq += 1) subscriber.offer(event(seq))
  await new Promise((resolve) => setImmediate(resolve))
  assert.equal(subscriber.isClosed, false)
  for (let seq = 5; seq <= 12 && !subscriber.isClosed; seq += 1) subscriber.offer(event(seq))
  assert.equal(subscriber.isClosed, true)
  assert.equal(closed, 1)
  assert.ok(written.length <= 2)
  assert.match(written[0]!, /^id: 1\nevent: expired\ndata: \{"type":"expired","intent_id":"intent-1"\}\n\n$/)
  await store.close()
})

test('replay comes from the log, then live events, without duplicates', async () => {
  const store = new SqliteOrchestratorStore(':memory:')
  await store.insertIntent({ id: 'a', templateId: 't', shape: 'B', signedIntentJson: '{}', createdAtMs: 0, expiresAtMs: 1 })
  await store.insertIntent({ id: 'b', templateId: 't', shape: 'B', signedIntentJson: '{}', createdAtMs: 0, expiresAtMs: 1 })
  const logged = await store.expireDue(10, 10)
  assert.deepEqual(logged.map((entry) => entry.seq), [1, 2])
  const written: string[] = []
  const sink = new Writable({ write: (chunk: Buffer, _encoding, callback) => (written.push(chunk.toString()), callback()) })
  const subscriber = new SseSubscriber({ store, response: sink, cursorSeq: 0, queueMax: 8, replayPageMax: 1, onClose: () => {} })
  subscriber.offer(logged[1]!) // a live event that the replay will also find
  subscriber.start()
  subscriber.offer(event(3))
  for (let i = 0; i < 20 && written.length < 3; i += 1) await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(written.map((frame) => /^id: (\d+)/.exec(frame)![1]), ['1', '2', '3'])
  subscriber.close()
  await store.close()
})
