// Orchestrator: SSE fan-out to as many subscribers as the orchestrator allows
// (limits.SSE_SUBSCRIBERS_MAX), held by two subscriber processes. Events are `expired` events of
// intents created with a short time-to-live, so producing them costs no HTTP request while they
// are delivered. Two phases: a burst (intents posted as fast as possible, expiring at the rate
// they were accepted) for throughput, then a paced phase (PACED_EVENTS_PER_SECOND) for the delivery
// delay at a moderate rate. Delay = arrival time at the subscriber − the event's commit time in
// the orchestrator's event log (read from its SQLite file afterwards; same machine, same clock).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { limits, SqliteOrchestratorStore, type StoredEvent } from '@verity/orchestrator'
import { CLOTHING_TEMPLATE, signedIntentBody } from './lib/benchTemplates.ts'
import { createHttpClient, type HttpClient } from './lib/httpClient.ts'
import { startChild, type BenchChild } from './lib/startChild.ts'
import { nowMs, percentile, pollUntil, sleep } from './lib/stats.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type SsePhase = { events: number; deliveries: number; deliveredPerSecond: number; delayP50Ms: number; delayP99Ms: number }

export type SseFanoutResult = {
  subscribers: number
  burst: SsePhase & { offeredPerSecond: number }
  paced: SsePhase & { eventsPerSecond: number }
  /** Deliveries expected but never received, and reconnections after the server dropped a slow subscriber. */
  missing: number
  reconnects: number
}

const PACED_EVENTS_PER_SECOND = 100
const SUBSCRIBER_PROCESSES = 2
const EXPIRY_SWEEP_INTERVAL_MS = 50
type Samples = { type: string; seqs: Int32Array[]; arrivals: Float64Array[]; reconnects: number }

/** `intentsPerSecond` (measured earlier) sizes the time-to-live so the burst is posted before it starts expiring. */
export async function measureSseFanout(settings: BenchSettings, intentsPerSecond: number): Promise<SseFanoutResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-sse-'))
  const ttlMs = Math.round(Math.max(3_000, (2_000 * settings.sseEvents) / Math.max(intentsPerSecond, 100) + 1_000))
  const orchestrator = startChild('services/orchestratorService.ts', [JSON.stringify({ dataDir: dir, intentTtlMs: ttlMs, expirySweepIntervalMs: EXPIRY_SWEEP_INTERVAL_MS })])
  const subscribers: BenchChild[] = []
  try {
    const { url } = await orchestrator.receive<{ type: string; url: string }>('ready', 120_000)
    const client = createHttpClient(url, 16)
    const { template_id: templateId } = await parseReply<{ template_id: string }>(client, 'POST', '/templates', CLOTHING_TEMPLATE, 'text/plain')
    const perProcess = limits.SSE_SUBSCRIBERS_MAX / SUBSCRIBER_PROCESSES
    for (let i = 0; i < SUBSCRIBER_PROCESSES; i++) subscribers.push(startChild('services/sseSubscribers.ts'))
    for (const child of subscribers) child.send({ type: 'connect', url, count: perProcess })
    for (const child of subscribers) await child.receive('connected', 120_000)

    const signer = Ed25519Signer.generate()
    const pacedCount = PACED_EVENTS_PER_SECOND * settings.fixedRateSeconds
    const burst = Array.from({ length: settings.sseEvents }, () => signedIntentBody(signer, templateId))
    const paced = Array.from({ length: pacedCount }, () => signedIntentBody(signer, templateId))
    await postAll(client, burst.map((intent) => intent.body), 16)
    await waitExpired(client, burst.at(-1)!.id, ttlMs)
    await sleep(1_000)
    const pacedStartMs = nowMs()
    await Promise.all(
      paced.map(async (intent, index) => {
        await sleep(pacedStartMs + (index * 1_000) / PACED_EVENTS_PER_SECOND - nowMs())
        await parseReply(client, 'POST', '/intents', intent.body)
      }),
    )
    await waitExpired(client, paced.at(-1)!.id, ttlMs)
    client.close()

    const total = burst.length + paced.length
    for (const child of subscribers) child.send({ type: 'collect', events: total, timeoutMs: 30_000 })
    const samples = await Promise.all(subscribers.map((child) => child.receive<Samples>('samples', 120_000)))
    await orchestrator.stop()
    const events = await readEventLog(dir)
    const burstIds = new Set(burst.map((intent) => intent.id))
    const phaseOf = (event: StoredEvent) => (burstIds.has(event.intentId) ? 'burst' : 'paced')
    const burstPhase = phaseStats(samples, events, (event) => phaseOf(event) === 'burst')
    const pacedPhase = phaseStats(samples, events, (event) => phaseOf(event) === 'paced')
    const burstEvents = [...events.values()].filter((event) => phaseOf(event) === 'burst')
    const generationMs = Math.max(1, Math.max(...burstEvents.map((e) => e.createdAtMs)) - Math.min(...burstEvents.map((e) => e.createdAtMs)))
    const received = samples.reduce((sum, sample) => sum + sample.seqs.reduce((inner, seqs) => inner + seqs.length, 0), 0)
    return {
      subscribers: limits.SSE_SUBSCRIBERS_MAX,
      burst: { ...burstPhase, offeredPerSecond: (burstPhase.events * limits.SSE_SUBSCRIBERS_MAX * 1_000) / generationMs },
      paced: { ...pacedPhase, eventsPerSecond: PACED_EVENTS_PER_SECOND },
      missing: total * limits.SSE_SUBSCRIBERS_MAX - received,
      reconnects: samples.reduce((sum, sample) => sum + sample.reconnects, 0),
    }
  } finally {
    await Promise.all(subscribers.map((child) => child.stop()))
    await orchestrator.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function parseReply<T = unknown>(client: HttpClient, method: string, path: string, body: string, contentType?: string): Promise<T> {
  const reply = await client.request(method, path, body, contentType)
  if (reply.status !== 200) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text.slice(0, 300)}`)
  return (reply.text === '' ? undefined : JSON.parse(reply.text)) as T
}

/** POSTs every body to /intents over `lanes` concurrent sequential lanes. */
async function postAll(client: HttpClient, bodies: readonly string[], lanes: number): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < bodies.length) await parseReply(client, 'POST', '/intents', bodies[next++]!)
    }),
  )
}

async function waitExpired(client: HttpClient, intentId: string, ttlMs: number): Promise<void> {
  await pollUntil(
    async () => {
      const reply = await client.request('GET', `/intents/${intentId}/status`)
      return reply.status === 200 && (JSON.parse(reply.text) as { status: string }).status === 'expired' ? true : undefined
    },
    `intent ${intentId} to expire`,
    100,
    ttlMs + 60_000,
  )
}

async function readEventLog(dataDir: string): Promise<Map<number, StoredEvent>> {
  const store = new SqliteOrchestratorStore(dataDir)
  try {
    const events = new Map<number, StoredEvent>()
    for (let after = 0; ; ) {
      const page = await store.readEventsAfter(after, 1_000)
      if (page.length === 0) return events
      for (const event of page) events.set(event.seq, event)
      after = page.at(-1)!.seq
    }
  } finally {
    await store.close()
  }
}

function phaseStats(samples: readonly Samples[], events: ReadonlyMap<number, StoredEvent>, inPhase: (event: StoredEvent) => boolean): SsePhase {
  const delays: number[] = []
  let firstCreatedMs = Number.POSITIVE_INFINITY
  let lastArrivalMs = 0
  for (const sample of samples)
    sample.seqs.forEach((seqs, subscriber) =>
      seqs.forEach((seq, index) => {
        const event = events.get(seq)
        if (event === undefined || !inPhase(event)) return
        const arrivalMs = sample.arrivals[subscriber]![index]!
        delays.push(arrivalMs - event.createdAtMs)
        firstCreatedMs = Math.min(firstCreatedMs, event.createdAtMs)
        lastArrivalMs = Math.max(lastArrivalMs, arrivalMs)
      }),
    )
  const phaseEvents = [...events.values()].filter(inPhase).length
  return {
    events: phaseEvents,
    deliveries: delays.length,
    deliveredPerSecond: (delays.length * 1_000) / Math.max(1, lastArrivalMs - firstCreatedMs),
    delayP50Ms: percentile(delays, 50),
    delayP99Ms: percentile(delays, 99),
  }
}
