import { retryWithBackoff, stringifyJsonBigint, type RetryPolicy } from '@verity/core'
import { eventJson, failureEvent, successEvent } from '../events/orchestratorEvents.ts'
import type { EvidenceExtractor } from '../extractor/EvidenceExtractor.ts'
import { JOB_ATTEMPTS_MAX } from '../limits.ts'
import type { Proposal } from '../proposals/parseProposal.ts'
import { readStoredProposal } from '../proposals/storedProposal.ts'
import type { ClaimedJob, OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'
import type { TemplateCache } from '../templates/TemplateCache.ts'
import { evaluateProposalEvidence, isProposalFailure, proofFailureReason, type ProposalFailure } from './evaluateProposalEvidence.ts'
import { extractProposalEvidence } from './extractProposalEvidence.ts'
import type { PolicyProving } from './PolicyProving.ts'

export type ProposalJobDependencies = {
  store: OrchestratorStore
  templates: TemplateCache
  proving: PolicyProving
  /** The extractor in effect now (configured over HTTP, or the embedded one in-process). */
  extractEvidence: EvidenceExtractor
  /** How transient extractor faults are retried. */
  extractorRetry: RetryPolicy
  /** Tries of one proof (a crashed prover worker is replaced between tries). */
  proveAttemptsMax: number
  nowMs: () => number
  /** Structured log: warnings of retried faults; at `info`, one line per stage and per outcome, keyed by `intent_id` (docs/operations.md, "Following a proposal"). */
  log?: { warn(object: object, message: string): void; info?(object: object, message: string): void }
  /** Told how long each stage of a job took (the proposal breakdown of docs/performance.md). */
  onStage?: (stage: ProposalStage, durationMs: number) => void
}

/** The stages of a proposal job, in order: read the intent, extract, check the evidence, prove (witness included), store the outcome with its event. */
export type ProposalStage = 'load' | 'extract' | 'evaluate' | 'prove' | 'persist'

/** Reports the time since the previous mark (or since it was made) under each stage name, to `onStage` and as a log line of the job. */
function stageClock(deps: ProposalJobDependencies, job: ClaimedJob): (stage: ProposalStage) => void {
  let lastMs = performance.now()
  return (stage) => {
    const now = performance.now()
    deps.onStage?.(stage, now - lastMs)
    deps.log?.info?.({ intent_id: job.intentId, attempt: job.attempt, stage, duration_ms: Math.round(now - lastMs) }, 'proposal stage done')
    lastMs = now
  }
}

/** Logs the outcome event a job stored (the event id is the one GET /events delivers). */
function logOutcome(deps: ProposalJobDependencies, job: ClaimedJob, event: StoredEvent | undefined, reason?: string): StoredEvent | undefined {
  if (event !== undefined)
    deps.log?.info?.({ intent_id: job.intentId, attempt: job.attempt, event: event.type, event_id: event.seq, ...(reason === undefined ? {} : { reason }) }, 'proposal outcome stored')
  return event
}

/**
 * Runs the job of one intent in `proving`: extract evidence, check and evaluate it, prove, and
 * store the outcome with its `success` or `failure` event in one transaction. A transient fault
 * (extractor unreachable, prover crash) is retried first: a failure is about the proposal. The
 * intent never stays in `proving` unless this throws (the store is unreachable, or `signal`
 * aborted a wait between retries because the runner is stopping), which the job runner handles. Returns the event written, or undefined when the intent was not (or no
 * longer) in `proving`.
 */
export async function runProposalJob(deps: ProposalJobDependencies, job: ClaimedJob, signal?: AbortSignal): Promise<StoredEvent | undefined> {
  const { intentId, attempt } = job
  const mark = stageClock(deps, job)
  const intent = await deps.store.getIntent(intentId)
  if (intent === undefined || intent.status !== 'proving' || intent.proposalJson === null) return undefined
  const { proposal } = readStoredProposal(intent.proposalJson)
  const fail = async (failure: ProposalFailure) =>
    logOutcome(deps, job, await deps.store.finishJob(intentId, { kind: 'failure', eventJson: failureEventJson(intentId, proposal, failure) }, deps.nowMs()), failure.reason)
  if (attempt > JOB_ATTEMPTS_MAX)
    return fail(failureOf(`processing was interrupted ${attempt - 1} times (orchestrator restarts or lost instances); giving up`))
  const compiled = await deps.templates.load(deps.store, intent.templateId)
  if (compiled === undefined) return fail(failureOf(`template ${intent.templateId} no longer exists`))
  mark('load')

  const extracted = await extractProposalEvidence({
    extractEvidence: deps.extractEvidence,
    retry: deps.extractorRetry,
    intentId,
    templateId: intent.templateId,
    proposal,
    compiled,
    ...(signal === undefined ? {} : { signal }),
    onRetry: ({ attempt: tries, delayMs, error }) =>
      deps.log?.warn({ intentId, tries, retryInMs: delayMs, reason: (error as Error).message }, 'evidence extractor failed transiently; retrying'),
  })
  if (isProposalFailure(extracted)) return fail(extracted)
  mark('extract')
  const evaluated = evaluateProposalEvidence(intent, compiled, extracted.evidenceJson)
  if (isProposalFailure(evaluated)) return fail(evaluated)
  mark('evaluate')

  let proof: Record<string, unknown>
  try {
    const input = { intentId, templateId: intent.templateId, compiled, ...evaluated, attestation: extracted.attestation }
    proof = await retryWithBackoff(() => deps.proving.prove(input), {
      attemptsMax: deps.proveAttemptsMax,
      delayMsMin: 0,
      delayMsMax: 0,
      isRetryable: () => true,
      onRetry: ({ error }) => deps.log?.warn({ intentId, reason: proofFailureReason(error, evaluated.attrsSalt !== undefined) }, 'proof generation failed; trying once more'),
    })
  } catch (error) {
    const reason = proofFailureReason(error, evaluated.attrsSalt !== undefined)
    return fail({ reason, evidence: extracted.evidenceJson, constraintFailures: [] })
  }
  mark('prove')
  const evidenceText = stringifyJsonBigint(extracted.evidenceJson)
  const success = successEvent({ intentId, proposal, evidence: extracted.evidenceJson })
  const event = await deps.store.finishJob(
    intentId,
    { kind: 'success', eventJson: eventJson(success), evidenceJson: evidenceText, proofJson: stringifyJsonBigint(proof) },
    deps.nowMs(),
  )
  mark('persist')
  return logOutcome(deps, job, event)
}

function failureOf(reason: string): ProposalFailure {
  return { reason, evidence: null, constraintFailures: [] }
}

function failureEventJson(intentId: string, proposal: Proposal, failure: ProposalFailure): string {
  return eventJson(failureEvent({ intentId, reason: failure.reason, proposal, evidence: failure.evidence, constraintFailures: failure.constraintFailures, ...(failure.inputDataErrors === undefined ? {} : { inputDataErrors: [...failure.inputDataErrors] }) }))
}

/** Ends the job of a `proving` intent as a failure with `reason` (used when its runs kept throwing). */
export async function abandonProposalJob(
  deps: Pick<ProposalJobDependencies, 'store' | 'nowMs'>,
  intentId: string,
  reason: string,
): Promise<StoredEvent | undefined> {
  const intent = await deps.store.getIntent(intentId)
  if (intent === undefined || intent.status !== 'proving' || intent.proposalJson === null) return undefined
  const { proposal } = readStoredProposal(intent.proposalJson)
  return deps.store.finishJob(intentId, { kind: 'failure', eventJson: failureEventJson(intentId, proposal, failureOf(reason)) }, deps.nowMs())
}
