import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ClientConnectionsExceededError } from '../errors/limitErrors.ts'
import { ClientConnectionCounter } from './ClientConnectionCounter.ts'

test('each client holds at most connectionsMax; a released slot can be taken again; release is idempotent', () => {
  const counter = new ClientConnectionCounter({ what: 'event streams', connectionsMax: 2 })
  const first = counter.acquire('10.0.0.1')
  counter.acquire('10.0.0.1')
  assert.throws(() => counter.acquire('10.0.0.1'), (error: unknown) => error instanceof ClientConnectionsExceededError && /at most 2 event streams per client/.test(error.message))
  counter.acquire('10.0.0.2')
  first()
  first()
  assert.equal(counter.countOf('10.0.0.1'), 1)
  counter.acquire('10.0.0.1')
  assert.throws(() => new ClientConnectionCounter({ what: 'x', connectionsMax: 0 }), RangeError)
})
