// The extractor behind a real orchestrator: templates, signed intents and proposals over HTTP, the
// orchestrator calling its embedded extractor (this package's routes under /extractor) on loopback.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { canonicalJsonBytes, Ed25519Signer } from '@verity/core'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { callOrchestrator } from './testing/callOrchestrator.ts'
import { readSseEvents, type SseReader } from './testing/readSseEvents.ts'

const TEMPLATE = `name tee_guard
intent {
  max_price_cents: int
  size: string
  colors: optional set<string>
}
evidence {
  category: string
  color: string
  size: string
  price_cents: int
  tags: set<string>
  available: bool
}
requires {
  evidence.category in {"t-shirt", "polo"};
  evidence.size == intent.size;
  evidence.price_cents <= intent.max_price_cents;
  optional: evidence.color in intent.colors;
  "cotton" in evidence.tags;
  evidence.available;
}
`

describe('end to end: orchestrator with the embedded extractor and the demo catalog', () => {
  let dataDir: string
  let orchestrator: RunningOrchestrator
  let events: SseReader
  let templateId: string
  const signer = Ed25519Signer.generate()

  const call = (method: string, path: string, body?: unknown) => callOrchestrator(orchestrator.url, method, path, body)

  /** Signs an intent (shape B), proposes `solution`, and returns the outcome event. */
  async function propose(solution: string, metadata: unknown) {
    const id = randomUUID()
    const intent = { id, policy_id: templateId, attrs: { fields: { max_price_cents: 2500, size: 'M', colors: ['White', 'Black'] } } }
    const signed = { authorship: { Signed: signer.sign(canonicalJsonBytes(intent)) }, intent }
    assert.equal((await call('POST', '/intents', signed)).status, 200)
    assert.equal((await call('POST', `/intents/${id}/proposal`, { solution, metadata })).status, 200)
    return (await events.waitFor((event) => event.data.intent_id === id && event.event !== 'expired')).data
  }

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'verity-extractor-e2e-'))
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', embeddedExtractor: {} })
    const created = await call('POST', '/templates', TEMPLATE)
    assert.equal(created.status, 200)
    templateId = created.json.template_id
    events = await readSseEvents(`${orchestrator.url}/events`)
  })

  after(async () => {
    events.close()
    await orchestrator.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('a product that fits succeeds (a real proof) with the evidence the extractor established', async () => {
    const outcome = await propose('catalog:tee-classic', { options: { Color: 'White', Size: 'M' } })
    assert.deepEqual(outcome.evidence, {
      category: 't-shirt',
      color: 'White',
      size: 'M',
      price_cents: 1999,
      tags: ['cotton', 'basics', 'unisex'],
      available: true,
    })
    assert.equal(outcome.type, 'success', `expected success, got ${JSON.stringify(outcome)}`)
  })

  test('a product that does not fit fails with the index of the violated constraint', async () => {
    const outcome = await propose('catalog:tee-classic-navy-m', null)
    assert.equal(outcome.type, 'failure')
    assert.equal((outcome.evidence as Record<string, unknown>).color, 'Navy')
    const failures = outcome.constraint_failures as { index: number; pretty_expr: string; reason: string }[]
    assert.deepEqual(failures.map((failure) => failure.index), [3])
    assert.match(failures[0]!.reason, /Navy/)
  })

  test('without a variant selection, fields the variants differ on are left out: input data error', async () => {
    const outcome = await propose('catalog:tee-classic', {})
    assert.equal(outcome.type, 'failure')
    assert.match(String(outcome.reason), /^input data error: missing required field evidence\./)
    assert.deepEqual(outcome.evidence, { category: 't-shirt', tags: ['cotton', 'basics', 'unisex'] })
  })

  test('an unknown product fails with the extractor\'s code in the reason', async () => {
    const outcome = await propose('catalog:no-such-product', {})
    assert.equal(outcome.type, 'failure')
    assert.equal(outcome.evidence, null)
    assert.match(String(outcome.reason), /^evidence extractor \(embedded\) failed: PRODUCT_NOT_FOUND: /)
    assert.match(String(outcome.reason), /product not found: catalog:no-such-product/)
  })
})
