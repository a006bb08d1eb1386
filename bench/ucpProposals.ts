// UCP (issue 28): proposals whose evidence comes from the demo store through UCP, against
// proposals of the embedded extractor's `catalog:` in the same run, on one orchestrator (embedded
// extractor allowed to fetch the store's loopback address, policy prover on every core). Rounds
// alternate between the two paths; each round sends `perRound` proposals at once and times them
// from the first sent to the last outcome. Then the extractor's time per extraction, through the
// orchestrator's embedded extractor (POST /extractor/extract, one at a time), UCP against catalog.
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { Ed25519Signer } from '@verity/core'
import { signIntent } from '@verity/sdk'
import { startStore } from '@verity/store'
import type { BenchSettings } from './lib/benchSettings.ts'
import { CLOTHING_FIELDS, CLOTHING_TEMPLATE } from './lib/benchTemplates.ts'
import { createHttpClient, type HttpClient } from './lib/httpClient.ts'
import { openEventStream } from './lib/openEventStream.ts'
import { startChild } from './lib/startChild.ts'
import { epochMs, median, nowMs, percentile } from './lib/stats.ts'

export type UcpPathResult = {
  /** Proposals that succeeded ÷ the summed wall time of this path's rounds. */
  proposalsPerSecond: number
  proposals: number
  wallMs: number
  /** Mean ms of the orchestrator's `extract` stage over this path's proposals. */
  extractStageMs?: number
  /** POST /extractor/extract, one at a time, in ms. */
  extractionP50Ms: number
  extractionP95Ms: number
  extractions: number
}

export type UcpProposalsResult = { ucp: UcpPathResult; catalog: UcpPathResult; rounds: number; perRound: number; failures: string[] }

type PathName = 'ucp' | 'catalog'
const OUTCOME_WAIT_MS = 300_000

/** What each path proposes, and the intent attributes its evidence satisfies (the store spells sizes as Shopify does). */
function pathOf(name: PathName, business: string) {
  return name === 'ucp'
    ? { fields: { ...CLOTHING_FIELDS, size: 'Medium (M)' }, proposal: { solution: 'tee-classic-white-m', metadata: { business } } }
    : { fields: CLOTHING_FIELDS, proposal: { solution: 'catalog:tee-classic-white-m', metadata: null } }
}

export async function measureUcpProposals(settings: BenchSettings): Promise<UcpProposalsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-ucp-'))
  const store = await startStore({ port: 0, payeeKeyFile: join(dir, 'store.json'), logLevel: 'warn' })
  const cores = availableParallelism()
  const orchestrator = startChild('services/orchestratorService.ts', [
    JSON.stringify({ dataDir: join(dir, 'orchestrator'), proverThreads: cores, proverWorkers: cores, storefrontPrivateAddressesAllowed: [store.address] }),
  ])
  try {
    const { url } = await orchestrator.receive<{ type: string; url: string }>('ready', 120_000)
    return await measureAgainst(settings, url, store.url)
  } finally {
    await orchestrator.stop()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function measureAgainst(settings: BenchSettings, url: string, business: string): Promise<UcpProposalsResult> {
  const rounds = settings.ucpRounds
  const perRound = settings.ucpProposalsPerRound
  const client = createHttpClient(url, perRound)
  const templateId = (JSON.parse((await client.request('POST', '/templates', CLOTHING_TEMPLATE, 'text/plain')).text) as { template_id: string }).template_id
  const waiting = new Map<string, (outcome: { type: string; reason?: string }) => void>()
  const stream = await openEventStream(`${url}/events`, (event) => {
    const data = JSON.parse(event.data) as { intent_id: string; reason?: string }
    waiting.get(data.intent_id)?.({ type: event.event, ...(data.reason === undefined ? {} : { reason: data.reason }) })
  })
  const signer = Ed25519Signer.generate()
  const failures: string[] = []
  const totals = { ucp: { ok: 0, wallMs: 0, extractMs: 0 }, catalog: { ok: 0, wallMs: 0, extractMs: 0 } }
  try {
    const round = async (name: PathName) => {
      const { fields, proposal } = pathOf(name, business)
      const ids = await Promise.all(Array.from({ length: perRound }, async () => {
        const id = randomUUID()
        await client.postJson('/intents', JSON.stringify(signIntent({ id, templateId, fields, signer })))
        return id
      }))
      const before = await readExtractStage(client)
      const startMs = epochMs()
      const outcomes = await Promise.all(ids.map(async (id) => {
        const outcome = new Promise<{ type: string; reason?: string }>((resolve, reject) => {
          waiting.set(id, resolve)
          setTimeout(() => reject(new Error(`no outcome for intent ${id} within ${OUTCOME_WAIT_MS} ms`)), OUTCOME_WAIT_MS).unref()
        })
        await client.postJson(`/intents/${id}/proposal`, JSON.stringify(proposal))
        return outcome
      }))
      totals[name].wallMs += epochMs() - startMs
      const after = await readExtractStage(client)
      totals[name].extractMs += after.sumMs - before.sumMs
      for (const outcome of outcomes) {
        if (outcome.type === 'success') totals[name].ok++
        else failures.push(`${name} ${outcome.type}: ${outcome.reason ?? ''}`)
      }
    }
    // Warm both paths once (the store's profile is discovered on the first UCP extraction), untimed.
    for (const name of ['catalog', 'ucp'] as const) await timeExtractions(client, name, business, 1)
    for (let index = 0; index < rounds; index++) for (const name of index % 2 === 0 ? (['catalog', 'ucp'] as const) : (['ucp', 'catalog'] as const)) await round(name)
    const extractions = settings.ucpExtractions
    const pathResult = async (name: PathName): Promise<UcpPathResult> => {
      const times = await timeExtractions(client, name, business, extractions)
      const { ok, wallMs, extractMs } = totals[name]
      return {
        proposalsPerSecond: ok / (wallMs / 1_000),
        proposals: ok,
        wallMs,
        ...(ok === 0 ? {} : { extractStageMs: extractMs / ok }),
        extractionP50Ms: median(times),
        extractionP95Ms: percentile(times, 95),
        extractions,
      }
    }
    return { ucp: await pathResult('ucp'), catalog: await pathResult('catalog'), rounds, perRound, failures }
  } finally {
    stream.close()
    client.close()
  }
}

/** Sum of the orchestrator's `extract` stage durations so far, in ms (its /metrics). */
async function readExtractStage(client: HttpClient): Promise<{ sumMs: number }> {
  const text = (await client.request('GET', '/metrics')).text
  const match = /^verity_orchestrator_proposal_stage_duration_seconds_sum\{[^}]*stage="extract"[^}]*\} (\S+)$/m.exec(text)
  return { sumMs: match === null ? 0 : Number(match[1]) * 1_000 }
}

/** `count` extractions of the path's variant through the embedded extractor, one at a time; ms each. */
async function timeExtractions(client: HttpClient, name: PathName, business: string, count: number): Promise<number[]> {
  const { proposal } = pathOf(name, business)
  const body = JSON.stringify({
    intent_id: randomUUID(),
    template_id: 'bench',
    ...proposal,
    schema: { category: 'string', color: 'string', brand: 'string', size: 'string', audience: 'string', price_cents: 'int' },
  })
  const times: number[] = []
  for (let index = 0; index < count; index++) {
    const startMs = nowMs()
    const reply = await client.request('POST', '/extractor/extract', body, 'application/json')
    if (reply.status !== 200) throw new Error(`${name} extraction answered ${reply.status}: ${reply.text.slice(0, 300)}`)
    times.push(nowMs() - startMs)
  }
  return times
}
