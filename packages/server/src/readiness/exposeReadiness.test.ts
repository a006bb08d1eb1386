import assert from 'node:assert/strict'
import { test } from 'node:test'
import Fastify from 'fastify'
import { VERITY_VERSION } from '@verity/core'
import { exposeReadiness } from './exposeReadiness.ts'

test('GET /readyz says the version, ready or not, and why not', async () => {
  let reason: string | undefined = 'warming up'
  const app = Fastify()
  exposeReadiness(app, { notReadyReason: () => reason })
  try {
    const before = await app.inject({ method: 'GET', url: '/readyz' })
    assert.equal(before.statusCode, 503)
    assert.deepEqual(before.json(), { ready: false, version: VERITY_VERSION, reason: 'warming up' })
    reason = undefined
    const after = await app.inject({ method: 'GET', url: '/readyz' })
    assert.equal(after.statusCode, 200)
    assert.deepEqual(after.json(), { ready: true, version: VERITY_VERSION })
  } finally {
    await app.close()
  }
})
