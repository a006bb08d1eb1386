import type { ServiceMetrics } from '@verity/server'
import type { EventHub } from '../events/EventHub.ts'
import type { JobRunner } from '../jobs/JobRunner.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import type { ProposalStage } from '../jobs/runProposalJob.ts'
import type { StoredEvent } from '../store/OrchestratorStore.ts'

/** What the orchestrator reports beside the HTTP figures, and the hooks that feed it. */
export type OrchestratorMetrics = {
  /** Counts outcome events (success, failure, expired) as they are published. */
  countEvents(events: readonly StoredEvent[]): void
  /** The prover, timed: proofs in flight and their durations. */
  timedProving(proving: PolicyProving): PolicyProving
  /** Times the stages of proposal jobs (runProposalJob's onStage). */
  timeProposalStage(stage: ProposalStage, durationMs: number): void
  /** Gauges read at scrape time from the running parts. */
  watch(runtime: { runner: JobRunner; hub: EventHub }): void
}

/** The orchestrator's own metrics (docs/operations.md lists them). */
export function createOrchestratorMetrics(metrics: ServiceMetrics): OrchestratorMetrics {
  const outcomes = metrics.counter('verity_orchestrator_outcomes_total', 'Outcome events published, by type (success, failure, expired)', ['type'])
  const proofSeconds = metrics.histogram('verity_orchestrator_proof_duration_seconds', 'Time to generate one policy proof, by result', ['result'])
  const stageSeconds = metrics.histogram('verity_orchestrator_proposal_stage_duration_seconds', 'Time of each stage of a proposal job (load, extract, evaluate, prove, persist)', ['stage'])
  let proofsInFlight = 0
  metrics.gauge('verity_orchestrator_proofs_in_flight', 'Policy proofs being generated now', () => proofsInFlight)
  return {
    countEvents(events) {
      for (const event of events) outcomes.inc({ type: event.type })
    },
    timedProving(proving) {
      return {
        ...proving,
        assertTemplateFits: (compiled) => proving.assertTemplateFits(compiled),
        close: () => proving.close(),
        async prove(input) {
          const stop = proofSeconds.startTimer()
          proofsInFlight++
          try {
            const proof = await proving.prove(input)
            stop({ result: 'ok' })
            return proof
          } catch (error) {
            stop({ result: 'error' })
            throw error
          } finally {
            proofsInFlight--
          }
        },
      }
    },
    timeProposalStage(stage, durationMs) {
      stageSeconds.observe({ stage }, durationMs / 1_000)
    },
    watch({ runner, hub }) {
      metrics.gauge('verity_orchestrator_jobs_running', 'Proposal jobs running in this instance (at most --job-concurrency)', () => runner.activeCount)
      metrics.gauge('verity_orchestrator_sse_subscribers', 'Event stream subscribers connected to this instance', () => hub.subscriberCount)
    },
  }
}
