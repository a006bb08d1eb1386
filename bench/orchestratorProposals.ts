// Orchestrator: proposal → success-event latency with real policy proofs: the first proposal
// after the orchestrator's start (issue 27), then at 1 and at 8 concurrent proposals. The
// evidence comes from the embedded extractor (demo catalog); the latency runs from sending
// POST /intents/{id}/proposal to the outcome event on GET /events.
import { Ed25519Signer } from '@verity/core'
import { signedIntentBody, TEE_PROPOSAL } from './lib/benchTemplates.ts'
import { createHttpClient } from './lib/httpClient.ts'
import { meanStageMs, readStageTotals } from './lib/proposalStages.ts'
import { openEventStream } from './lib/openEventStream.ts'
import { epochMs } from './lib/stats.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type ProposalsResult = {
  /**
   * The first proposal the orchestrator proves after its start (it reported ready: its prover
   * warm), in ms; not among `sequentialMs`, which are the steady state after it.
   */
  firstAfterStartMs?: number
  /** Mean ms of each stage of that first proposal's job. */
  stagesFirstMs?: Record<string, number>
  /** Latencies of proposals that ended in `success`, in ms. */
  sequentialMs: number[]
  concurrent8Ms: number[]
  /** Outcomes other than success, with their reasons (a failure makes the latency meaningless). */
  failures: string[]
  /** Mean ms of each stage of the orchestrator's jobs (its /metrics), 1 at a time and 8 concurrent. */
  stagesSequentialMs?: Record<string, number>
  stagesConcurrent8Ms?: Record<string, number>
  /** GET /intents/{id}/status of the last of 8 concurrent proposals, read right after they were sent. */
  lastOf8Status?: { status: string; queue_position?: number }
  /** Wall time of each round of 8 (from the first proposal sent to the last outcome received), ms. */
  roundsOf8WallMs?: number[]
}

type Outcome = { type: string; reason?: string; arrivedAtMs: number }

const OUTCOME_WAIT_MS = 300_000

export async function measureProposals(settings: BenchSettings, orchestratorUrl: string, templateId: string): Promise<ProposalsResult> {
  const client = createHttpClient(orchestratorUrl, 8)
  const waiting = new Map<string, (outcome: Outcome) => void>()
  const stream = await openEventStream(`${orchestratorUrl}/events`, (event, arrivedAtMs) => {
    const data = JSON.parse(event.data) as { intent_id: string; reason?: string }
    waiting.get(data.intent_id)?.({ type: event.event, arrivedAtMs, ...(data.reason === undefined ? {} : { reason: data.reason }) })
  })
  const signer = Ed25519Signer.generate()
  const failures: string[] = []

  /** Creates an intent (untimed), then proposes and waits for its outcome; the latency when it succeeded. */
  const prepare = async () => {
    const { id, body } = signedIntentBody(signer, templateId)
    await client.postJson('/intents', body)
    return async (onSent?: (intentId: string) => Promise<void>): Promise<number | undefined> => {
      const outcome = new Promise<Outcome>((resolve, reject) => {
        waiting.set(id, resolve)
        setTimeout(() => reject(new Error(`no outcome event for intent ${id} within ${OUTCOME_WAIT_MS} ms`)), OUTCOME_WAIT_MS).unref()
      })
      const sentAtMs = epochMs()
      await client.postJson(`/intents/${id}/proposal`, TEE_PROPOSAL)
      await onSent?.(id)
      const { type, reason, arrivedAtMs } = await outcome
      waiting.delete(id)
      if (type === 'success') return arrivedAtMs - sentAtMs
      failures.push(`${type}: ${reason ?? ''}`)
      return undefined
    }
  }
  const successes = (latencies: (number | undefined)[]) => latencies.filter((ms): ms is number => ms !== undefined)

  try {
    const beforeFirst = await readStageTotals(client)
    const firstAfterStartMs = await (await prepare())()
    const start = await readStageTotals(client)
    const sequentialMs: number[] = []
    for (let i = 0; i < settings.proposalsSequential; i++) sequentialMs.push(...successes([await (await prepare())()]))
    const afterSequential = await readStageTotals(client)
    const concurrent8Ms: number[] = []
    let lastOf8Status: ProposalsResult['lastOf8Status']
    const roundsOf8WallMs: number[] = []
    for (let round = 0; round < settings.proposalRoundsOf8; round++) {
      const proposals = await Promise.all(Array.from({ length: 8 }, prepare))
      const roundStartMs = epochMs()
      // The last one sent reads its place in the proving queue at once (our queue_position).
      const readStatus = async (intentId: string) => {
        lastOf8Status = await client.getJson(`/intents/${intentId}/status`)
      }
      concurrent8Ms.push(...successes(await Promise.all(proposals.map((propose, index) => (index === 7 ? propose(readStatus) : propose())))))
      roundsOf8WallMs.push(epochMs() - roundStartMs)
    }
    const afterConcurrent = await readStageTotals(client)
    const stages = { stagesFirstMs: meanStageMs(beforeFirst, start), stagesSequentialMs: meanStageMs(start, afterSequential), stagesConcurrent8Ms: meanStageMs(afterSequential, afterConcurrent) }
    const first = firstAfterStartMs === undefined ? {} : { firstAfterStartMs }
    return { ...first, sequentialMs, concurrent8Ms, failures, roundsOf8WallMs, ...stages, ...(lastOf8Status === undefined ? {} : { lastOf8Status }) }
  } finally {
    stream.close()
    client.close()
  }
}
