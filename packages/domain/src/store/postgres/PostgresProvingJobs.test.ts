import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { createTestDatabase, withClient, type TestDatabase } from '@verity/postgres'
import type { SdlRecord } from '../DomainStore.ts'
import type { ProvingClaim } from '../ProvingJobs.ts'
import { PostgresDomainStore } from './PostgresDomainStore.ts'
import { PostgresProvingJobs } from './PostgresProvingJobs.ts'
import { PROOF_JOB_CLAIMS_MAX } from '../../limits.ts'

const SHARD = 21
const LEASE_MS = 60_000

function sdlRecord(hash: string, seq: number, batches: number): SdlRecord {
  const witness = { batches: Array.from({ length: batches }, (_, batchIndex) => ({ batchIndex, w: 2n ** 70n })) }
  return { hash, seq, state: 'Submitted', content: { seq }, witness, proof: null, guardrailInput: null, createdAtMs: 1, updatedAtMs: 1 }
}

/** Claims until a claim comes back (a lease running out), for at most ~1 s. */
async function claimSoon(jobs: PostgresProvingJobs): Promise<ProvingClaim | null> {
  let claim = await jobs.claim(LEASE_MS)
  for (let attempt = 0; claim === null && attempt < 100; attempt += 1) {
    await sleep(10)
    claim = await jobs.claim(LEASE_MS)
  }
  return claim
}

describe('proving jobs claimed from PostgreSQL, one batch proof at a time', () => {
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

  const prove = async (hash: string, seq: number, batches: number, guardrailInput: Uint8Array | null = null) => {
    await store.createSdl({ record: sdlRecord(hash, seq, batches), pendingSeqMax: 0 })
    await store.updateSdl(hash, { state: 'Proving', guardrailInput, proof: null })
  }
  const jobRows = () =>
    withClient(database.url, async (client) => (await client.query('SELECT hash, batch_index, is_finish, artifact IS NOT NULL AS recorded, lease_holder, attempts FROM domain_sdl_proof_jobs ORDER BY hash, batch_index')).rows)

  test('workers claiming at once get different batches of the oldest SDL, in batch order; the last recorder finishes it once', async () => {
    const [a, b] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h1', 1, 2, new Uint8Array([7]))
    await prove('h2', 2, 1)
    await store.createSdl({ record: sdlRecord('h3', 3, 1), pendingSeqMax: 0 }) // Submitted: not a proving job
    const claims = await Promise.all([a.claim(LEASE_MS), b.claim(LEASE_MS)])
    const named = (claim: ProvingClaim | null) => `${claim?.job.hash} ${claim?.part.kind === 'batch' ? `batch ${claim.part.batchIndex}` : claim?.part.kind}`
    assert.deepEqual(claims.map(named).sort(), ['h1 batch 0', 'h1 batch 1'])
    assert.deepEqual(claims[0]!.job, { hash: 'h1', content: { seq: 1 }, witness: sdlRecord('h1', 1, 2).witness, guardrailInput: new Uint8Array([7]) })
    const other = await PostgresProvingJobs.open(database.url, { shard: SHARD + 1, holder: 'other shard' })
    assert.equal(await other.claim(LEASE_MS), null, 'claims are per shard')
    await other.close()
    const h2 = await a.claim(LEASE_MS)
    assert.deepEqual([h2?.job.hash, h2?.part], ['h2', { kind: 'batch', batchIndex: 0 }], "h1's finishing part waits for its batch proofs")
    assert.equal(await b.claim(LEASE_MS), null)

    const [first, second] = [claims.find((c) => c?.part.kind === 'batch' && c.part.batchIndex === 0)!, claims.find((c) => c?.part.kind === 'batch' && c.part.batchIndex === 1)!]
    const [firstOwner, secondOwner] = [first === claims[0] ? a : b, second === claims[0] ? a : b]
    assert.equal(await secondOwner.renew(second, LEASE_MS), true)
    assert.deepEqual(await secondOwner.recordBatch(second, { batch: 1 }, LEASE_MS), { recorded: true, finish: null })
    assert.deepEqual(await secondOwner.recordBatch(second, { batch: 'again' }, LEASE_MS), { recorded: false, finish: null }, 'recorded once')
    assert.equal(await secondOwner.renew(second, LEASE_MS), false)
    const last = await firstOwner.recordBatch(first, { batch: 0 }, LEASE_MS)
    assert.equal(last.recorded, true)
    assert.deepEqual(last.finish?.part, { kind: 'finish' }, 'the recorder of the last batch proof gets the finishing part')
    assert.deepEqual(
      (await jobRows()).filter((row) => row.hash === 'h1').map((row) => [row.batch_index, row.is_finish, row.recorded, row.lease_holder]),
      [[0, false, true, firstOwner === a ? 'worker a' : 'worker b'], [1, false, true, secondOwner === a ? 'worker a' : 'worker b'], [2, true, false, firstOwner === a ? 'worker a' : 'worker b']],
    )
    assert.equal(await a.claim(LEASE_MS), null, 'the finishing part is held')
    assert.equal(await firstOwner.finish(last.finish!, [{ guardrail: 0 }]), true)
    assert.equal(await firstOwner.finish(last.finish!, []), false, 'finished once')
    assert.equal(await firstOwner.fail(last.finish!, 'late'), false)
    const proven = await store.getSdl('h1')
    assert.equal(proven?.state, 'Proven')
    assert.deepEqual(proven?.proof, [{ batch: 0 }, { batch: 1 }, { guardrail: 0 }], 'batch proofs in batch order, then the guardrail proofs')
    assert.deepEqual((await jobRows()).filter((row) => row.hash === 'h1'), [], "a finished SDL's rows are deleted")

    // A batch that cannot be proven fails the SDL with the reason.
    assert.equal(await a.fail(h2!, 'batch 0: witness does not satisfy the circuit'), true)
    assert.deepEqual((await store.getSdl('h2'))?.state, { ProvingFailed: 'batch 0: witness does not satisfy the circuit' })
    assert.deepEqual(await jobRows(), [])
  })

  test('moving an SDL to Proving again (a re-prove) ends its round: old claims record nothing; the new round starts clean', async () => {
    const [a, b] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h4', 4, 2)
    const old = await a.claim(LEASE_MS)
    const recorded = await b.claim(LEASE_MS)
    assert.equal((await b.recordBatch(recorded!, { old: true }, LEASE_MS)).recorded, true)
    await store.updateSdl('h4', { state: 'Proving', guardrailInput: null, proof: null })
    assert.deepEqual((await a.recordBatch(old!, { old: true }, LEASE_MS)).recorded, false)
    assert.equal(await a.renew(old!, LEASE_MS), false)
    assert.equal(await a.fail(old!, 'old'), false)
    const fresh = [await a.claim(LEASE_MS), await b.claim(LEASE_MS)]
    assert.deepEqual(fresh.map((claim) => claim?.part), [{ kind: 'batch', batchIndex: 0 }, { kind: 'batch', batchIndex: 1 }], 'no artifact of the old round counts')
    assert.notEqual(fresh[0]!.round, old!.round)
    assert.deepEqual((await jobRows()).map((row) => [row.batch_index, row.recorded, row.attempts]), [[0, false, 1], [1, false, 1], [2, false, 0]], "the old round's rows are gone")
    assert.equal(await a.fail(fresh[0]!, 'guardrail'), true)
    assert.equal((await b.recordBatch(fresh[1]!, {}, LEASE_MS)).recorded, false, 'a failed SDL takes no more proofs')
    assert.deepEqual((await store.getSdl('h4'))?.state, { ProvingFailed: 'guardrail' })
  })

  test("an expired lease (a dead worker) is claimed by another worker; the first can no longer renew, and its late proof is dropped", async () => {
    const [a, b] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h5', 5, 1)
    const dying = await a.claim(1)
    assert.deepEqual(dying?.part, { kind: 'batch', batchIndex: 0 })
    const taken = await claimSoon(b)
    assert.deepEqual([taken?.job.hash, taken?.part], ['h5', { kind: 'batch', batchIndex: 0 }])
    assert.equal(await a.renew(dying!, LEASE_MS), false)
    assert.deepEqual(await a.recordBatch(dying!, { from: 'a' }, LEASE_MS), { recorded: false, finish: null })
    assert.deepEqual((await jobRows()).map((row) => [row.batch_index, row.recorded, row.attempts]), [[0, false, 2], [1, false, 0]], 'two attempts, nothing recorded')
    // The finisher dies too: its finishing part is claimed by another worker once its lease runs out.
    const deadFinish = (await b.recordBatch(taken!, { from: 'b' }, 1)).finish
    assert.deepEqual(deadFinish?.part, { kind: 'finish' })
    const finish = await claimSoon(a)
    assert.deepEqual(finish?.part, { kind: 'finish' })
    assert.equal(await b.finish(deadFinish!, []), false)
    assert.equal(await a.finish(finish!, []), true)
    assert.deepEqual((await store.getSdl('h5'))?.proof, [{ from: 'b' }])
  })

  test('a released claim is claimable at once', async () => {
    const [a, b] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h6', 6, 1)
    const claim = await a.claim(LEASE_MS)
    assert.equal(claim?.job.hash, 'h6')
    assert.equal(await b.claim(LEASE_MS), null)
    await a.release(claim!)
    assert.deepEqual((await b.claim(LEASE_MS))?.part, { kind: 'batch', batchIndex: 0 })
  })

  test('a part whose lease runs out PROOF_JOB_CLAIMS_MAX times fails the SDL, naming it; a release does not count', async () => {
    const [a] = workers as [PostgresProvingJobs, PostgresProvingJobs]
    await prove('h8', 8, 1)
    await a.release((await a.claim(LEASE_MS))!)
    // Each claim's 1 ms lease runs out (a worker dying with it), and the part is claimed again.
    for (let claimed = 0; claimed < PROOF_JOB_CLAIMS_MAX; claimed += 1) {
      await sleep(5)
      assert.deepEqual((await a.claim(1))?.part, { kind: 'batch', batchIndex: 0 }, `claim ${claimed + 1}`)
    }
    await sleep(5)
    assert.equal(await a.claim(1), null, 'no claim after the last')
    const state = (await store.getSdlSummary('h8'))?.state as { ProvingFailed: string }
    assert.match(state.ProvingFailed, new RegExp(`batch proof 0 was claimed ${PROOF_JOB_CLAIMS_MAX} times`))
    assert.deepEqual((await jobRows()).filter((row) => row.hash === 'h8'), [], 'its rows are gone')
  })

  test('a stored witness without batches fails the SDL instead of proving nothing', async () => {
    await store.createSdl({ record: { ...sdlRecord('h7', 7, 0), witness: { w: 1n } }, pendingSeqMax: 0 })
    await store.updateSdl('h7', { state: 'Proving', guardrailInput: null, proof: null })
    assert.equal(await workers[0]!.claim(LEASE_MS), null)
    assert.deepEqual((await store.getSdl('h7'))?.state, { ProvingFailed: 'the stored SDL witness holds no batches' })
  })
})
