import type { ServerResponse } from 'node:http'
import { Writable } from 'node:stream'
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { SqliteOrchestratorStore } from '../store/SqliteOrchestratorStore.ts'
import { EventHub } from './EventHub.ts'

function sink() {
  const ids: string[] = []
  const response = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      // One write may carry several frames (a subscriber writes what queued up at once).
      for (const match of chunk.toString().matchAll(/^id: (\d+)/gm)) ids.push(match[1]!)
      callback()
    },
  })
  return { ids, response: response as unknown as ServerResponse }
}

test('the hub offers events in log order, once, however they are published or woken', async () => {
  const store = new SqliteOrchestratorStore(':memory:')
  const errors: unknown[] = []
  const hub = new EventHub({ store, subscribersMax: 4, subscriberQueueMax: 16, replayPageMax: 2, keepAliveMs: 60_000, onError: (error) => errors.push(error) })
  await hub.start()
  const { ids, response } = sink()
  const subscriber = await hub.subscribe(response, undefined)
  subscriber.start()
  for (const id of ['a', 'b', 'c', 'd', 'e']) await store.insertIntent({ id, templateId: 't', shape: 'B', signedIntentJson: '{}', createdAtMs: 0, expiresAtMs: 1 })
  const events = await store.expireDue(10, 10)
  assert.equal(events.length, 5)
  const [first, second, third] = events
  // Published out of order (as concurrent jobs may), then again, then only woken (another writer).
  hub.publish([second!])
  hub.publish([first!, second!])
  hub.publish([third!])
  hub.wake()
  for (let i = 0; i < 100 && ids.length < 5; i += 1) await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(ids, ['1', '2', '3', '4', '5'])
  assert.deepEqual(errors, [])
  await hub.close()
  await store.close()
})
