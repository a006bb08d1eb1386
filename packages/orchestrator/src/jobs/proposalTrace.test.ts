import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { readEventStream, type EventStreamReader } from '../testing/readEventStream.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

// An operator follows one proposal through the logs: the HTTP request that proposed it (reqId),
// each stage of its job and the outcome event, all keyed by intent_id (docs/operations.md).
let orchestrator: TestOrchestrator
let extractor: TestExtractor
let events: EventStreamReader
const lines: Record<string, unknown>[] = []

before(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line))
  })
  extractor = await startTestExtractor()
  orchestrator = await startTestOrchestrator({ logger: { level: 'info', stream } })
  assert.equal((await orchestrator.request('PUT', '/config', { evidence_extractor_url: `${extractor.url}/` })).status, 200)
  events = await readEventStream(orchestrator.url)
})
after(async () => {
  events.close()
  await orchestrator.close()
  await extractor.close()
})

test('a proposal leaves one log trail: accepted (with its request id), each stage, the outcome with its event id', async () => {
  const templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
  const id = randomUUID()
  extractor.set(`solution-${id}`, { kind: 'evidence', evidence: { price_cents: 250, color: 'blue' } })
  const signed = signIntentShapeB(Ed25519Signer.generate(), { id, templateId, fields: { max_price_cents: 100 } })
  const created = await orchestrator.request('POST', '/intents', signed)
  assert.equal(created.status, 200, created.text)
  assert.equal((await orchestrator.request('POST', `/intents/${id}/proposal`, { solution: `solution-${id}`, metadata: {} })).status, 200)
  const event = await events.waitFor((candidate) => candidate.data.intent_id === id)
  assert.equal(event.event, 'failure')

  const mine = lines.filter((line) => line.intent_id === id)
  const accepted = mine.find((line) => line.msg === 'proposal accepted')
  assert.ok(accepted, 'the proposal request logs the intent id')
  assert.ok(lines.some((line) => line.reqId === accepted.reqId && (line.req as { url?: string } | undefined)?.url === `/intents/${id}/proposal`))
  const stages = mine.filter((line) => line.msg === 'proposal stage done').map((line) => line.stage)
  assert.deepEqual(stages, ['load', 'extract'], 'the evidence fails the constraints after extraction: no evaluate, prove or persist stage')
  const outcome = mine.find((line) => line.msg === 'proposal outcome stored')
  assert.ok(outcome)
  assert.equal(outcome.event, 'failure')
  assert.equal(String(outcome.event_id), event.id, 'the logged event id is the SSE id a subscriber received')
  assert.match(String(outcome.reason), /Constraint\[0\] failed/)
})
