import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import * as limits from '../limits.ts'
import { readEventStream } from '../testing/readEventStream.ts'
import { signIntentShapeA } from '../testing/signIntent.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

describe('expiry and the event stream', () => {
  let orchestrator: TestOrchestrator
  let templateId: string
  const signer = Ed25519Signer.generate()

  before(async () => {
    orchestrator = await startTestOrchestrator({
      settings: { intentTtlMs: 200, expirySweepIntervalMs: 50, sseKeepAliveMs: 100 },
    })
    templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
  })
  after(() => orchestrator.close())

  async function submit(): Promise<string> {
    const id = randomUUID()
    const response = await orchestrator.request('POST', '/intents', signIntentShapeA(signer, { id, templateId, fields: { max_price_cents: 1 } }))
    assert.equal(response.status, 200)
    return id
  }

  test('an intent without a proposal expires once; a late proposal gets 409', async () => {
    const stream = await readEventStream(orchestrator.url)
    try {
      const id = await submit()
      const event = await stream.waitFor((candidate) => candidate.data.intent_id === id)
      assert.equal(event.event, 'expired')
      assert.deepEqual(event.data, { type: 'expired', intent_id: id })
      assert.match(event.id, /^\d+$/)
      assert.equal((await orchestrator.request('GET', `/intents/${id}/status`)).json.status, 'expired')
      const late = await orchestrator.request('POST', `/intents/${id}/proposal`, { solution: 's', metadata: null })
      assert.equal(late.status, 409)
      assert.equal(late.json.code, 'INTENT_EXPIRED')
      // More sweeps run; the intent's event stays single.
      const sweeps = await orchestrator.app.orchestrator.sweeper.sweep()
      assert.equal(sweeps, 0)
      assert.equal(stream.events.filter((candidate) => candidate.data.intent_id === id).length, 1)
      await stream.waitFor(() => stream.comments.includes('keep-alive'))
    } finally {
      stream.close()
    }
  })

  test('HEAD /events answers at once with the stream headers and holds no subscriber slot', async () => {
    const heads = await Promise.all(Array.from({ length: 300 }, () => fetch(`${orchestrator.url}/events`, { method: 'HEAD' })))
    for (const head of heads) {
      assert.equal(head.status, 200)
      assert.match(head.headers.get('content-type') ?? '', /^text\/event-stream/)
      assert.equal(await head.text(), '')
    }
    assert.equal(orchestrator.app.orchestrator.hub.subscriberCount, 0)
    const stream = await readEventStream(orchestrator.url)
    try {
      const id = await submit()
      assert.equal((await stream.waitFor((event) => event.data.intent_id === id)).event, 'expired')
    } finally {
      stream.close()
    }
  })

  test('a client that reconnects with Last-Event-ID gets exactly what it missed', async () => {
    const first = await readEventStream(orchestrator.url)
    const seen = await submit()
    const seenEvent = await first.waitFor((event) => event.data.intent_id === seen)
    first.close()
    const missed = [await submit(), await submit(), await submit()]
    // Wait until all three expired (their events are in the durable log).
    for (const id of missed)
      for (let i = 0; (await orchestrator.request('GET', `/intents/${id}/status`)).json.status !== 'expired'; i += 1) {
        assert.ok(i < 200, 'intent did not expire')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    const second = await readEventStream(orchestrator.url, seenEvent.id)
    try {
      for (const id of missed) await second.waitFor((event) => event.data.intent_id === id)
      const ids = second.events.map((event) => Number(event.id))
      assert.ok(ids.every((id) => id > Number(seenEvent.id)))
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b))
      assert.equal(new Set(ids).size, ids.length)
      // And live events keep coming after the replay.
      const live = await submit()
      await second.waitFor((event) => event.data.intent_id === live)
    } finally {
      second.close()
    }
  })

  test('GET /events?intent_id=… carries only those intents\' events, its replay too', async () => {
    const unfiltered = await readEventStream(orchestrator.url)
    const [mine, other, alsoMine] = [await submit(), await submit(), await submit()]
    for (const id of [mine, other, alsoMine]) await unfiltered.waitFor((event) => event.data.intent_id === id)
    unfiltered.close()
    // Replay from the start of the log, filtered (repeated and comma-separated forms).
    for (const query of [`?intent_id=${mine},${alsoMine}`, `?intent_id=${mine}&intent_id=${alsoMine}`]) {
      const replay = await readEventStream(orchestrator.url, '0', query)
      try {
        await replay.waitFor((event) => event.data.intent_id === mine)
        await replay.waitFor((event) => event.data.intent_id === alsoMine)
        const live = await submit()
        const liveMine = await readEventStream(orchestrator.url, undefined, `?intent_id=${live}`)
        await liveMine.waitFor((event) => event.data.intent_id === live)
        liveMine.close()
        assert.deepEqual(new Set(replay.events.map((event) => event.data.intent_id)), new Set([mine, alsoMine]))
        const seqs = replay.events.map((event) => Number(event.id))
        assert.deepEqual(seqs, [...seqs].sort((x, y) => x - y))
      } finally {
        replay.close()
      }
    }
  })

  test('GET /events?intent_id=… refuses a malformed id and too many ids (400)', async () => {
    const bad = await fetch(`${orchestrator.url}/events?intent_id=not-a-uuid`)
    assert.equal(bad.status, 400)
    const many = Array.from({ length: limits.SSE_FILTER_INTENT_IDS_MAX + 1 }, () => randomUUID()).join(',')
    const tooMany = await fetch(`${orchestrator.url}/events?intent_id=${many}`)
    assert.equal(tooMany.status, 400)
    assert.match(((await tooMany.json()) as { message: string }).message, /more than/)
    assert.equal(orchestrator.app.orchestrator.hub.subscriberCount, 0)
  })

  test('expiry across restarts: due intents expire once, after the restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-expiry-'))
    let nowMs = 1_000_000
    const settings = { intentTtlMs: 1_000, expirySweepIntervalMs: 3_600_000 }
    try {
      const first = await startTestOrchestrator({ dataDir, settings, nowMs: () => nowMs })
      const created = await first.request('POST', '/templates', PRICE_TEMPLATE)
      const id = randomUUID()
      const body = signIntentShapeA(signer, { id, templateId: created.json.template_id, fields: { max_price_cents: 1 } })
      assert.equal((await first.request('POST', '/intents', body)).status, 200)
      await first.close()
      nowMs += 2_000
      // The first sweep runs when the app is ready.
      const second = await startTestOrchestrator({ dataDir, settings, nowMs: () => nowMs })
      const replay = await readEventStream(second.url, '0')
      const expired = await replay.waitFor((event) => event.data.intent_id === id)
      assert.equal(expired.event, 'expired')
      replay.close()
      await second.close()
      const third = await startTestOrchestrator({ dataDir, settings, nowMs: () => nowMs })
      assert.equal(await third.app.orchestrator.sweeper.sweep(), 0)
      const again = await readEventStream(third.url, '0')
      await again.waitFor((event) => event.data.intent_id === id)
      assert.equal(again.events.filter((event) => event.data.intent_id === id).length, 1)
      again.close()
      await third.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
