// The storage contract, one suite run against every backend on a real database: the embedded
// SQLite file and PostgreSQL (a fresh database for this file; PostgreSQL must be running).
import { randomUUID } from 'node:crypto'
import { after, afterEach, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { postgresBackend, sqliteBackend, type StoreBackend } from '../testing/storeBackends.ts'
import type { JobOutcome, NewIntent, OrchestratorStore } from './OrchestratorStore.ts'

const LEASE_MS = 1_000

function newIntent(fields: Partial<NewIntent> = {}): NewIntent {
  return { id: randomUUID(), templateId: 'tpl', shape: 'B', signedIntentJson: '{"n":12345678901234567890}', createdAtMs: 1, expiresAtMs: 1_000, ...fields }
}

const failure = (intentId: string): JobOutcome => ({ kind: 'failure', eventJson: JSON.stringify({ type: 'failure', intent_id: intentId }) })

for (const backend of [sqliteBackend(), postgresBackend()]) describeStoreContract(backend)

function describeStoreContract(backend: StoreBackend): void {
  describe(`OrchestratorStore contract: ${backend.name}`, () => {
    const handles: OrchestratorStore[] = []
    /** An empty database and `count` handles on it. */
    async function fresh(count = 1): Promise<OrchestratorStore[]> {
      await backend.reset()
      const opened: OrchestratorStore[] = []
      for (let i = 0; i < count; i += 1) opened.push(await backend.open())
      handles.push(...opened)
      return opened
    }
    /** A pending intent with its template, moved to proving with a proposal at `nowMs`. */
    async function provingIntent(store: OrchestratorStore, nowMs: number, expiresAtMs = 1_000_000): Promise<string> {
      const intent = newIntent({ expiresAtMs })
      assert.equal(await store.insertIntent(intent), true)
      const result = await store.acceptProposal({ intentId: intent.id, proposalJson: '{"solution":"s","metadata":null}', nowMs, backlogMax: 1_000 })
      assert.deepEqual(result, { kind: 'accepted' })
      return intent.id
    }

    before(() => backend.setUp())
    afterEach(async () => {
      for (const handle of handles.splice(0)) await handle.close()
    })
    after(() => backend.tearDown())

    test('config and templates', async () => {
      const [store] = await fresh()
      assert.equal(store!.backend, backend.name)
      assert.deepEqual(await store!.getExtractorConfig(), { url: '', key: '' })
      await store!.setExtractorConfig({ url: 'http://127.0.0.1:1/x', key: 'K1' })
      await store!.setExtractorConfig({ url: 'http://127.0.0.1:2/x', key: '' })
      assert.deepEqual(await store!.getExtractorConfig(), { url: 'http://127.0.0.1:2/x', key: '' })
      const template = { id: 'tpl', source: 'name t', compiled: new Uint8Array([0, 1, 255]), createdAtMs: 5 }
      await store!.putTemplate(template)
      await store!.putTemplate({ ...template, source: 'other', createdAtMs: 6 })
      assert.deepEqual(await store!.getTemplate('tpl'), template)
      assert.equal(await store!.hasTemplate('tpl'), true)
      assert.equal(await store!.hasTemplate('nope'), false)
      assert.equal(await store!.getTemplate('nope'), undefined)
      assert.equal(await store!.deleteTemplate('tpl'), true)
      assert.equal(await store!.deleteTemplate('tpl'), false)
      assert.equal(await store!.hasTemplate('tpl'), false)
    })

    test('intent ids are unique across instances, whatever the body', async () => {
      const [first, second] = await fresh(2)
      const intent = newIntent()
      const inserted = await Promise.all([
        ...Array.from({ length: 10 }, () => first!.insertIntent(intent)),
        ...Array.from({ length: 10 }, () => second!.insertIntent({ ...intent, signedIntentJson: '{}' })),
      ])
      assert.equal(inserted.filter(Boolean).length, 1)
      const stored = await second!.getIntent(intent.id)
      assert.equal(stored?.status, 'pending')
      assert.equal(stored?.proposalJson, null)
      assert.equal(stored?.jobAttempts, 0)
      assert.equal(stored?.expiresAtMs, 1_000)
      assert.equal(await first!.getIntent(randomUUID()), undefined)
      assert.equal(await second!.hasIntent(intent.id), true)
      assert.equal(await first!.hasIntent(randomUUID()), false)
    })

    test('acceptProposal: every outcome, and exactly one acceptance among concurrent proposals', async () => {
      const [first, second] = await fresh(2)
      await first!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const propose = (store: OrchestratorStore, intentId: string, nowMs = 10, backlogMax = 1_000) =>
        store.acceptProposal({ intentId, proposalJson: '{"solution":"s","metadata":1}', nowMs, backlogMax })
      assert.deepEqual(await propose(first!, randomUUID()), { kind: 'unknown_intent' })
      const raced = newIntent()
      await first!.insertIntent(raced)
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => propose(i % 2 === 0 ? first! : second!, raced.id)))
      assert.equal(results.filter((result) => result.kind === 'accepted').length, 1)
      assert.equal(results.filter((result) => result.kind === 'has_proposal').length, 23)
      const accepted = await first!.getIntent(raced.id)
      assert.equal(accepted?.status, 'proving')
      assert.equal(accepted?.proposalJson, '{"solution":"s","metadata":1}')
      const due = newIntent({ expiresAtMs: 10 })
      await first!.insertIntent(due)
      assert.deepEqual(await propose(first!, due.id, 10), { kind: 'expired' })
      const orphan = newIntent({ templateId: 'gone' })
      await first!.insertIntent(orphan)
      assert.deepEqual(await propose(first!, orphan.id), { kind: 'template_missing', templateId: 'gone' })
      const backlogged = newIntent()
      await first!.insertIntent(backlogged)
      assert.deepEqual(await propose(first!, backlogged.id, 10, 1), { kind: 'queue_full' })
      assert.equal((await first!.getIntent(backlogged.id))?.status, 'pending')
      await first!.expireDue(10, 10)
      assert.deepEqual(await propose(second!, due.id, 0), { kind: 'expired' })
    })

    test('jobs: claimed oldest first, each by one instance, renewed, reclaimed after the lease, attempts counted', async () => {
      const [first, second] = await fresh(2)
      await first!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const older = await provingIntent(first!, 100)
      const newer = await provingIntent(first!, 200)
      const claim = (store: OrchestratorStore, owner: string, nowMs: number, limit = 10) =>
        store.claimJobs({ owner, limit, nowMs, leaseExpiresAtMs: nowMs + LEASE_MS })
      assert.deepEqual(await claim(first!, 'a', 1_000, 1), [{ intentId: older, attempt: 1 }])
      assert.deepEqual(await claim(second!, 'b', 1_000), [{ intentId: newer, attempt: 1 }])
      assert.deepEqual(await claim(second!, 'b', 1_500), [])
      // `a` renews its lease; `b`'s lapses and its job goes to `a`.
      await first!.renewJobLeases({ owner: 'a', intentIds: [older], leaseExpiresAtMs: 1_800 + LEASE_MS })
      await first!.renewJobLeases({ owner: 'a', intentIds: [newer], leaseExpiresAtMs: 9_999_999 }) // not a's lease: no effect
      assert.deepEqual(await claim(first!, 'a', 2_000), [{ intentId: newer, attempt: 2 }])
      assert.deepEqual(await claim(second!, 'b', 2_799), [])
      assert.deepEqual(await claim(second!, 'b', 2_800), [{ intentId: older, attempt: 2 }])
      assert.equal((await first!.getIntent(older))?.jobAttempts, 2)
      // A finished job is never claimed again.
      await first!.finishJob(older, failure(older), 3_000)
      assert.deepEqual(await claim(second!, 'b', 99_999), [{ intentId: newer, attempt: 3 }])
    })

    test('jobs: instances claiming at once split the queue without overlap', async () => {
      const [first, second] = await fresh(2)
      await first!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const ids: string[] = []
      for (let i = 0; i < 30; i += 1) ids.push(await provingIntent(first!, i))
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 === 0 ? first! : second!).claimJobs({ owner: `o${i}`, limit: 3, nowMs: 50, leaseExpiresAtMs: 50 + LEASE_MS }),
        ),
      )
      const claimed = claims.flat().map((job) => job.intentId)
      assert.equal(claimed.length, 30)
      assert.deepEqual([...claimed].sort(), [...ids].sort())
      assert.ok(claims.flat().every((job) => job.attempt === 1))
    })

    test('finishJob: status, proof and event once; a second finish writes nothing', async () => {
      const [store] = await fresh()
      await store!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const won = await provingIntent(store!, 1)
      const lost = await provingIntent(store!, 2)
      const success: JobOutcome = { kind: 'success', eventJson: '{"type":"success"}', evidenceJson: '{"e":1}', proofJson: '{"p":2}' }
      const event = await store!.finishJob(won, success, 77)
      assert.deepEqual(event, { seq: 1, type: 'success', intentId: won, dataJson: '{"type":"success"}', createdAtMs: 77 })
      assert.equal(await store!.finishJob(won, failure(won), 78), undefined)
      assert.deepEqual(await store!.getProof(won), { intentId: won, evidenceJson: '{"e":1}', proofJson: '{"p":2}', createdAtMs: 77 })
      assert.equal((await store!.getIntent(won))?.status, 'success')
      assert.equal((await store!.finishJob(lost, failure(lost), 79))?.seq, 2)
      assert.equal((await store!.getIntent(lost))?.status, 'failure')
      assert.equal(await store!.getProof(lost), undefined)
      assert.equal(await store!.finishJob(randomUUID(), failure('x'), 80), undefined)
      assert.deepEqual((await store!.readEventsAfter(0, 10)).map((entry) => entry.intentId), [won, lost])
    })

    test('expiry: due pending intents only, each once, also when instances sweep at once', async () => {
      const [first, second] = await fresh(2)
      await first!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const due: string[] = []
      for (let i = 0; i < 40; i += 1) {
        const intent = newIntent({ expiresAtMs: 100 + i })
        await first!.insertIntent(intent)
        due.push(intent.id)
      }
      const later = newIntent({ expiresAtMs: 10_000 })
      await first!.insertIntent(later)
      const proving = await provingIntent(first!, 1, 50)
      const swept = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? first! : second!).expireDue(5_000, 7)))
      const more = [...(await first!.expireDue(5_000, 100)), ...(await second!.expireDue(5_000, 100))]
      const expired = [...swept.flat(), ...more]
      assert.deepEqual(expired.map((event) => event.intentId).sort(), [...due].sort())
      assert.ok(expired.every((event) => event.type === 'expired' && event.dataJson === JSON.stringify({ type: 'expired', intent_id: event.intentId })))
      assert.deepEqual(await first!.expireDue(5_000, 100), [])
      assert.equal((await second!.getIntent(later.id))?.status, 'pending')
      assert.equal((await second!.getIntent(proving))?.status, 'proving')
      assert.equal((await second!.getIntent(due[0]!))?.status, 'expired')
      // Within one sweep, the soonest due expires first.
      const ordered = newIntent({ expiresAtMs: 6_000 })
      const sooner = newIntent({ expiresAtMs: 5_999 })
      await first!.insertIntent(ordered)
      await first!.insertIntent(sooner)
      assert.deepEqual((await second!.expireDue(6_000, 10)).map((event) => event.intentId), [sooner.id, ordered.id])
    })

    test('events: one gapless order across instances, in pages, with the newest seq', async () => {
      const [first, second] = await fresh(2)
      await first!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      assert.equal(await first!.lastEventSeq(), 0)
      assert.deepEqual(await first!.readEventsAfter(0, 10), [])
      const ids: string[] = []
      for (let i = 0; i < 40; i += 1) ids.push(await provingIntent(first!, i))
      const written = await Promise.all(ids.map((id, i) => (i % 2 === 0 ? first! : second!).finishJob(id, failure(id), 5)))
      assert.deepEqual(written.map((event) => event!.seq).sort((a, b) => a - b), Array.from({ length: 40 }, (_, i) => i + 1))
      assert.equal(await second!.lastEventSeq(), 40)
      const pages = [await second!.readEventsAfter(0, 15), await second!.readEventsAfter(15, 15), await second!.readEventsAfter(30, 15)]
      assert.deepEqual(pages.map((page) => page.length), [15, 15, 10])
      assert.deepEqual(pages.flat(), [...written].sort((a, b) => a!.seq - b!.seq))
    })

    test('provingQueuePosition: proposals ahead in claim order; none outside proving', async () => {
      const [store] = await fresh(1)
      await store!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const queue = [await provingIntent(store!, 10), await provingIntent(store!, 20), await provingIntent(store!, 30)]
      assert.deepEqual(await Promise.all(queue.map((id) => store!.provingQueuePosition(id))), [0, 1, 2])
      // The head is claimed in the same order; once it is finished the others move up.
      assert.deepEqual((await store!.claimJobs({ owner: 'o', limit: 1, nowMs: 40, leaseExpiresAtMs: 1_000 })).map((job) => job.intentId), [queue[0]])
      await store!.finishJob(queue[0]!, failure(queue[0]!), 50)
      assert.equal(await store!.provingQueuePosition(queue[0]!), undefined)
      assert.deepEqual(await Promise.all(queue.slice(1).map((id) => store!.provingQueuePosition(id))), [0, 1])
      const pending = newIntent()
      await store!.insertIntent(pending)
      assert.equal(await store!.provingQueuePosition(pending.id), undefined)
      assert.equal(await store!.provingQueuePosition(randomUUID()), undefined)
    })

    test('readEventsOfIntents: those intents\' events after the cursor, in order', async () => {
      const [store] = await fresh(1)
      await store!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const ids: string[] = []
      for (let i = 0; i < 6; i += 1) ids.push(await provingIntent(store!, i))
      for (const id of ids) await store!.finishJob(id, failure(id), 5)
      const picked = [ids[4]!, ids[1]!, randomUUID()]
      assert.deepEqual((await store!.readEventsOfIntents(picked, 0)).map((event) => [event.seq, event.intentId]), [[2, ids[1]], [5, ids[4]]])
      assert.deepEqual((await store!.readEventsOfIntents(picked, 2)).map((event) => event.intentId), [ids[4]])
      assert.deepEqual(await store!.readEventsOfIntents([], 0), [])
    })

    test('watchEvents: wakes instances sharing the store (the embedded store has no other writer)', async () => {
      const [first, second] = await fresh(2)
      let wakes = 0
      const stop = await second!.watchEvents(() => (wakes += 1))
      try {
        if (backend.name === 'sqlite') return
        await first!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
        const intent = newIntent({ expiresAtMs: 5 })
        await first!.insertIntent(intent)
        const before = wakes
        await first!.expireDue(10, 10)
        for (let i = 0; wakes === before; i += 1) {
          assert.ok(i < 500, 'no wake-up within 10 s')
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      } finally {
        await stop()
      }
    })

    test('reopening keeps everything and applies no migration twice', async () => {
      const [store] = await fresh()
      await store!.putTemplate({ id: 'tpl', source: 's', compiled: new Uint8Array([1]), createdAtMs: 0 })
      const id = await provingIntent(store!, 1)
      await store!.claimJobs({ owner: 'gone', limit: 1, nowMs: 1, leaseExpiresAtMs: 1 + 60_000 })
      await store!.close()
      handles.length = 0
      const [reopened, again] = await Promise.all([backend.open(), backend.open()])
      handles.push(reopened, again)
      assert.equal((await reopened.getIntent(id))?.status, 'proving')
      assert.equal(await again.hasTemplate('tpl'), true)
      // SQLite is owned by one process, so a restart releases the old run's leases at once;
      // on PostgreSQL the lease of a lost instance must run out first.
      const reclaimed = await reopened.claimJobs({ owner: 'next', limit: 1, nowMs: 2, leaseExpiresAtMs: 2 + LEASE_MS })
      assert.deepEqual(reclaimed, backend.name === 'sqlite' ? [{ intentId: id, attempt: 2 }] : [])
    })
  })
}
