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
   * The first proposal the orchestrator proves after its start (sent once it reported ready, its
   * prover warm, before any other load: measureFirstProposal), in ms; not among `sequentialMs`.
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

/** The first proposal after the orchestrator's start: its latency (undefined when it did not succeed) and its job's stages. */
export type FirstProposalResult = { ms: number | undefined; stagesMs: Record<string, number>; failure?: string }

const OUTCOME_WAIT_MS = 300_000

/** Intents and proposals over one HTTP client and the event stream; `prepare` creates an intent (untimed) and returns its timed proposal. */
type ProposalDriver = {
  client: ReturnType<typeof createHttpClient>
  failures: string[]
  prepare(): Promise<(onSent?: (intentId: string) => Promise<void>) => Promise<number | undefined>>
  close(): void
}

async function openProposalDriver(orchestratorUrl: string, templateId: string): Promise<ProposalDriver> {
  const client = createHttpClient(orchestratorUrl, 8)
  const waiting = new Map<string, (outcome: Outcome) => void>()
  const stream = await openEventStream(`${orchestratorUrl}/events`, (event, arrivedAtMs) => {
    const data = JSON.parse(event.data) as { intent_id: string; reason?: string }
    waiting.get(data.intent_id)?.({ type: event.event, arrivedAtMs, ...(data.reason === undefined ? {} : { reason: data.reason }) })
  })
  const signer = Ed25519Signer.generate()
  const failures: string[] = []
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
  return {
    client,
    failures,
    prepare,
    close: () => {
      stream.close()
      client.close()
    },
  }
}

/**
 * The first proposal the orchestrator proves, sent as soon as it reported ready (prover warm) and
 * before any other load, so nothing but the start itself can make it slower than the steady state.
 */
export async function measureFirstProposal(orchestratorUrl: string, templateId: string): Promise<FirstProposalResult> {
  const driver = await openProposalDriver(orchestratorUrl, templateId)
  try {
    const before = await readStageTotals(driver.client)
    const ms = await (await driver.prepare())()
    const stagesMs = meanStageMs(before, await readStageTotals(driver.client))
    return { ms, stagesMs, ...(driver.failures.length > 0 ? { failure: driver.failures[0]! } : {}) }
  } finally {
    driver.close()
  }
}

/** The steady state: `proposalsSequential` proposals 1 at a time, then rounds of 8 at once; `first` (measureFirstProposal) is reported beside them. */
export async function measureProposals(settings: BenchSettings, orchestratorUrl: string, templateId: string, first?: FirstProposalResult): Promise<ProposalsResult> {
  const driver = await openProposalDriver(orchestratorUrl, templateId)
  const { client, failures, prepare } = driver
  const successes = (latencies: (number | undefined)[]) => latencies.filter((ms): ms is number => ms !== undefined)
  try {
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
    const stages = { stagesSequentialMs: meanStageMs(start, afterSequential), stagesConcurrent8Ms: meanStageMs(afterSequential, afterConcurrent) }
    const firstFields = first?.ms === undefined ? {} : { firstAfterStartMs: first.ms, stagesFirstMs: first.stagesMs }
    if (first?.failure !== undefined) failures.unshift(`first proposal after start: ${first.failure}`)
    return { ...firstFields, sequentialMs, concurrent8Ms, failures, roundsOf8WallMs, ...stages, ...(lastOf8Status === undefined ? {} : { lastOf8Status }) }
  } finally {
    driver.close()
  }
}
