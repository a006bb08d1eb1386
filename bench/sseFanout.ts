// Orchestrator: SSE fan-out, two phases on one orchestrator. Broadcast: BROADCAST_SUBSCRIBERS
// unfiltered subscribers (two processes) receive every event, first a burst (intents posted as
// fast as possible, expiring at the rate they were accepted) for throughput, then a paced phase
// (PACED_EVENTS_PER_SECOND) for the delivery delay. Scale: as many subscribers as an instance
// admits (limits.SSE_SUBSCRIBERS_MAX_DEFAULT, SCALE_PROCESSES processes), each following one
// intent of a paced phase with GET /events?intent_id=… as an agent does; the figures are the
// delivery delay at 100 events/s and the orchestrator's resident memory per 1,000 subscribers.
// Events are `expired` events of intents created with a short time-to-live, so producing them
// costs no request while they are delivered. Delay = arrival time at the subscriber − the event's
// commit time in the orchestrator's event log (read from its SQLite file afterwards; same clock).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { limits, SqliteOrchestratorStore, type StoredEvent } from '@verity/orchestrator'
import { CLOTHING_TEMPLATE, signedIntentBody } from './lib/benchTemplates.ts'
import { createHttpClient, type HttpClient } from './lib/httpClient.ts'
import { processRssMib } from './lib/processStats.ts'
import { startChild, type BenchChild } from './lib/startChild.ts'
import { nowMs, percentile, pollUntil, sleep } from './lib/stats.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type SsePhase = { events: number; deliveries: number; deliveredPerSecond: number; delayP50Ms: number; delayP99Ms: number }

export type SseScaleResult = SsePhase & {
  subscribers: number
  eventsPerSecond: number
  connectSeconds: number
  /** The orchestrator's resident memory before the subscribers connected and with all of them connected. */
  rssBeforeMib: number
  rssConnectedMib: number
  rssPer1000Mib: number
  missing: number
  reconnects: number
}

export type SseFanoutResult = {
  subscribers: number
  burst: SsePhase & { offeredPerSecond: number }
  paced: SsePhase & { eventsPerSecond: number }
  /** Deliveries expected but never received, and reconnections after the server dropped a slow subscriber. */
  missing: number
  reconnects: number
  scale?: SseScaleResult
}

const PACED_EVENTS_PER_SECOND = 100
/** Unfiltered subscribers of the broadcast phase (each receives every event). */
const BROADCAST_SUBSCRIBERS = 256
const BROADCAST_PROCESSES = 2
/** Processes holding the scale phase's subscribers (a few thousand sockets each). */
const SCALE_PROCESSES = 4
const EXPIRY_SWEEP_INTERVAL_MS = 50
type Samples = { type: string; seqs: Int32Array[]; arrivals: Float64Array[]; reconnects: number }
type Intent = { id: string; body: string }

/** `intentsPerSecond` (measured earlier) sizes the time-to-live so the burst is posted before it starts expiring. */
export async function measureSseFanout(settings: BenchSettings, intentsPerSecond: number): Promise<SseFanoutResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-sse-'))
  const ttlMs = Math.round(Math.max(3_000, (2_000 * settings.sseEvents) / Math.max(intentsPerSecond, 100) + 1_000))
  const scaleSubscribers = limits.SSE_SUBSCRIBERS_MAX_DEFAULT
  // The load comes from one address (loopback), so the per-client cap is raised to the instance's.
  const orchestratorSettings = { dataDir: dir, intentTtlMs: ttlMs, expirySweepIntervalMs: EXPIRY_SWEEP_INTERVAL_MS, sseConnectionsPerClientMax: scaleSubscribers }
  const orchestrator = startChild('services/orchestratorService.ts', [JSON.stringify(orchestratorSettings)])
  const children: BenchChild[] = []
  try {
    const { url } = await orchestrator.receive<{ type: string; url: string }>('ready', 120_000)
    const client = createHttpClient(url, 16)
    const { template_id: templateId } = await parseReply<{ template_id: string }>(client, 'POST', '/templates', CLOTHING_TEMPLATE, 'text/plain')
    const signer = Ed25519Signer.generate()
    const pacedCount = PACED_EVENTS_PER_SECOND * settings.fixedRateSeconds
    const burst = Array.from({ length: settings.sseEvents }, () => signedIntentBody(signer, templateId))
    const paced = Array.from({ length: pacedCount }, () => signedIntentBody(signer, templateId))
    const scalePaced = Array.from({ length: pacedCount }, () => signedIntentBody(signer, templateId))

    const broadcast = await connectSubscribers(children, url, BROADCAST_SUBSCRIBERS, BROADCAST_PROCESSES)
    await postAll(client, burst.map((intent) => intent.body), 16)
    await waitExpired(client, burst.at(-1)!.id, ttlMs)
    await sleep(1_000)
    await postPaced(client, paced)
    await waitExpired(client, paced.at(-1)!.id, ttlMs)
    const broadcastSamples = await collect(broadcast, burst.length + paced.length)
    await Promise.all(broadcast.map((child) => child.stop()))

    const rssBeforeMib = processRssMib(orchestrator.process.pid) ?? Number.NaN
    const connectStartMs = nowMs()
    const scale = await connectSubscribers(children, url, scaleSubscribers, SCALE_PROCESSES, scalePaced.map((intent) => intent.id))
    const connectSeconds = (nowMs() - connectStartMs) / 1_000
    await sleep(1_000)
    const rssConnectedMib = processRssMib(orchestrator.process.pid) ?? Number.NaN
    await postPaced(client, scalePaced)
    await waitExpired(client, scalePaced.at(-1)!.id, ttlMs)
    const scaleSamples = await collect(scale, 1)
    client.close()

    await orchestrator.stop()
    const events = await readEventLog(dir)
    const phaseOf = phaseClassifier({ burst, paced, scale: scalePaced })
    const burstPhase = phaseStats(broadcastSamples, events, (event) => phaseOf(event) === 'burst')
    const pacedPhase = phaseStats(broadcastSamples, events, (event) => phaseOf(event) === 'paced')
    const scalePhase = phaseStats(scaleSamples, events, (event) => phaseOf(event) === 'scale')
    const burstEvents = [...events.values()].filter((event) => phaseOf(event) === 'burst')
    const generationMs = Math.max(1, Math.max(...burstEvents.map((e) => e.createdAtMs)) - Math.min(...burstEvents.map((e) => e.createdAtMs)))
    return {
      subscribers: BROADCAST_SUBSCRIBERS,
      burst: { ...burstPhase, offeredPerSecond: (burstPhase.events * BROADCAST_SUBSCRIBERS * 1_000) / generationMs },
      paced: { ...pacedPhase, eventsPerSecond: PACED_EVENTS_PER_SECOND },
      missing: (burst.length + paced.length) * BROADCAST_SUBSCRIBERS - received(broadcastSamples),
      reconnects: reconnects(broadcastSamples),
      scale: {
        ...scalePhase,
        subscribers: scaleSubscribers,
        eventsPerSecond: PACED_EVENTS_PER_SECOND,
        connectSeconds,
        rssBeforeMib,
        rssConnectedMib,
        rssPer1000Mib: ((rssConnectedMib - rssBeforeMib) * 1_000) / scaleSubscribers,
        missing: scaleSubscribers - received(scaleSamples),
        reconnects: reconnects(scaleSamples),
      },
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()))
    await orchestrator.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Starts `processes` subscriber children holding `count` subscribers in all (following `intentIds` when given). */
async function connectSubscribers(children: BenchChild[], url: string, count: number, processes: number, intentIds?: string[]): Promise<BenchChild[]> {
  const started = Array.from({ length: processes }, () => startChild('services/sseSubscribers.ts'))
  children.push(...started)
  started.forEach((child, index) => {
    const share = Math.floor(count / processes) + (index < count % processes ? 1 : 0)
    // Child i's subscriber j follows intentIds[(j + i·share) mod n]: every intent has followers.
    const ids = intentIds === undefined ? undefined : intentIds.map((_, k) => intentIds[(k + index * share) % intentIds.length]!)
    child.send({ type: 'connect', url, count: share, ...(ids === undefined ? {} : { intentIds: ids }) })
  })
  for (const child of started) await child.receive('connected', 300_000)
  return started
}

async function collect(children: readonly BenchChild[], eventsEach: number): Promise<Samples[]> {
  for (const child of children) child.send({ type: 'collect', events: eventsEach, timeoutMs: 30_000 })
  return Promise.all(children.map((child) => child.receive<Samples>('samples', 120_000)))
}

const received = (samples: readonly Samples[]) => samples.reduce((sum, sample) => sum + sample.seqs.reduce((inner, seqs) => inner + seqs.length, 0), 0)
const reconnects = (samples: readonly Samples[]) => samples.reduce((sum, sample) => sum + sample.reconnects, 0)

function phaseClassifier(phases: Record<string, readonly Intent[]>): (event: StoredEvent) => string | undefined {
  const phaseById = new Map<string, string>()
  for (const [phase, intents] of Object.entries(phases)) for (const intent of intents) phaseById.set(intent.id, phase)
  return (event) => phaseById.get(event.intentId)
}

/** Posts the intents at PACED_EVENTS_PER_SECOND (each expires one time-to-live later, at the same pace). */
async function postPaced(client: HttpClient, intents: readonly Intent[]): Promise<void> {
  const startMs = nowMs()
  await Promise.all(
    intents.map(async (intent, index) => {
      await sleep(startMs + (index * 1_000) / PACED_EVENTS_PER_SECOND - nowMs())
      await parseReply(client, 'POST', '/intents', intent.body)
    }),
  )
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
