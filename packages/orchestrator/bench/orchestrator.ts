// Orchestrator benchmark: `npm run bench -w packages/orchestrator` (or
// `node --import tsx packages/orchestrator/bench/orchestrator.ts [--intents N] [--proposals N]`).
// 1. POST /intents per second (Ed25519, shape B, pre-signed, autocannon, server in a child process),
//    beside the raw node:crypto Ed25519 verify rate measured in the same run.
// 2. Proposal → `success` event latency (p50, p95), with a loopback extractor and real proofs.
// `--database-url postgres://…` runs the server on PostgreSQL instead of SQLite (an empty database).
// `--cpu-prof DIR` writes a V8 CPU profile of the server process into DIR (read the hot frames).
// Honesty: the server is a separate process from the load generator (autocannon, here); the raw
// verify rate is measured in this process just before and just after the HTTP run (same machine
// state; both printed, the ratio uses their mean); the load average is printed beside them.
import { spawn, type ChildProcess } from 'node:child_process'
import { createPublicKey, randomUUID, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { canonicalJsonBytes, decodeBase58, Ed25519Signer } from '@verity/core'
import { readEventStream } from '../src/testing/readEventStream.ts'
import { signIntentShapeB } from '../src/testing/signIntent.ts'
import { startTestExtractor } from '../src/testing/startTestExtractor.ts'
import { PRICE_TEMPLATE } from '../src/testing/templates.ts'

const args = process.argv.slice(2)
const argOf = (name: string, fallback: number) => {
  const index = args.indexOf(name)
  return index >= 0 ? Number(args[index + 1]) : fallback
}
const INTENTS = argOf('--intents', 20_000)
const PROPOSALS = argOf('--proposals', 6)
const CONNECTIONS = argOf('--connections', 32)
const DATABASE_URL = args.includes('--database-url') ? args[args.indexOf('--database-url') + 1] : undefined
const CPU_PROF_DIR = args.includes('--cpu-prof') ? args[args.indexOf('--cpu-prof') + 1] : undefined
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url))

async function startChild(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const store = DATABASE_URL === undefined ? ['--data-dir', dataDir] : ['--database-url', DATABASE_URL]
  const profile = CPU_PROF_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`]
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', MAIN, '--port', '0', ...store, '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`orchestrator exited with ${code}`)))
  })
  return { child, url }
}

/** CPU seconds (user + system, all threads) the process `pid` has used so far, from /proc (Linux). */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th, in ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}

async function post(url: string, body: unknown, contentType = 'application/json') {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  return { status: response.status, text: await response.text() }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function benchIntents(url: string, templateId: string, serverPid: number) {
  const signer = Ed25519Signer.generate()
  const bodies = Array.from({ length: INTENTS }, () =>
    JSON.stringify(signIntentShapeB(signer, { id: randomUUID(), templateId, fields: { max_price_cents: 1_000 } })),
  )
  const verifyRateBefore = measureRawVerifyRate(bodies[0]!)
  const loadBefore = loadavg()[0]!
  const serverCpuBefore = cpuSecondsOf(serverPid)
  let next = 0
  const result = await autocannon({
    url: `${url}/intents`,
    connections: CONNECTIONS,
    amount: INTENTS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request: Record<string, unknown>) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  })
  const serverCpuAfter = cpuSecondsOf(serverPid)
  const loadAfter = loadavg()[0]!
  const verifyRateAfter = measureRawVerifyRate(bodies[0]!)
  const serverCpuSeconds = serverCpuBefore === undefined || serverCpuAfter === undefined ? undefined : serverCpuAfter - serverCpuBefore
  return { result, verifyRateBefore, verifyRateAfter, loadBefore, loadAfter, serverCpuSeconds }
}

const verifyCpuSecondsEach: number[] = []

/**
 * Verifies per second of one intent's signature with a cached KeyObject (the best node:crypto
 * does), over 2 s of wall time; also records the CPU time of one verify (load-independent).
 */
function measureRawVerifyRate(body: string): number {
  const sample = JSON.parse(body) as { authorship: { Signed: { Ed25519: { pub_key: string; signature: string } } }; intent: unknown }
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), decodeBase58(sample.authorship.Signed.Ed25519.pub_key, 'key', 32)]),
    format: 'der',
    type: 'spki',
  })
  const message = canonicalJsonBytes(sample.intent)
  const signature = decodeBase58(sample.authorship.Signed.Ed25519.signature, 'signature', 64)
  let verifies = 0
  const start = performance.now()
  const cpuStart = process.cpuUsage()
  while (performance.now() - start < 2_000) {
    if (!verify(null, message, key, signature)) throw new Error('verify failed')
    verifies += 1
  }
  const cpu = process.cpuUsage(cpuStart)
  verifyCpuSecondsEach.push((cpu.user + cpu.system) / 1e6 / verifies)
  return verifies / ((performance.now() - start) / 1_000)
}

async function benchProposals(url: string, templateId: string) {
  const extractor = await startTestExtractor()
  extractor.set('bench', { kind: 'evidence', evidence: { price_cents: 500, color: 'red' } })
  await fetch(`${url}/config`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ evidence_extractor_url: extractor.url }) })
  const stream = await readEventStream(url)
  const signer = Ed25519Signer.generate()
  const latenciesMs: number[] = []
  const outcomes: string[] = []
  try {
    for (let i = 0; i < PROPOSALS; i += 1) {
      const id = randomUUID()
      await post(`${url}/intents`, signIntentShapeB(signer, { id, templateId, fields: { max_price_cents: 1_000, colors: ['red'] } }))
      const start = performance.now()
      const accepted = await post(`${url}/intents/${id}/proposal`, { solution: 'bench', metadata: null })
      if (accepted.status !== 200) throw new Error(`proposal: ${accepted.status} ${accepted.text}`)
      const event = await stream.waitFor((candidate) => candidate.data.intent_id === id, 300_000)
      latenciesMs.push(performance.now() - start)
      outcomes.push(event.event === 'success' ? 'success' : `failure: ${String(event.data.reason)}`)
    }
  } finally {
    stream.close()
    await extractor.close()
  }
  return { latenciesMs, outcomes }
}

const dataDir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-bench-'))
const { child, url } = await startChild(dataDir)
try {
  const created = await post(`${url}/templates`, PRICE_TEMPLATE, 'text/plain')
  const templateId = (JSON.parse(created.text) as { template_id: string }).template_id
  const { result, verifyRateBefore, verifyRateAfter, loadBefore, loadAfter, serverCpuSeconds } = await benchIntents(url, templateId, child.pid!)
  const non2xx = result.non2xx
  const verifyRate = (verifyRateBefore + verifyRateAfter) / 2
  // Requests over the run's whole duration (autocannon's average is of per-second samples).
  const requestRate = result.requests.total / (result.duration || 1)
  console.log(`POST /intents (Ed25519, shape B, ${CONNECTIONS} connections, ${result.requests.total} requests, ${DATABASE_URL === undefined ? 'SQLite' : 'PostgreSQL'}):`)
  console.log(`  ${result.requests.average.toFixed(0)} req/s average, latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, non-2xx ${non2xx}, errors ${result.errors}`)
  console.log(`  raw node:crypto Ed25519 verify (cached key, this process, same run): ${verifyRateBefore.toFixed(0)} verify/s before, ${verifyRateAfter.toFixed(0)} after`)
  console.log(`  ratio: ${requestRate.toFixed(0)} req/s over the run / ${verifyRate.toFixed(0)} verify/s = ${((100 * requestRate) / verifyRate).toFixed(1)}%`)
  console.log(`  load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`)
  // CPU time is far less sensitive to the machine's load than rates are: the ratio a dedicated core would give.
  if (serverCpuSeconds !== undefined) {
    const serverCpuUsEach = (1e6 * serverCpuSeconds) / result.requests.total
    const verifyCpuUsEach = (1e6 * verifyCpuSecondsEach.reduce((a, b) => a + b, 0)) / verifyCpuSecondsEach.length
    console.log(
      `  CPU per request: server ${serverCpuUsEach.toFixed(0)} µs (all threads) vs raw verify ${verifyCpuUsEach.toFixed(0)} µs: CPU ratio ${((100 * verifyCpuUsEach) / serverCpuUsEach).toFixed(1)}%`,
    )
  }
  if (PROPOSALS === 0) process.exitCode = non2xx === 0 && result.errors === 0 ? 0 : 1
  else await reportProposals(url, templateId)
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}

async function reportProposals(url: string, templateId: string): Promise<void> {
  const { latenciesMs, outcomes } = await benchProposals(url, templateId)
  const sorted = [...latenciesMs].sort((a, b) => a - b)
  console.log(`proposal → outcome event, ${latenciesMs.length} sequential proposals:`)
  console.log(`  p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms`)
  console.log(`  outcomes: ${[...new Set(outcomes)].join(' | ')}`)
}
