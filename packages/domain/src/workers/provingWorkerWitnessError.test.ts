// A batch that does not satisfy the SDL circuit (here: its stored witness altered after the cut)
// fails the SDL through a proving worker: ProvingFailed with the circuit's reason, the SDL's proof
// jobs deleted. The circuit's execution fails before any proof is made, so the test stays fast.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { pino } from 'pino'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createCircuitProver, type SdlWitness } from '@verity/prover'
import { createTestDatabase, decodeStoredJson, encodeStoredJson, withClient, type TestDatabase } from '@verity/postgres'
import { createSdlProver } from '../sdl/createSdlProver.ts'
import { PostgresProvingJobs } from '../store/postgres/PostgresProvingJobs.ts'
import { startTestDomain, type TestDomain } from '../testing/startTestDomain.ts'
import { waitFor } from '../testing/waitFor.ts'
import { ProvingWorker } from './ProvingWorker.ts'

const SHARD = 24

describe('a proving worker and a batch that fails the circuit', () => {
  let database: TestDatabase
  let domain: TestDomain | undefined
  let worker: ProvingWorker | undefined
  before(async () => {
    database = await createTestDatabase()
  })
  after(async () => {
    await worker?.close()
    await domain?.cleanup()
    await database?.drop()
  })

  test('the SDL moves to ProvingFailed with the reason, and its proof jobs are gone', async () => {
    domain = await startTestDomain({ shard: SHARD, databaseUrl: database.url, provingWorkers: true })
    const mintKey = Ed25519Signer.generate()
    const credited = [{ address: domain.addressOf(Ed25519Signer.generate()), amount: 1n }]
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: 'Broken', symbol: 'BRK' }, credited } } })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
    const hash = (await domain.post('/sdls/submit')).body as string
    // Alter the stored witness: batch 0 claims to be batch 1, which its operations' hash does not match.
    await withClient(database.url, async (client) => {
      const witness = decodeStoredJson<SdlWitness>((await client.query('SELECT witness FROM domain_sdls WHERE hash = $1', [hash])).rows[0].witness)
      witness.batches[0]!.inputs = { ...witness.batches[0]!.inputs, batch_index: '0x01' }
      await client.query('UPDATE domain_sdls SET witness = $2 WHERE hash = $1', [hash, encodeStoredJson(witness)])
    })
    assert.equal((await domain.post(`/sdls/${hash}/prove`)).status, 202)

    const jobs = await PostgresProvingJobs.open(database.url, { shard: SHARD, holder: 'worker' })
    const prover = createSdlProver({ circuits: createCircuitProver({ workers: 1, threads: 1 }), guardrails: [], guardrailProver: null })
    worker = new ProvingWorker({ jobs, prover, log: pino({ level: 'silent' }), leaseMs: 60_000, pollIntervalMs: 100 })
    worker.start()
    const state = await waitFor(async () => {
      const current = (await domain!.get(`/sdls/${hash}`)).body
      return current === 'Proving' ? undefined : current
    }, 'the worker to record an outcome', { intervalMs: 250 })
    assert.equal(typeof state.ProvingFailed, 'string', JSON.stringify(state))
    assert.match(state.ProvingFailed, /^sdl circuit not satisfied by the inputs: .*ops hash mismatch/)
    const rows = await withClient(database.url, async (client) => (await client.query('SELECT 1 FROM domain_sdl_proof_jobs WHERE hash = $1', [hash])).rows)
    assert.deepEqual(rows, [])
  })
})
