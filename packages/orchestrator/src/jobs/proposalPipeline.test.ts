import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { closedPort } from '../testing/closedPort.ts'
import { readEventStream, type EventStreamReader } from '../testing/readEventStream.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { startTestExtractor, type ExtractorBehaviour, type TestExtractor } from '../testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

describe('proposal pipeline failures (real extractor process on loopback)', () => {
  let orchestrator: TestOrchestrator
  let extractor: TestExtractor
  let events: EventStreamReader
  let templateId: string
  const signer = Ed25519Signer.generate()

  before(async () => {
    extractor = await startTestExtractor()
    orchestrator = await startTestOrchestrator({
      settings: { extractorTimeoutMs: 500, extractorReplyBytesMax: 4_096, extractorAttemptsMax: 3, extractorRetryDelayMs: 10 },
    })
    templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
    assert.equal((await orchestrator.request('PUT', '/config', { evidence_extractor_url: `${extractor.url}/` })).status, 200)
    events = await readEventStream(orchestrator.url)
  })
  after(async () => {
    events.close()
    await orchestrator.close()
    await extractor.close()
  })

  /** Submits an intent and a proposal whose solution the extractor answers with `behaviour`; returns the outcome event. */
  async function propose(behaviour: ExtractorBehaviour | undefined, fields: Record<string, unknown> = { max_price_cents: 100 }) {
    const id = randomUUID()
    const solution = `solution-${id}`
    if (behaviour !== undefined) extractor.set(solution, behaviour)
    assert.equal((await orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id, templateId, fields }))).status, 200)
    const accepted = await orchestrator.request('POST', `/intents/${id}/proposal`, { solution, metadata: { variant: 7 } })
    assert.equal(accepted.status, 200)
    assert.equal(accepted.text, '')
    const event = await events.waitFor((candidate) => candidate.data.intent_id === id)
    assert.equal((await orchestrator.request('GET', `/intents/${id}/status`)).json.status, event.event)
    return { id, solution, event }
  }

  test('constraint failures name index, expression and values; the extractor got the schema', async () => {
    const { id, solution, event } = await propose(
      { kind: 'evidence', evidence: { price_cents: 250, color: 'blue' } },
      { max_price_cents: 100, colors: ['red', 'green'] },
    )
    assert.equal(event.event, 'failure')
    assert.equal(event.data.type, 'failure')
    assert.deepEqual(event.data.proposal, { solution, metadata: { variant: 7 } })
    assert.deepEqual(event.data.evidence, { price_cents: 250, color: 'blue' })
    const failures = event.data.constraint_failures as { index: number; pretty_expr: string; reason: string }[]
    assert.deepEqual(failures.map((failure) => failure.index), [0, 1])
    assert.equal(failures[0]!.pretty_expr, 'evidence.price_cents <= intent.max_price_cents')
    assert.match(failures[0]!.reason, /evidence\.price_cents = 250/)
    assert.match(String(event.data.reason), /^Constraint\[0\] failed: .*; Constraint\[1\] failed: /)
    const request = extractor.requests.find((candidate) => candidate.intent_id === id)!
    assert.deepEqual(request, {
      intent_id: id,
      template_id: templateId,
      solution,
      metadata: { variant: 7 },
      schema: { color: 'string', price_cents: 'int' },
    })
  })

  test('missing or mistyped evidence is an input data error, evidence included', async () => {
    const missing = await propose({ kind: 'evidence', evidence: { price_cents: 5 } })
    assert.equal(missing.event.event, 'failure')
    assert.equal(missing.event.data.reason, 'input data error: missing required field evidence.color')
    assert.deepEqual(missing.event.data.evidence, { price_cents: 5 })
    assert.deepEqual(missing.event.data.constraint_failures, [])
    const mistyped = await propose({ kind: 'evidence', evidence: { price_cents: 'cheap', color: 'red' } })
    assert.match(String(mistyped.event.data.reason), /^input data error: .*evidence\.price_cents/)
    assert.deepEqual(mistyped.event.data.evidence, { price_cents: 'cheap', color: 'red' })
  })

  test('an extractor that errs, stalls, babbles or floods gives a failure naming the cause', async () => {
    const cases: [ExtractorBehaviour | undefined, RegExp, number][] = [
      [{ kind: 'status', status: 503, body: 'catalog offline' }, /answered HTTP 503: catalog offline \(after 3 tries\)$/, 3],
      [{ kind: 'status', status: 400, body: 'bad solution' }, /answered HTTP 400: bad solution$/, 1],
      [undefined, /answered HTTP 404/, 1],
      [{ kind: 'slow', delayMs: 5_000, evidence: {} }, /time-out\) \(after 3 tries\)$/, 3],
      [{ kind: 'raw', body: '<html>oops' }, /not valid JSON/, 1],
      [{ kind: 'raw', body: '{"facts": {}}' }, /no "evidence" object/, 1],
      [{ kind: 'huge', bytes: 10_000 }, /larger than 4096 bytes/, 1],
    ]
    for (const [behaviour, reason, tries] of cases) {
      const { solution, event } = await propose(behaviour)
      assert.equal(event.event, 'failure')
      assert.match(String(event.data.reason), reason)
      assert.equal(event.data.evidence, null)
      assert.deepEqual(event.data.constraint_failures, [])
      assert.equal(extractor.requests.filter((request) => request.solution === solution).length, tries, String(reason))
    }
  })

  test('an extractor that is restarting (503, then evidence) is retried: the outcome is about the proposal', async () => {
    const { solution, event } = await propose(
      { kind: 'flaky', failures: 2, status: 503, evidence: { price_cents: 250, color: 'blue' } },
      { max_price_cents: 100 },
    )
    assert.equal(extractor.requests.filter((request) => request.solution === solution).length, 3)
    assert.equal(event.event, 'failure')
    assert.deepEqual(event.data.evidence, { price_cents: 250, color: 'blue' })
    assert.deepEqual((event.data.constraint_failures as { index: number }[]).map((failure) => failure.index), [0])
  })

  test('an extractor that stays down gives a failure saying it is unreachable, after every try', async () => {
    await orchestrator.request('PUT', '/config', { evidence_extractor_url: `http://127.0.0.1:${await closedPort()}` })
    try {
      const { event } = await propose({ kind: 'evidence', evidence: {} })
      assert.match(String(event.data.reason), /unreachable \(ECONNREFUSED\) \(after 3 tries\)$/)
    } finally {
      await orchestrator.request('PUT', '/config', { evidence_extractor_url: extractor.url })
    }
  })

  test('50 concurrent proposals for one intent: exactly one 200 and 49 409', async () => {
    const id = randomUUID()
    extractor.set('race', { kind: 'evidence', evidence: { price_cents: 1_000, color: 'red' } })
    assert.equal((await orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id, templateId, fields: { max_price_cents: 1 } }))).status, 200)
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => orchestrator.request('POST', `/intents/${id}/proposal`, { solution: 'race', metadata: null })),
    )
    const statuses = responses.map((response) => response.status)
    assert.equal(statuses.filter((status) => status === 200).length, 1)
    assert.equal(statuses.filter((status) => status === 409).length, 49)
    await events.waitFor((event) => event.data.intent_id === id)
    assert.equal(events.events.filter((event) => event.data.intent_id === id).length, 1)
  })
})
