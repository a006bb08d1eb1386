import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { readEventStream } from '../testing/readEventStream.ts'
import { sendRequest as send } from '../testing/sendRequest.ts'
import { signIntentShapeA, signIntentShapeB } from '../testing/signIntent.ts'
import { killProcess as kill9, startOrchestratorProcess } from '../testing/startOrchestratorProcess.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

/** Starts src/main.ts in a child process on the SQLite store in `dataDir`. */
const startChild = (dataDir: string) => startOrchestratorProcess(['--data-dir', dataDir, '--extractor-timeout', '60s'])

describe('durability: kill -9 and restart', () => {
  let dataDir: string
  let extractor: TestExtractor
  const children: ChildProcess[] = []

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-kill-'))
    extractor = await startTestExtractor()
  })
  after(async () => {
    for (const child of children) await kill9(child)
    await extractor.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('acknowledged writes survive SIGKILL, and a job cut off in proving resumes', async () => {
    const signer = Ed25519Signer.generate()
    const first = await startChild(dataDir)
    children.push(first.child)
    const templateId = (await send(first.url, 'POST', '/templates', PRICE_TEMPLATE)).json.template_id
    assert.equal((await send(first.url, 'PUT', '/config', { evidence_extractor_url: extractor.url })).status, 200)
    const pendingId = randomUUID()
    const pending = signIntentShapeA(signer, { id: pendingId, templateId, fields: { max_price_cents: 7 } })
    assert.equal((await send(first.url, 'POST', '/intents', pending)).status, 200)
    const provingId = randomUUID()
    extractor.set('stalls', { kind: 'slow', delayMs: 120_000, evidence: {} })
    assert.equal((await send(first.url, 'POST', '/intents', signIntentShapeB(signer, { id: provingId, templateId, fields: { max_price_cents: 7 } }))).status, 200)
    assert.equal((await send(first.url, 'POST', `/intents/${provingId}/proposal`, { solution: 'stalls', metadata: 1 })).status, 200)
    // The job is waiting on the extractor when the process dies.
    for (let i = 0; !extractor.requests.some((request) => request.intent_id === provingId); i += 1) {
      assert.ok(i < 500, 'the job never called the extractor')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await kill9(first.child)

    extractor.set('stalls', { kind: 'evidence', evidence: { price_cents: 100, color: 'red' } })
    const second = await startChild(dataDir)
    children.push(second.child)
    const stream = await readEventStream(second.url, '0')
    try {
      const event = await stream.waitFor((candidate) => candidate.data.intent_id === provingId)
      assert.equal(event.event, 'failure')
      assert.match(String(event.data.reason), /^Constraint\[0\] failed/)
    } finally {
      stream.close()
    }
    assert.equal((await send(second.url, 'GET', '/config')).json.evidence_extractor_url, extractor.url)
    assert.equal((await send(second.url, 'GET', `/templates/${templateId}`)).status, 200)
    assert.deepEqual((await send(second.url, 'GET', `/intents/${pendingId}`)).json, pending)
    assert.equal((await send(second.url, 'GET', `/intents/${pendingId}/status`)).json.status, 'pending')
    assert.equal((await send(second.url, 'GET', `/intents/${provingId}/status`)).json.status, 'failure')
    assert.equal((await send(second.url, 'POST', '/intents', pending)).status, 409)
    await kill9(second.child)
  })
})
