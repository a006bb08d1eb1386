import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Ed25519Signer } from '@verity/core'
import { SQLITE_FILE_NAME } from '../store/SqliteOrchestratorStore.ts'
import { readEventStream, type EventStreamReader } from '../testing/readEventStream.ts'
import { sealIntentShapeB } from '../testing/sealIntent.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { standaloneToken } from '../../../core/src/testing/standaloneToken.ts'

// Issue 35: nothing public shows a sealed intent's attrs. This reads every public route, the event
// stream and the logs (at debug) of sealed intents that succeed, fail, stay pending and expire, and
// looks for each attr value (and the salt) in every byte of it.
const TEMPLATE = `name sealed_leak_guard
intent {
  max_price_cents: int
  sizes: set<string>
  excluded_brands: set<string>
  note: optional string
}
evidence {
  price_cents: int
  size: string
  brand: string
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  evidence.size in intent.sizes;
  evidence.brand not in intent.excluded_brands;
}
`
const FIELDS = { max_price_cents: 73911, sizes: ['Zebra-XL', 'Medium'], excluded_brands: ['Quokkacorp', 'Wombatwear'], note: 'Platypus-note' }
const SECRETS = ['73911', 'Zebra-XL', 'Quokkacorp', 'Wombatwear', 'Platypus-note']

let orchestrator: TestOrchestrator
let extractor: TestExtractor
let events: EventStreamReader
let templateId: string
let nowMs = Date.now()
const logs: string[] = []
const salts: string[] = []

before(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')))
  extractor = await startTestExtractor()
  orchestrator = await startTestOrchestrator({ logger: { level: 'debug', stream }, nowMs: () => nowMs, settings: { intentTtlMs: 600_000 } })
  assert.equal((await orchestrator.request('PUT', '/config', { evidence_extractor_url: `${extractor.url}/` })).status, 200)
  templateId = (await orchestrator.request('POST', '/templates', TEMPLATE)).json.template_id
  events = await readEventStream(orchestrator.url)
})
after(async () => {
  events.close()
  await orchestrator.close()
  await extractor.close()
})

async function createSealed(): Promise<string> {
  const id = randomUUID()
  const body = await sealIntentShapeB(Ed25519Signer.generate(), { id, templateId, source: TEMPLATE, fields: FIELDS })
  salts.push(body.opening.salt.slice(2))
  const posted = await orchestrator.request('POST', '/intents', body)
  assert.equal(posted.status, 200, posted.text)
  return id
}

async function propose(id: string, evidence: Record<string, unknown>): Promise<Record<string, unknown>> {
  extractor.set(`solution-${id}`, { kind: 'evidence', evidence })
  assert.equal((await orchestrator.request('POST', `/intents/${id}/proposal`, { solution: `solution-${id}`, metadata: { offer: id } })).status, 200)
  return (await events.waitFor((event) => event.data.intent_id === id, 300_000)).data
}

function assertNoSecret(where: string, text: string): void {
  // A standalone match: 73911 may turn up by chance inside the hex and base64 the texts are full of.
  for (const secret of SECRETS) assert.doesNotMatch(text, standaloneToken(secret), `${where} shows ${secret}`)
  for (const salt of salts) assert.ok(!text.includes(salt), `${where} shows the salt ${salt}`)
}

test('no public route, event or log line of a sealed intent shows an attr value or the salt', { timeout: 600_000 }, async () => {
  const succeeded = await createSealed()
  const failed = await createSealed()
  const pending = await createSealed()
  const expiring = await createSealed()

  const success = await propose(succeeded, { price_cents: 1999, size: 'Medium', brand: 'Acme' })
  assert.equal(success.type ?? 'success', 'success', JSON.stringify(success))
  // The evidence is public (docs/security.md): what it shares with the attrs ('Medium' is among the
  // sizes) shows there. The values the evidence does not repeat must show nowhere.
  const failure = await propose(failed, { price_cents: 99999, size: 'S', brand: 'Quokka' })
  assert.equal(typeof failure.reason, 'string')
  const failures = failure.constraint_failures as { index: number; pretty_expr: string; reason: string }[]
  assert.deepEqual(failures.map((entry) => entry.index), [0, 1])
  for (const entry of failures) assert.match(entry.reason, /values withheld: the intent is sealed/)
  extractor.set(`solution-check-${pending}`, { kind: 'evidence', evidence: { price_cents: 80000, size: 'S', brand: 'Wombat' } })
  // A sealed intent that names no agent answers nobody's dry run (scripts/attacks/sealedCheckOracle.test.ts).
  const check = await orchestrator.request('POST', `/intents/${pending}/check`, { solution: `solution-check-${pending}`, metadata: null })
  assert.equal(check.status, 403, check.text)
  assert.equal(check.json.code, 'SEALED_CHECK_UNAUTHORIZED')
  nowMs += 700_000
  await events.waitFor((event) => event.data.intent_id === expiring, 120_000)
  await events.waitFor((event) => event.data.intent_id === pending, 120_000)
  const waiting = await createSealed()

  const reads = [check.text, JSON.stringify(events.events)]
  for (const id of [succeeded, failed, pending, expiring, waiting]) {
    for (const path of [`/intents/${id}`, `/intents/${id}/status`, `/proofs/${id}`]) {
      const answer = await orchestrator.request('GET', path, undefined)
      reads.push(answer.text)
    }
  }
  // The stream replayed from the start, as a late follower reads it.
  const replay = await readEventStream(orchestrator.url, '0')
  await replay.waitFor((event) => event.data.intent_id === expiring, 60_000)
  replay.close()
  reads.push(JSON.stringify(replay.events))
  for (const path of ['/metrics', '/readyz', '/config', `/templates/${templateId}`, '/openapi.json']) reads.push((await orchestrator.request('GET', path)).text)
  const proof = await orchestrator.request('GET', `/proofs/${succeeded}`)
  assert.equal(proof.status, 200, proof.text)
  const { artifact } = proof.json.proof as { artifact: { circuit: string; public_inputs: string[] } }
  // The proof's attrs commitment is the one the user signed for its tier.
  assert.equal(artifact.public_inputs[1], proof.json.signed_intent.intent.sealed.commitments[artifact.circuit])
  reads.forEach((text, index) => assertNoSecret(`public read ${index}`, text))
  assertNoSecret('the logs', logs.join(''))
  assert.ok(logs.join('').includes(succeeded), 'the logs were captured')

  // At rest: the opening is kept beside the pending intent only; an intent that ended forgot it.
  const db = new Database(join(orchestrator.dataDir, SQLITE_FILE_NAME), { readonly: true })
  try {
    const openings = new Map((db.prepare('SELECT id, sealed_opening_json FROM intents').all() as { id: string; sealed_opening_json: string | null }[]).map((row) => [row.id, row.sealed_opening_json]))
    assert.match(openings.get(waiting) ?? '', /73911/)
    for (const id of [succeeded, failed, pending, expiring]) assert.equal(openings.get(id), null)
    const stored = db.prepare('SELECT signed_intent_json FROM intents').pluck().all() as string[]
    stored.forEach((text) => assertNoSecret('a stored signed intent', text))
  } finally {
    db.close()
  }
})
