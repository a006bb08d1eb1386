// Scale-out: three orchestrator processes on one PostgreSQL database, as behind a load balancer.
// They share nothing but the database, and one of them is killed with SIGKILL mid-proof.
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { createTestDatabase, withClient, type TestDatabase } from '@verity/postgres'
import { readEventStream, type EventStreamReader, type ReceivedEvent } from '../testing/readEventStream.ts'
import { sendRequest } from '../testing/sendRequest.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { killProcess, startOrchestratorProcess, type OrchestratorProcess } from '../testing/startOrchestratorProcess.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

const INSTANCES = 3
const INTENTS = 100
/** Short, so the killed instance's job is reclaimed within seconds; renewed every third of it. */
const JOB_LEASE = '5s'

describe('scale-out: three instances on one PostgreSQL database', () => {
  let database: TestDatabase
  let extractor: TestExtractor
  let instances: OrchestratorProcess[] = []
  let streams: EventStreamReader[] = []
  let templateId: string
  const signer = Ed25519Signer.generate()

  before(async () => {
    database = await createTestDatabase()
    extractor = await startTestExtractor()
    // Started at once: they race to migrate the empty database (an advisory lock serialises them).
    instances = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        startOrchestratorProcess(['--database-url', database.url, '--job-lease', JOB_LEASE, '--extractor-timeout', '60s']),
      ),
    )
    templateId = (await sendRequest(instances[0]!.url, 'POST', '/templates', PRICE_TEMPLATE)).json.template_id
    // Runtime configuration lives in the database: set on one instance, used by all.
    assert.equal((await sendRequest(instances[1]!.url, 'PUT', '/config', { evidence_extractor_url: extractor.url })).status, 200)
    assert.equal((await sendRequest(instances[2]!.url, 'GET', '/config')).json.evidence_extractor_url, extractor.url)
    streams = await Promise.all(instances.map((instance) => readEventStream(instance.url, '0')))
  })
  after(async () => {
    for (const stream of streams) stream.close()
    await Promise.all(instances.map((instance) => killProcess(instance.child)))
    await extractor?.close()
    await database?.drop()
  })

  const postIntent = (instance: number, id: string) =>
    sendRequest(instances[instance]!.url, 'POST', '/intents', signIntentShapeB(signer, { id, templateId, fields: { max_price_cents: 100 } }))
  const eventsOf = (stream: EventStreamReader, ids: ReadonlySet<string>) => stream.events.filter((event) => ids.has(String(event.data.intent_id)))
  const frames = (events: readonly ReceivedEvent[]) => events.map((event) => `${event.id}:${event.event}:${String(event.data.intent_id)}`)

  test('an intent id is accepted once, whichever instances receive it', async () => {
    const id = randomUUID()
    const statuses = await Promise.all(instances.map((_, index) => postIntent(index, id).then((reply) => reply.status)))
    assert.deepEqual([...statuses].sort(), [200, 409, 409])
    for (const instance of instances) assert.equal((await sendRequest(instance.url, 'GET', `/intents/${id}/status`)).json.status, 'pending')
  })

  test(`${INTENTS * 2} concurrent proposals for ${INTENTS} intents over ${INSTANCES} instances: one accepted each, every event on every instance once, in one order`, async () => {
    const ids = Array.from({ length: INTENTS }, () => randomUUID())
    const posted = await Promise.all(ids.map((id, i) => postIntent(i % INSTANCES, id)))
    assert.ok(posted.every((reply) => reply.status === 200))
    // Each proposal's evidence breaks the template's price constraint: a `failure` without proving.
    for (const id of ids)
      for (const k of [0, 1]) extractor.set(`${id}/${k}`, { kind: 'evidence', evidence: { price_cents: 500 + k, color: 'red' } })
    const replies = await Promise.all(
      ids.flatMap((id, i) =>
        [0, 1].map(async (k) => {
          const reply = await sendRequest(instances[(i + k) % INSTANCES]!.url, 'POST', `/intents/${id}/proposal`, { solution: `${id}/${k}`, metadata: k })
          return { id, k, status: reply.status, code: reply.json?.code as string | undefined }
        }),
      ),
    )
    const acceptedBy = new Map<string, number>()
    for (const id of ids) {
      const mine = replies.filter((reply) => reply.id === id)
      assert.deepEqual(mine.map((reply) => reply.status).sort(), [200, 409], `intent ${id}: ${JSON.stringify(mine)}`)
      assert.equal(mine.find((reply) => reply.status === 409)!.code, 'PROPOSAL_EXISTS')
      acceptedBy.set(id, mine.find((reply) => reply.status === 200)!.k)
    }

    const idSet = new Set(ids)
    await Promise.all(streams.map((stream) => stream.waitFor(() => eventsOf(stream, idSet).length >= INTENTS, 120_000)))
    const reference = eventsOf(streams[0]!, idSet)
    for (const stream of streams) {
      const events = eventsOf(stream, idSet)
      assert.equal(events.length, INTENTS)
      assert.deepEqual(frames(events), frames(reference))
    }
    const seqs = reference.map((event) => Number(event.id))
    assert.ok(seqs.every((seq, i) => i === 0 || seq > seqs[i - 1]!), `seqs not increasing: ${seqs.join(',')}`)
    assert.equal(new Set(reference.map((event) => event.data.intent_id)).size, INTENTS)
    for (const event of reference) {
      const id = String(event.data.intent_id)
      assert.equal(event.event, 'failure')
      assert.deepEqual(event.data.proposal, { solution: `${id}/${acceptedBy.get(id)}`, metadata: acceptedBy.get(id) })
      assert.deepEqual((event.data.constraint_failures as { index: number }[]).map((failure) => failure.index), [0])
    }
    // Each job was claimed by exactly one instance: the extractor saw each intent once.
    for (const id of ids) assert.equal(extractor.requests.filter((request) => request.intent_id === id).length, 1, `extractor calls for ${id}`)
    // A late subscriber on any instance replays the same log in the same order.
    const replay = await readEventStream(instances[2]!.url, '0')
    try {
      await replay.waitFor(() => eventsOf(replay, idSet).length >= INTENTS)
      assert.deepEqual(frames(eventsOf(replay, idSet)), frames(reference))
    } finally {
      replay.close()
    }
  })

  test('an instance killed mid-proof loses no job: another claims it when the lease runs out and proves it', async () => {
    const id = randomUUID()
    assert.equal((await postIntent(0, id)).status, 200)
    extractor.set('provable', { kind: 'evidence', evidence: { price_cents: 50, color: 'red' } })
    assert.equal((await sendRequest(instances[0]!.url, 'POST', `/intents/${id}/proposal`, { solution: 'provable', metadata: null })).status, 200)
    for (let i = 0; !extractor.requests.some((request) => request.intent_id === id); i += 1) {
      assert.ok(i < 1_500, 'no instance called the extractor for the job')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // The evidence satisfies the template, so the claiming instance is now proving (seconds of work).
    const owner = await leaseOwnerOf(id)
    const victim = instances.find((instance) => owner.split(':')[1] === String(instance.pid))
    assert.ok(victim !== undefined, `lease owner ${owner} is none of our instances`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await killProcess(victim.child)
    const survivors = instances.filter((instance) => instance !== victim)
    assert.equal((await sendRequest(survivors[0]!.url, 'GET', `/intents/${id}/status`)).json.status, 'proving', 'the proof finished before the kill')

    const survivingStreams = streams.filter((_, index) => instances[index] !== victim)
    const outcomes = await Promise.all(survivingStreams.map((stream) => stream.waitFor((event) => event.data.intent_id === id, 150_000)))
    for (const outcome of outcomes) {
      assert.equal(outcome.event, 'success', JSON.stringify(outcome.data))
      assert.equal(outcome.id, outcomes[0]!.id)
    }
    assert.deepEqual(outcomes[0]!.data.evidence, { price_cents: 50, color: 'red' })
    for (const stream of survivingStreams) assert.equal(stream.events.filter((event) => event.data.intent_id === id).length, 1)
    assert.equal(extractor.requests.filter((request) => request.intent_id === id).length, 2)
    const proof = await sendRequest(survivors[1]!.url, 'GET', `/proofs/${id}`)
    assert.equal(proof.status, 200)
    assert.equal(proof.json.proof.artifact.system, 'ultrahonk-zk/bb5')
    assert.equal((await withClient(database.url, (client) => client.query('SELECT job_attempts FROM orchestrator_intents WHERE id = $1', [id]))).rows[0].job_attempts, 2)
  })

  async function leaseOwnerOf(id: string): Promise<string> {
    const { rows } = await withClient(database.url, (client) =>
      client.query<{ lease_owner: string | null }>('SELECT lease_owner FROM orchestrator_intents WHERE id = $1', [id]),
    )
    assert.ok(rows[0]?.lease_owner, `intent ${id} has no lease owner`)
    return rows[0]!.lease_owner!
  }
})
