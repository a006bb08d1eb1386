// Proving in separate worker processes: a domain on PostgreSQL with `proving_workers: true` only
// moves an SDL to Proving; a worker process claims it from the database, proves (here: its
// guardrail check refuses the prove-time intent before any proof is spent, so the test stays fast)
// and records the outcome, which the domain then reports.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Ed25519Signer, InvalidOptionError } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createTestDatabase, type TestDatabase } from '@verity/postgres'
import { startTestDomain, type TestDomain } from './startTestDomain.ts'
import { waitFor } from './waitFor.ts'

const SHARD = 14

const TEMPLATE = `
name recipients
intent {
  blocked: optional set<string>
}
evidence {
  credited: string
}
requires {
  optional: evidence.credited not in intent.blocked;
}
`

async function spawnWorker(config: unknown): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('./runProvingWorkerProcess.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('READY ')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`proving worker exited with ${code}`)))
  })
  return child
}

describe('proving workers', () => {
  let database: TestDatabase
  let domain: TestDomain | undefined
  let worker: ChildProcess | undefined
  before(async () => {
    database = await createTestDatabase()
  })
  after(async () => {
    if (worker !== undefined && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve))
      worker.kill('SIGKILL')
      await exited
    }
    await domain?.cleanup()
    await database?.drop()
  })

  test('proving_workers needs PostgreSQL', async () => {
    await assert.rejects(startTestDomain({ shard: SHARD, provingWorkers: true }), (error) => {
      assert.ok(error instanceof InvalidOptionError)
      assert.match(error.message, /`proving_workers` needs PostgreSQL/)
      return true
    })
  })

  test('the domain leaves an SDL in Proving; a worker process claims it and records the outcome', async () => {
    domain = await startTestDomain({ shard: SHARD, databaseUrl: database.url, provingWorkers: true, guardrails: [{ name: 'recipients', source: TEMPLATE }] })
    const mintKey = Ed25519Signer.generate()
    const alice = Ed25519Signer.generate()
    const bob = Ed25519Signer.generate()
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: SHARD,
      operation: { Create: { metadata: { name: 'Worked', symbol: 'WRK' }, credited: [{ address: domain.addressOf(alice), amount: 10n }] } },
    })
    const transfer = signVerifiable(alice, 'DebitAllowance', { new_nonce: 1n, debited_shard: SHARD, credited: domain.addressOf(bob), allowances: { [domain.addressOf(mintKey)]: { Fungible: 4n } } })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint), jsonValue(transfer)])).status, 200)
    const hash = (await domain.post('/sdls/submit')).body as string
    const intent = new TextEncoder().encode(JSON.stringify({ blocked: [domain.addressOf(bob)] }))
    const started = await domain.post(`/sdls/${hash}/prove`, intent, 'application/octet-stream')
    assert.equal(started.status, 202)
    assert.equal((await domain.get(`/sdls/${hash}`)).body, 'Proving')
    await domain.domain.pipeline.idle()
    assert.equal((await domain.get(`/sdls/${hash}`)).body, 'Proving', 'the domain does not prove it itself')

    worker = await spawnWorker(domain.config)
    const state = await waitFor(async () => {
      const current = (await domain!.get(`/sdls/${hash}`)).body
      return current === 'Proving' ? undefined : current
    }, 'the worker to record an outcome')
    assert.match(state.ProvingFailed, /^transaction 1: guardrail recipients constraint\[0\] failed/)
    // Proving again is the domain's call as before: back to Proving, for a worker to claim.
    assert.equal((await domain.post(`/sdls/${hash}/prove`, intent, 'application/octet-stream')).status, 202)
    const again = await waitFor(async () => {
      const current = (await domain!.get(`/sdls/${hash}`)).body
      return current === 'Proving' ? undefined : current
    }, 'the worker to record the second outcome')
    assert.match(again.ProvingFailed, /guardrail recipients/)
  })
})
