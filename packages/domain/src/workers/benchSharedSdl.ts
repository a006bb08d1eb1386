// Measures proving workers sharing one SDL (docs/performance.md, "Proving workers share an SDL"):
// a domain on a fresh PostgreSQL test database (127.0.0.1) with `proving_workers: true`, an SDL of
// a mint to `--recipients` addresses (15: 2 batch proofs), proven by 1, then by 2 worker processes
// (each with one prover thread, `--threads`), timed from POST /sdls/{hash}/prove to Proven.
//   NODE_OPTIONS="--conditions=verity-source --import=./scripts/testing/loopbackOnly.mjs" \
//     node --import tsx packages/domain/src/workers/benchSharedSdl.ts [--recipients 15] [--threads 1] [--workers 1,2]
import { spawn, type ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createTestDatabase, withClient } from '@verity/postgres'
import { startTestDomain, type TestDomain } from '../testing/startTestDomain.ts'
import { waitFor } from '../testing/waitFor.ts'
import type { DomainConfig } from '../config/DomainConfig.ts'
import { startProvingWorker } from './startProvingWorker.ts'

const SHARD = 31

type WorkerLine = { msg?: string; time?: number; part?: unknown; provingMs?: number }

/** A worker process (this script with `--worker`): its `outcome recorded` log lines are collected into `lines`. */
async function spawnWorker(config: unknown, lines: WorkerLine[]): Promise<ChildProcess> {
  const script = fileURLToPath(import.meta.url)
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--worker', JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const end = output.lastIndexOf('\n')
      for (const line of output.slice(0, end + 1).split('\n').filter((text) => text.startsWith('{'))) {
        const parsed = JSON.parse(line) as WorkerLine
        if (parsed.msg === 'proving worker started') resolve()
        if (parsed.msg === 'proving worker: outcome recorded') lines.push({ ...parsed, msg: `pid ${child.pid}` })
      }
      output = output.slice(end + 1)
    })
    child.once('exit', (code) => reject(new Error(`proving worker exited with ${code}`)))
  })
  return child
}

/** Cuts an SDL of one mint to `recipients` new addresses; its hash and batch count. */
async function cutMintSdl(domain: TestDomain, recipients: number): Promise<{ hash: string; batches: number }> {
  const mintKey = Ed25519Signer.generate()
  const credited = Array.from({ length: recipients }, () => ({ address: domain.addressOf(Ed25519Signer.generate()), amount: 1n }))
  const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: 'Bench', symbol: 'BEN' }, credited } } })
  const executed = await domain.post('/intents/execute', [jsonValue(mint)])
  if (executed.status !== 200) throw new Error(`execute: ${executed.status} ${JSON.stringify(executed.body)}`)
  const hash = (await domain.post('/sdls/submit')).body as string
  const databaseUrl = domain.config.databaseUrl!
  const batches = await withClient(databaseUrl, async (client) => (await client.query(`SELECT json_array_length(witness::json -> 'batches') AS n FROM domain_sdls WHERE hash = $1`, [hash])).rows[0].n as number)
  return { hash, batches }
}

/** Proves one fresh SDL with `workerCount` worker processes (started before the clock starts); wall ms from prove to Proven. */
async function measure(domain: TestDomain, workerCount: number, recipients: number, threads: number): Promise<Record<string, unknown>> {
  const { hash, batches } = await cutMintSdl(domain, recipients)
  const config = { ...domain.config, prover: { ...domain.config.prover, threads } }
  const lines: WorkerLine[] = []
  const workers = await Promise.all(Array.from({ length: workerCount }, () => spawnWorker(config, lines)))
  const load = loadavg()
  const startedMs = Date.now()
  try {
    if ((await domain.post(`/sdls/${hash}/prove`)).status !== 202) throw new Error('prove was not accepted')
    const state = await waitFor(async () => {
      const current = (await domain.get(`/sdls/${hash}`)).body
      return current === 'Proving' ? undefined : current
    }, 'the SDL to be proven', { intervalMs: 50, attemptsMax: 20 * 60 * 10 })
    if (state !== 'Proven') throw new Error(`SDL ended ${JSON.stringify(state)}`)
    return { workers: workerCount, threadsPerWorker: threads, batches, wallMs: Date.now() - startedMs, loadAverageAtStart: load.map((value) => Number(value.toFixed(2))), parts: partsOf(lines, startedMs) }
  } finally {
    for (const worker of workers) worker.kill('SIGKILL')
  }
}

/** Each recorded part: which worker process, when it was recorded (ms after the start) and how long it took. */
function partsOf(lines: readonly WorkerLine[], startedMs: number): unknown[] {
  return lines.map((line) => ({ worker: line.msg, part: line.part, provingMs: line.provingMs, recordedAtMs: (line.time ?? startedMs) - startedMs }))
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { recipients: { type: 'string', default: '15' }, threads: { type: 'string', default: '1' }, workers: { type: 'string', default: '1,2' } } })
  const database = await createTestDatabase()
  const domain = await startTestDomain({ shard: SHARD, databaseUrl: database.url, provingWorkers: true })
  try {
    for (const workerCount of values.workers.split(',').map(Number))
      console.log(JSON.stringify(await measure(domain, workerCount, Number(values.recipients), Number(values.threads))))
  } finally {
    await domain.cleanup()
    await database.drop()
  }
}

if (process.argv[2] === '--worker') await startProvingWorker({ config: JSON.parse(process.argv[3]!) as DomainConfig, env: {}, logLevel: 'info', pollIntervalMs: 100 })
else await main()
