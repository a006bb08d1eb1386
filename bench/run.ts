// `npm run bench [-- --quick] [-- --only raw,prover,sealed,orchestrator,postgres,sse,domain,mandates,sdl,mcp,ucp,checkout,evm]`: starts the
// services with embedded storage on loopback, drives them, prints a table of figures (each beside
// its limit measured in the same run, as a ratio) and writes bench/results.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { CLOTHING_TEMPLATE } from './lib/benchTemplates.ts'
import { FULL, QUICK, type BenchSettings } from './lib/benchSettings.ts'
import type { BenchResults } from './lib/BenchResults.ts'
import { BenchSkippedError } from './lib/BenchSkippedError.ts'
import { currentLoadAverage, describeMachine } from './lib/describeMachine.ts'
import { createHttpClient } from './lib/httpClient.ts'
import { renderTable } from './lib/printTable.ts'
import { startChild } from './lib/startChild.ts'
import { nowMs } from './lib/stats.ts'
import { exitWhenIdle } from './lib/exitWhenIdle.ts'
import { buildFigures } from './figures.ts'
import { measureRawCrypto } from './rawCrypto.ts'
import { measureRawHttp } from './rawHttp.ts'
import { measureRawSqlite } from './rawSqlite.ts'

const PARTS = ['raw', 'prover', 'sealed', 'orchestrator', 'postgres', 'sse', 'domain', 'mandates', 'sdl', 'mcp', 'ucp', 'checkout', 'evm', 'web'] as const
type Part = (typeof PARTS)[number]

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, out: { type: 'string' } } })
const settings: BenchSettings = values.quick ? QUICK : FULL
const only = new Set((values.only?.split(',') ?? PARTS) as Part[])
for (const part of only) if (!PARTS.includes(part)) throw new Error(`--only: unknown part "${part}"; the parts are ${PARTS.join(', ')}`)
const outPath = values.out ?? new URL('./results.json', import.meta.url).pathname
const runStartMs = nowMs()
const log = (line: string) => console.log(`[bench ${((nowMs() - runStartMs) / 1_000).toFixed(0).padStart(3)} s] ${line}`)

const machine = describeMachine()
log(`${settings.quick ? 'quick' : 'full'} run on ${machine.nproc} cores (${machine.cpuModel}), ${machine.memoryGib} GiB, node ${machine.node}, load average ${machine.loadAverageStart.join(' ')}`)
const results: BenchResults = { rawCrypto: [], errors: {}, skipped: {} }

/**
 * Runs one measurement; a failure is recorded and the run goes on. Measurements of services are
 * imported when they run, so a package that fails to load costs its own figures only.
 */
async function step<T>(name: string, work: () => Promise<T> | T): Promise<T | undefined> {
  log(`${name} …`)
  try {
    return await work()
  } catch (error) {
    results.errors[name] = error instanceof Error ? error.message.split('\n')[0]! : String(error)
    if (error instanceof BenchSkippedError) {
      results.skipped[name] = error.message
      log(`${name} ${error.message}`)
    } else log(`${name} failed: ${results.errors[name]}`)
    return undefined
  }
}

/**
 * POST /intents and the proposals share one orchestrator (embedded extractor, policy prover with
 * as many threads as cores, like the prover measurement it is compared with).
 */
async function measureOrchestrator(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-orchestrator-'))
  const orchestrator = startChild('services/orchestratorService.ts', [JSON.stringify({ dataDir: dir, proverThreads: availableParallelism(), proverWorkers: availableParallelism() })])
  try {
    const { url } = await orchestrator.receive<{ type: string; url: string }>('ready', 120_000)
    const client = createHttpClient(url, 1)
    const reply = await client.request('POST', '/templates', CLOTHING_TEMPLATE, 'text/plain')
    client.close()
    if (reply.status !== 200) throw new Error(`POST /templates answered ${reply.status}: ${reply.text}`)
    const templateId = (JSON.parse(reply.text) as { template_id: string }).template_id
    // The first proposal after the start goes first, before the intents' load: nothing but the start can slow it.
    const firstProposal = await step('first proposal', async () => (await import('./orchestratorProposals.ts')).measureFirstProposal(url, templateId))
    results.intents = await step('intents', async () => (await import('./orchestratorIntents.ts')).measureIntents(settings, url, templateId, orchestrator.process.pid))
    results.proposals = await step('proposals', async () => (await import('./orchestratorProposals.ts')).measureProposals(settings, url, templateId, firstProposal))
    results.attestation = await step('attestation', async () => (await import('./evidenceAttestation.ts')).measureEvidenceAttestation(settings))
  } finally {
    await orchestrator.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const measureCrypto = async () => {
  const crypto = await step('rawCrypto', () => measureRawCrypto(settings))
  if (crypto) results.rawCrypto.push(crypto)
}
if (only.has('raw')) {
  await measureCrypto()
  results.rawSqlite = await step('rawSqlite', () => measureRawSqlite(settings))
  results.rawHttp = await step('rawHttp', () => measureRawHttp(settings))
}
if (only.has('prover')) results.prover = await step('prover', async () => (await import('./proverCircuits.ts')).measureProverCircuits(settings))
if (only.has('sealed')) results.sealed = await step('sealed', async () => (await import('./sealedIntents.ts')).measureSealedIntents(settings))
if (only.has('orchestrator')) await step('orchestrator', measureOrchestrator)
if (only.has('postgres')) results.postgres = await step('postgres', async () => (await import('./orchestratorPostgres.ts')).measurePostgresScaleOut(settings))
if (only.has('sse')) results.sse = await step('sse', async () => (await import('./sseFanout.ts')).measureSseFanout(settings, results.intents?.requestsPerSecond ?? 1_000))
if (only.has('domain')) results.transfers = await step('transfers', async () => (await import('./domainTransfers.ts')).measureDomainTransfers(settings))
if (only.has('mandates')) results.mandates = await step('mandates', async () => (await import('./mandatePayments.ts')).measureMandatePayments(settings))
if (only.has('sdl')) results.sdl = await step('sdl', async () => (await import('./sdlProving.ts')).measureSdlProving(settings))
if (only.has('mcp')) results.mcp = await step('mcp', async () => (await import('./mcpToolCalls.ts')).measureMcpToolCalls(settings))
if (only.has('ucp')) results.ucp = await step('ucp', async () => (await import('./ucpProposals.ts')).measureUcpProposals(settings))
if (only.has('checkout')) results.checkout = await step('checkout', async () => (await import('./checkoutOrders.ts')).measureCheckoutOrders(settings))
if (only.has('web')) results.web = await step('web', async () => (await import('./webPages.ts')).measureWebPages(settings, log))
if (only.has('evm')) results.evm = await step('evm', async () => (await import('./evmSettlement.ts')).measureEvmSettlement(settings))
if (only.has('raw')) await measureCrypto()

machine.loadAverageEnd = currentLoadAverage()
const figures = buildFigures(results)
const durationS = Math.round((nowMs() - runStartMs) / 1_000)
console.log()
console.log(`Verity bench, ${settings.quick ? 'quick' : 'full'} run, ${durationS} s — ${machine.nproc} cores, ${machine.memoryGib} GiB, node ${machine.node}, commit ${machine.gitCommit}`)
console.log(`load average at start ${machine.loadAverageStart.join(' ')}, at end ${machine.loadAverageEnd.join(' ')}`)
console.log(renderTable(figures))
for (const [name, error] of Object.entries(results.errors)) if (results.skipped[name] === undefined) console.log(`error in ${name}: ${error}`)
for (const [name, reason] of Object.entries(results.skipped)) console.log(`${name} ${reason}`)
writeFileSync(outPath, `${JSON.stringify({ date: new Date().toISOString(), mode: settings.quick ? 'quick' : 'full', durationS, machine, settings, figures, results }, null, 2)}\n`)
log(`wrote ${outPath}`)
exitWhenIdle(log)
