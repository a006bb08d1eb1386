// `node --import tsx bench/profileService.ts intents|transfers [--requests N] [--out DIR] [--settings JSON] [--connections N]`:
// the bench's load on one service (POST /intents on an orchestrator, or batches of 100 transfers
// on a domain) with V8's CPU profiler running on the service's main thread during the load only
// (not start-up). Prints self time per request by place and by function, and keeps the
// .cpuprofile (open it in Chrome DevTools or speedscope). The breakdowns in docs/performance-history.md
// ("Where the time goes") come from here; docs/performance.md ("Profiling") says how to read them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { CLOTHING_TEMPLATE } from './lib/benchTemplates.ts'
import { QUICK } from './lib/benchSettings.ts'
import { createHttpClient } from './lib/httpClient.ts'
import { startChild, type BenchChild } from './lib/startChild.ts'
import { formatCpuProfileSummary, summarizeCpuProfile } from './lib/summarizeCpuProfile.ts'
import { threadCpuMs, withProcessCpu } from './lib/processStats.ts'
import { fundSenders } from './lib/transferBook.ts'
import { closedLoop, LANES } from './domainTransfers.ts'
import { INTENTS_WARM_UP_REQUESTS, measureIntents } from './orchestratorIntents.ts'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { requests: { type: 'string' }, out: { type: 'string' }, settings: { type: 'string' }, connections: { type: 'string' } } })
const target = positionals[0]
if (target !== 'intents' && target !== 'transfers') throw new Error('usage: profileService.ts intents|transfers [--requests N] [--out DIR]')
const outDir = values.out ?? join(tmpdir(), 'verity-profiles')
mkdirSync(outDir, { recursive: true })
const profilePath = join(outDir, `${target}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`)
const dir = mkdtempSync(join(tmpdir(), `verity-profile-${target}-`))

/** Runs `load` between cpu-profile-start and -stop on `child`; returns what `load` counted. */
async function profiled(child: BenchChild, load: () => Promise<number>): Promise<number> {
  child.send({ type: 'cpu-profile-start' })
  await child.receive('cpu-profile-started')
  const count = await load()
  child.send({ type: 'cpu-profile-stop', path: profilePath })
  await child.receive('cpu-profile-written')
  return count
}

/** CPU µs per request of each thread that used at least 1 µs per request (the main thread's id is the pid). */
function printThreadCpu(pid: number | undefined, before: Map<number, number> | undefined, after: Map<number, number> | undefined, requests: number): void {
  if (pid === undefined || before === undefined || after === undefined) return
  const perRequest = [...after].map(([tid, cpuMs]) => ({ tid, us: ((cpuMs - (before.get(tid) ?? 0)) * 1_000) / requests })).filter(({ us }) => us >= 1)
  const text = perRequest.sort((a, b) => b.us - a.us).map(({ tid, us }) => `${tid === pid ? 'main' : `thread ${tid} (${threadName(pid, tid)})`} ${us.toFixed(0)} µs`)
  console.log(`server CPU per request by thread (the profiler's own cost included): ${text.join(', ')}`)
}

/** The kernel's name of a thread (/proc/<pid>/task/<tid>/comm: libuv-worker, a worker's name, …), or '?'. */
function threadName(pid: number, tid: number): string {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
  } catch {
    return '?'
  }
}

async function profileIntents(count: number): Promise<number> {
  const overrides = JSON.parse(values.settings ?? '{}') as Record<string, unknown>
  const connections = Number(values.connections ?? QUICK.httpConnections)
  const child = startChild('services/orchestratorService.ts', [JSON.stringify({ ...overrides, dataDir: dir })])
  try {
    const { url } = await child.receive<{ type: string; url: string }>('ready', 120_000)
    const client = createHttpClient(url, 1)
    const reply = await client.request('POST', '/templates', CLOTHING_TEMPLATE, 'text/plain')
    client.close()
    const templateId = (JSON.parse(reply.text) as { template_id: string }).template_id
    const settings = { ...QUICK, intents: count, httpConnections: connections }
    await measureIntents({ ...settings, intents: INTENTS_WARM_UP_REQUESTS }, url, templateId, undefined, 0) // warm-up (JIT, caches), outside the profile
    return await profiled(child, async () => {
      const threadsBefore = threadCpuMs(child.process.pid)
      const result = await measureIntents(settings, url, templateId, child.process.pid, 0)
      printThreadCpu(child.process.pid, threadsBefore, threadCpuMs(child.process.pid), result.requests)
      console.log(`POST /intents: ${result.requestsPerSecond.toFixed(0)} req/s over ${connections} connections, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, ${result.non2xx} non-2xx, server CPU ${result.serverCpuUsPerRequest?.toFixed(0)} µs per request (busy ${result.serverCores?.toFixed(2)} cores), load generator ${result.clientCpuUsPerRequest?.toFixed(0)} µs per request`)
      return result.requests
    })
  } finally {
    await child.stop()
  }
}

async function profileTransfers(count: number): Promise<number> {
  const child = startChild('services/domainService.ts', [dir])
  try {
    const { url } = await child.receive<{ type: string; url: string }>('ready', 120_000)
    const client = createHttpClient(url, LANES)
    try {
      const book = await fundSenders(client, 2_048, 10n ** 12n)
      const run = async (transfers: number) => {
        const signed = book.signTransfers(transfers)
        const lanes = Array.from({ length: LANES }, (_, lane) => signed.filter((transfer) => transfer.sender % LANES === lane))
        return (await closedLoop(client, lanes, 100, 60_000)).result
      }
      await run(LANES * 100) // warm-up
      return await profiled(child, async () => {
        const { result, cpuMs } = await withProcessCpu(child.process.pid, () => run(count))
        console.log(`server CPU ${cpuMs === undefined ? '?' : ((cpuMs * 1_000) / result.transfers).toFixed(0)} µs per transfer`)
        console.log(`transfers, batches of 100: ${result.transfersPerSecond.toFixed(0)} /s, request p50 ${result.requestP50Ms.toFixed(1)} ms`)
        return result.transfers
      })
    } finally {
      client.close()
    }
  } finally {
    await child.stop()
  }
}

try {
  const requested = Number(values.requests ?? (target === 'intents' ? 8_000 : 16_000))
  const count = target === 'intents' ? await profileIntents(requested) : await profileTransfers(requested)
  console.log(formatCpuProfileSummary(summarizeCpuProfile(profilePath), count, target === 'intents' ? 'requests' : 'transfers'))
  console.log(`profile: ${profilePath}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
