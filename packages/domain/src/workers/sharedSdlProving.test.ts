// Proving workers share one SDL's batch proofs (PostgreSQL, real proofs, one SDL of 2 batches):
// a worker dies holding batch 0 (its lease runs out), two ProvingWorker instances take one batch
// each, the dead worker's late proof is dropped, one worker finishes the SDL, and the embedded base
// layer verifies every batch proof at submit_proof.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { pino } from 'pino'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createCircuitProver } from '@verity/prover'
import { createTestDatabase, withClient, type TestDatabase } from '@verity/postgres'
import { createSdlProver } from '../sdl/createSdlProver.ts'
import { PostgresProvingJobs } from '../store/postgres/PostgresProvingJobs.ts'
import { startTestDomain, type TestDomain } from '../testing/startTestDomain.ts'
import { waitFor } from '../testing/waitFor.ts'
import { ProvingWorker } from './ProvingWorker.ts'

const SHARD = 23
/** Recipients of the test's mint: their role and balance slots, with the mint's nonce, role and supply (7 slots, each read once), need more Merkle paths than one batch's SDL_PATHS_PER_PROOF (4) and no more than two batches' (the SDL needs 2 batch proofs). */
const RECIPIENTS = 2
/** The dead worker's lease: long enough for the live workers to start (and one to claim batch 1) first, short next to one batch proof (seconds). */
const DEAD_LEASE_MS = 2_000
const LEASE_MS = 60_000

type LogEntry = { holder: string; msg: string; part?: { kind: string; batchIndex?: number } }

/** A worker's pino logger whose lines land in `entries`, tagged with the worker. */
function captureLog(holder: string, entries: LogEntry[]) {
  return pino({ level: 'info' }, { write: (line: string) => void entries.push({ ...(JSON.parse(line) as LogEntry), holder }) })
}

describe('proving workers share one SDL (PostgreSQL, real proofs)', () => {
  let database: TestDatabase
  let domain: TestDomain | undefined
  const workers: ProvingWorker[] = []
  before(async () => {
    database = await createTestDatabase()
  })
  after(async () => {
    for (const worker of workers) await worker.close()
    await domain?.cleanup()
    await database?.drop()
  })

  test('two workers prove one batch each, taking over a dead worker\'s batch; the SDL is Proven once and settles', async () => {
    domain = await startTestDomain({ shard: SHARD, databaseUrl: database.url, provingWorkers: true })
    const mintKey = Ed25519Signer.generate()
    const credited = Array.from({ length: RECIPIENTS }, () => ({ address: domain!.addressOf(Ed25519Signer.generate()), amount: 1n }))
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: 'Shared', symbol: 'SHR' }, credited } } })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
    const hash = (await domain.post('/sdls/submit')).body as string
    const batches = await withClient(database.url, async (client) => (await client.query(`SELECT json_array_length(witness::json -> 'batches') AS n FROM domain_sdls WHERE hash = $1`, [hash])).rows[0].n)
    assert.equal(batches, 2)
    assert.equal((await domain.post(`/sdls/${hash}/prove`)).status, 202)

    // A worker claims batch 0 and dies (never renews nor records).
    const dead = await PostgresProvingJobs.open(database.url, { shard: SHARD, holder: 'dead worker' })
    const deadClaim = await dead.claim(DEAD_LEASE_MS)
    assert.deepEqual(deadClaim?.part, { kind: 'batch', batchIndex: 0 })

    const entries: LogEntry[] = []
    for (const holder of ['worker a', 'worker b']) {
      const jobs = await PostgresProvingJobs.open(database.url, { shard: SHARD, holder })
      const circuits = createCircuitProver({ workers: 1, threads: 1 })
      const prover = createSdlProver({ circuits, guardrails: [], guardrailProver: null })
      workers.push(new ProvingWorker({ jobs, prover, log: captureLog(holder, entries), leaseMs: LEASE_MS, pollIntervalMs: 100 }))
    }
    for (const worker of workers) worker.start()
    const proven = await waitFor(async () => {
      const state = (await domain!.get(`/sdls/${hash}`)).body
      return state === 'Proving' ? undefined : state
    }, 'the workers to prove the SDL', { intervalMs: 250, attemptsMax: 1_200 })
    assert.equal(proven, 'Proven', JSON.stringify(proven))

    // The worker that finished logs its outcome just after the SDL turns Proven: wait for that line, not a race with it.
    const finishLogged = () => entries.some((entry) => entry.msg === 'proving worker: outcome recorded' && entry.part?.kind === 'finish')
    await waitFor(async () => (finishLogged() ? true : undefined), 'the finishing worker to log its outcome', { intervalMs: 50, attemptsMax: 400 })
    const recorded = entries.filter((entry) => entry.msg === 'proving worker: outcome recorded')
    const batchesBy = (holder: string) => recorded.filter((entry) => entry.holder === holder && entry.part?.kind === 'batch').map((entry) => entry.part?.batchIndex)
    assert.deepEqual([...batchesBy('worker a'), ...batchesBy('worker b')].sort(), [0, 1], 'each batch recorded once')
    assert.equal(batchesBy('worker a').length, 1, 'worker a proved one batch')
    assert.equal(batchesBy('worker b').length, 1, 'worker b proved one batch')
    assert.equal(recorded.filter((entry) => entry.part?.kind === 'finish').length, 1, 'finished once')

    // The dead worker's late proof of batch 0 is dropped.
    assert.deepEqual(await dead.recordBatch(deadClaim!, { proof: 'late', public_inputs: [] }, LEASE_MS), { recorded: false, finish: null })
    await dead.close()

    const settled = await domain.post(`/sdls/${hash}/submit_proof`)
    assert.equal(settled.status, 200, JSON.stringify(settled.body))
    assert.equal(settled.body.state, 'BaseLayerApplied', 'the base layer verified both batch proofs')
  })
})
