// Orchestrator: proposal → success-event latency with real policy proofs, at 1 and at 8
// concurrent proposals. The evidence comes from the embedded extractor (demo catalog); the
// latency runs from sending POST /intents/{id}/proposal to the outcome event on GET /events.
import { Ed25519Signer } from '@verity/core'
import { signedIntentBody, TEE_PROPOSAL } from './lib/benchTemplates.ts'
import { createHttpClient } from './lib/httpClient.ts'
import { openEventStream } from './lib/openEventStream.ts'
import { epochMs } from './lib/stats.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type ProposalsResult = {
  /** Latencies of proposals that ended in `success`, in ms. */
  sequentialMs: number[]
  concurrent8Ms: number[]
  /** Outcomes other than success, with their reasons (a failure makes the latency meaningless). */
  failures: string[]
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
    return async (): Promise<number | undefined> => {
      const outcome = new Promise<Outcome>((resolve, reject) => {
        waiting.set(id, resolve)
        setTimeout(() => reject(new Error(`no outcome event for intent ${id} within ${OUTCOME_WAIT_MS} ms`)), OUTCOME_WAIT_MS).unref()
      })
      const sentAtMs = epochMs()
      await client.postJson(`/intents/${id}/proposal`, TEE_PROPOSAL)
      const { type, reason, arrivedAtMs } = await outcome
      waiting.delete(id)
      if (type === 'success') return arrivedAtMs - sentAtMs
      failures.push(`${type}: ${reason ?? ''}`)
      return undefined
    }
  }
  const successes = (latencies: (number | undefined)[]) => latencies.filter((ms): ms is number => ms !== undefined)

  try {
    const sequentialMs: number[] = []
    for (let i = 0; i < settings.proposalsSequential; i++) sequentialMs.push(...successes([await (await prepare())()]))
    const concurrent8Ms: number[] = []
    for (let round = 0; round < settings.proposalRoundsOf8; round++) {
      const proposals = await Promise.all(Array.from({ length: 8 }, prepare))
      concurrent8Ms.push(...successes(await Promise.all(proposals.map((propose) => propose()))))
    }
    return { sequentialMs, concurrent8Ms, failures }
  } finally {
    stream.close()
    client.close()
  }
}
