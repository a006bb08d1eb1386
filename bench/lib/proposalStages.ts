// The orchestrator's proposal-stage histogram (verity_orchestrator_proposal_stage_duration_seconds,
// GET /metrics): totals per stage, and the mean per stage between two readings.
import type { HttpClient } from './httpClient.ts'

export type StageTotals = Record<string, { sumSeconds: number; count: number }>

const STAGE_LINE = /^verity_orchestrator_proposal_stage_duration_seconds_(sum|count)\{[^}]*stage="([a-z]+)"[^}]*\} (\S+)$/

/** Reads the stage totals from the orchestrator's /metrics. */
export async function readStageTotals(client: HttpClient): Promise<StageTotals> {
  const reply = await client.request('GET', '/metrics')
  if (reply.status !== 200) throw new Error(`GET /metrics answered ${reply.status}`)
  const totals: StageTotals = {}
  for (const line of reply.text.split('\n')) {
    const match = STAGE_LINE.exec(line)
    if (match === null) continue
    const entry = (totals[match[2]!] ??= { sumSeconds: 0, count: 0 })
    if (match[1] === 'sum') entry.sumSeconds = Number(match[3])
    else entry.count = Number(match[3])
  }
  return totals
}

/** Mean ms per stage of the jobs that ran between `before` and `after`. */
export function meanStageMs(before: StageTotals, after: StageTotals): Record<string, number> {
  const means: Record<string, number> = {}
  for (const [stage, total] of Object.entries(after)) {
    const count = total.count - (before[stage]?.count ?? 0)
    if (count > 0) means[stage] = ((total.sumSeconds - (before[stage]?.sumSeconds ?? 0)) * 1_000) / count
  }
  return means
}
