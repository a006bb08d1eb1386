// Domain: signed transfers applied per second through POST /intents/execute, in batches of 1 and
// of 100 (closed loop, LANES concurrent clients, until the transfers run out or the run's time is
// up), then the latency of single transfers sent at a
// fixed moderate rate (open loop: latency counts from the scheduled send time, so a stall is not
// hidden). The domain runs in a child process with its SQLite store and embedded base layer.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHttpClient, type HttpClient } from './lib/httpClient.ts'
import { withProcessCpu } from './lib/processStats.ts'
import { startChild } from './lib/startChild.ts'
import { nowMs, percentile, sleep } from './lib/stats.ts'
import { asBatchBody, fundSenders, type SignedTransfer } from './lib/transferBook.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type ClosedLoopResult = {
  batchSize: number
  transfers: number
  transfersPerSecond: number
  requestP50Ms: number
  requestP99Ms: number
  /** The domain process's CPU time (all threads) per transfer during the run. */
  serverCpuUsPerTransfer?: number
}
export type FixedRateResult = { transfersPerSecond: number; transfers: number; p50Ms: number; p99Ms: number; failed: number }
export type DomainTransfersResult = { senders: number; batch1: ClosedLoopResult; batch100: ClosedLoopResult; fixedRate: FixedRateResult }

/** Concurrent clients of the closed-loop runs; each owns the senders ≡ lane (mod LANES), so a sender's nonces arrive in order. */
export const LANES = 16
/** Funded vaults; 128 per lane, so a batch of 100 holds 100 different senders. */
const SENDERS = 2_048
/** Batches of 100 each lane sends, unmeasured, before the batch-of-100 run. */
const BATCH100_WARMUP_BATCHES_PER_LANE = 2
/** The fixed rate is this share of the batch-of-1 closed-loop rate (a moderate load), within the bounds below. */
const FIXED_RATE_SHARE = 0.25
const FIXED_RATE_MIN = 20
const FIXED_RATE_MAX = 2_000

export async function measureDomainTransfers(settings: BenchSettings): Promise<DomainTransfersResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-domain-'))
  const domain = startChild('services/domainService.ts', [dir])
  try {
    const { url } = await domain.receive<{ type: string; url: string }>('ready', 120_000)
    const client = createHttpClient(url, LANES)
    try {
      const book = await fundSenders(client, SENDERS, 10n ** 12n)
      const runClosedLoop = async (batchSize: number, count: number): Promise<ClosedLoopResult> => {
        const signed = book.signTransfers(count)
        const lanes = Array.from({ length: LANES }, (_, lane) => signed.filter((transfer) => transfer.sender % LANES === lane))
        const { result: run, cpuMs } = await withProcessCpu(domain.process.pid, () => closedLoop(client, lanes, batchSize, settings.closedLoopSecondsMax * 1_000))
        book.rewind(run.unsent)
        return cpuMs === undefined ? run.result : { ...run.result, serverCpuUsPerTransfer: (cpuMs * 1_000) / run.result.transfers }
      }
      await runClosedLoop(1, LANES * 20) // warm-up: JIT, statement caches, the first vault reads
      const batch1 = await runClosedLoop(1, settings.transfersBatch1)
      // Warm-up of the batched path too (JIT of parsing and the laws over 100 elements, the read
      // cache of the senders' vaults), as for batches of 1: the figure is the steady rate.
      await runClosedLoop(100, LANES * BATCH100_WARMUP_BATCHES_PER_LANE * 100)
      const batch100 = await runClosedLoop(100, settings.transfersBatch100)
      const rate = Math.round(Math.min(FIXED_RATE_MAX, Math.max(FIXED_RATE_MIN, batch1.transfersPerSecond * FIXED_RATE_SHARE)))
      const fixed = book.signTransfers(rate * settings.fixedRateSeconds).map((transfer) => transfer.json)
      const fixedRate = await openLoop(client, fixed, rate)
      return { senders: SENDERS, batch1, batch100, fixedRate }
    } finally {
      client.close()
    }
  } finally {
    await domain.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Each lane posts its batches one after another; no lane starts a batch after `durationMsMax`. Returns what was not sent. */
export async function closedLoop(
  client: HttpClient,
  lanes: readonly SignedTransfer[][],
  batchSize: number,
  durationMsMax: number,
): Promise<{ result: ClosedLoopResult; unsent: SignedTransfer[] }> {
  const requestMs: number[] = []
  const unsent: SignedTransfer[] = []
  let transfers = 0
  const startMs = nowMs()
  await Promise.all(
    lanes.map(async (lane) => {
      for (let start = 0; start < lane.length; start += batchSize) {
        const batch = lane.slice(start, start + batchSize)
        if (nowMs() - startMs > durationMsMax) {
          unsent.push(...lane.slice(start))
          return
        }
        const sentMs = nowMs()
        await client.postJson('/intents/execute', asBatchBody(batch.map((transfer) => transfer.json)))
        requestMs.push(nowMs() - sentMs)
        transfers += batch.length
      }
    }),
  )
  const elapsedMs = nowMs() - startMs
  const result = { batchSize, transfers, transfersPerSecond: (transfers * 1_000) / elapsedMs, requestP50Ms: percentile(requestMs, 50), requestP99Ms: percentile(requestMs, 99) }
  return { result, unsent }
}

async function openLoop(client: HttpClient, transfers: readonly string[], perSecond: number): Promise<FixedRateResult> {
  const latencies: number[] = []
  let failed = 0
  const startMs = nowMs()
  await Promise.all(
    transfers.map(async (json, index) => {
      const scheduledMs = startMs + (index * 1_000) / perSecond
      await sleep(scheduledMs - nowMs())
      const reply = await client.request('POST', '/intents/execute', asBatchBody([json]))
      if (reply.status === 200) latencies.push(nowMs() - scheduledMs)
      else failed++
    }),
  )
  return { transfersPerSecond: perSecond, transfers: transfers.length, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), failed }
}
