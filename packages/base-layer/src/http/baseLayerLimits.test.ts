import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readBaseLayerOptions } from '../config/readBaseLayerOptions.ts'
import { openTestNode } from '../testing/openTestNode.ts'
import { buildBaseLayerApp } from './buildBaseLayerApp.ts'

// Abuse limits of the base layer over real HTTP on loopback (docs/security.md).
test('JSON-RPC calls beyond the configured rate get HTTP 429 with Retry-After and a JSON-RPC error naming RATE_LIMITED', async () => {
  const testNode = await openTestNode({ funded: [] })
  const app = buildBaseLayerApp({ node: testNode.node, logLevel: 'silent', rateLimit: { rateLimitMax: 2, rateLimitWindowMs: 60_000 } })
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const call = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getShard', params: { shard: 1 } }) })
    assert.equal((await call()).status, 200)
    assert.equal((await call()).status, 200)
    const refused = await call()
    assert.equal(refused.status, 429)
    assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/)
    const body = (await refused.json()) as { jsonrpc: string; id: null; error: { code: number; message: string; data: { code: string } } }
    assert.equal(body.jsonrpc, '2.0')
    assert.equal(body.error.data.code, 'RATE_LIMITED')
    assert.match(body.error.message, /at most 2 mutating requests per 60000 ms/)
    assert.equal((await fetch(`${url}/health`)).status, 200)
    assert.equal(app.server.requestTimeout > 0, true)
  } finally {
    await app.close()
    await testNode.close()
  }
})

test('--rate-limit-max and --rate-limit-window-ms (or VERITY_RATE_LIMIT_*) are read; 0 is refused', () => {
  const options = readBaseLayerOptions(['--rate-limit-max', '50'], { VERITY_RATE_LIMIT_WINDOW_MS: '1000' })
  assert.equal(options.rateLimitMax, 50)
  assert.equal(options.rateLimitWindowMs, 1_000)
  assert.equal(options.host, '127.0.0.1')
  assert.throws(() => readBaseLayerOptions(['--rate-limit-max', '0'], {}), /expected a whole number from 1/)
})
