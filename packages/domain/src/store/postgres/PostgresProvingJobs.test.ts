import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { createTestDatabase, type TestDatabase } from '@verity/postgres'
import type { SdlRecord } from '../DomainStore.ts'
import { PostgresDomainStore } from './PostgresDomainStore.ts'
import { PostgresProvingJobs } from './PostgresProvingJobs.ts'

const SHARD = 21
const LEASE_MS = 60_000

function sdlRecord(hash: string, seq: number): SdlRecord {
  return { hash, seq, state: 'Submitted', content: { seq }, witness: { w: 2n ** 70n }, proof: null, guardrailInput: null, createdAtMs: 1, updatedAtMs: 1 }
}

describe('proving jobs claimed from PostgreSQL', () => {
  let database: TestDatabase
  let store: PostgresDomainStore
  let workers: PostgresProvingJobs[] = []
  before(async () => {
    database = await createTestDatabase()
    store = await PostgresDomainStore.open(database.url, { shard: SHARD })
    workers = await Promise.all(['a', 'b'].map((holder) => PostgresProvingJobs.open(database.url, { shard: SHARD, holder: `worker ${holder}` })))
  })
  after(async () => {
    for (const worker of workers) await worker.close()
    await store?.close()
    await database?.drop()
  })

  const prove = async (hash: string, seq: number, guardrailInput: Uint8Array | null = null) => {
    await store.createSdl({ record: sdlRecord(hash, seq), pendingSeqMax: 0 })
    await store.updateSdl(hash, { state: 'Proving', guardrailInput, proof: null })
  }

  test('workers claiming at once get different SDLs, oldest first; nothing else is claimable; a result is recorded once', async () => {
    const [a, b] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h1', 1, new Uint8Array([7]))
    await prove('h2', 2)
    await store.createSdl({ record: sdlRecord('h3', 3), pendingSeqMax: 0 }) // Submitted: not a proving job
    const claims = await Promise.all([a.claim(LEASE_MS), b.claim(LEASE_MS)])
    assert.deepEqual(claims.map((claim) => claim?.job.hash).sort(), ['h1', 'h2'])
    assert.equal(await a.claim(LEASE_MS), null)
    const other = await PostgresProvingJobs.open(database.url, { shard: SHARD + 1, holder: 'other shard' })
    assert.equal(await other.claim(LEASE_MS), null, 'claims are per shard')
    await other.close()

    const first = claims.find((claim) => claim?.job.hash === 'h1')!
    assert.deepEqual(first.job, { hash: 'h1', content: { seq: 1 }, witness: { w: 2n ** 70n }, guardrailInput: new Uint8Array([7]) })
    const owner = first === claims[0] ? a : b
    assert.equal(await owner.renew(first, LEASE_MS), true)
    const proof = [{ proof: 'AAAA', public_inputs: ['0x01'] }]
    assert.equal(await owner.complete(first, { state: 'Proven', proof }), true)
    assert.equal(await owner.complete(first, { state: { ProvingFailed: 'late' }, proof: null }), false)
    assert.equal(await owner.renew(first, LEASE_MS), false)
    const h1 = await store.getSdl('h1')
    assert.equal(h1?.state, 'Proven')
    assert.deepEqual(h1?.proof, proof)

    // The sequencer moving an SDL (a re-prove) ends the claim on it: the old claim records nothing.
    const second = claims.find((claim) => claim?.job.hash === 'h2')!
    await store.updateSdl('h2', { state: 'Proving', guardrailInput: null, proof: null })
    const again = await a.claim(LEASE_MS)
    assert.equal(again?.job.hash, 'h2')
    assert.equal(await (second === claims[0] ? a : b).complete(second, { state: 'Proven', proof: [] }), false)
    assert.equal(await a.complete(again!, { state: { ProvingFailed: 'guardrail' }, proof: null }), true)
    assert.deepEqual((await store.getSdl('h2'))?.state, { ProvingFailed: 'guardrail' })
  })

  test('an expired lease (a dead worker) is claimed by another worker; the first can no longer renew or record', async () => {
    const [a, b] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h4', 4)
    const dying = await a.claim(1)
    assert.equal(dying?.job.hash, 'h4')
    let taken = await b.claim(LEASE_MS)
    for (let attempt = 0; taken === null && attempt < 100; attempt += 1) {
      await sleep(10)
      taken = await b.claim(LEASE_MS)
    }
    assert.equal(taken?.job.hash, 'h4')
    assert.equal(await a.renew(dying!, LEASE_MS), false)
    assert.equal(await a.complete(dying!, { state: 'Proven', proof: [] }), false)
    assert.equal(await b.complete(taken!, { state: 'Proven', proof: ['b'] }), true)
    assert.deepEqual((await store.getSdl('h4'))?.proof, ['b'])
  })

  test('a released claim is claimable at once', async () => {
    const [a, b] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h5', 5)
    const claim = await a.claim(LEASE_MS)
    assert.equal(claim?.job.hash, 'h5')
    assert.equal(await b.claim(LEASE_MS), null)
    await a.release(claim!)
    assert.equal((await b.claim(LEASE_MS))?.job.hash, 'h5')
  })
})
