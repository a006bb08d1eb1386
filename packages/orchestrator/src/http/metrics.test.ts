import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { generateToken, writeTokensFile } from '@verity/server'
import { readEventStream } from '../testing/readEventStream.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

/** The value of one sample line of a Prometheus text exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return undefined
}

describe('GET /metrics: counters move with real traffic; operators only when tokens are configured', () => {
  const operatorToken = generateToken()
  const dir = mkdtempSync(join(tmpdir(), 'verity-metrics-'))
  const tokensFile = join(dir, 'tokens.json')
  writeTokensFile(tokensFile, [{ name: 'ops', scope: 'operator', token: operatorToken }])
  let orchestrator: TestOrchestrator
  const scrape = async (token?: string) => {
    const response = await fetch(`${orchestrator.url}/metrics`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() }
  }

  before(async () => {
    orchestrator = await startTestOrchestrator({ settings: { tokensFile } })
  })
  after(async () => {
    await orchestrator.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('requests by route and status, outcome events by type, jobs and subscribers', async () => {
    assert.equal((await scrape()).status, 401)
    const before = await scrape(operatorToken)
    assert.equal(before.status, 200)
    assert.match(before.contentType, /^text\/plain; version=0\.0\.4/)
    assert.equal(sample(before.text, 'verity_orchestrator_outcomes_total', { type: 'failure' }), undefined)

    const templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
    assert.equal((await orchestrator.request('POST', '/templates', 'name broken {')).status, 400)
    const id = randomUUID()
    assert.equal((await orchestrator.request('POST', '/intents', signIntentShapeB(Ed25519Signer.generate(), { id, templateId, fields: { max_price_cents: 5 } }))).status, 200)
    const stream = await readEventStream(orchestrator.url)
    try {
      // No extractor is embedded in the test orchestrator and none is configured: the proposal fails at once.
      assert.equal((await orchestrator.request('POST', `/intents/${id}/proposal`, { solution: 's', metadata: null })).status, 200)
      await stream.waitFor((event) => event.data.intent_id === id)
      const after = await scrape(operatorToken)
      assert.equal(sample(after.text, 'verity_http_requests_total', { method: 'POST', route: '/templates', status: '200' }), 1)
      assert.equal(sample(after.text, 'verity_http_requests_total', { method: 'POST', route: '/templates', status: '400' }), 1)
      assert.equal(sample(after.text, 'verity_http_requests_total', { method: 'POST', route: '/intents/:intent_id/proposal', status: '200' }), 1)
      assert.equal(sample(after.text, 'verity_http_requests_total', { method: 'GET', route: '/metrics', status: '401' }), 1)
      assert.equal(sample(after.text, 'verity_orchestrator_outcomes_total', { type: 'failure', service: 'orchestrator' }), 1)
      assert.equal(sample(after.text, 'verity_orchestrator_sse_subscribers', {}), 1)
      assert.equal(sample(after.text, 'verity_orchestrator_jobs_running', {}), 0)
      assert.ok((sample(after.text, 'verity_process_resident_memory_bytes', {}) ?? 0) > 0)
    } finally {
      stream.close()
    }
  })
})
