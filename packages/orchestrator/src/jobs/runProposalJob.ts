import { parseJsonBigint, stringifyJsonBigint, isVerityError, type InputValue } from '@verity/core'
import { evaluateTemplate, type ConstraintFailure } from '@verity/policy'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'
import { callExtractor } from '../extractor/callExtractor.ts'
import { decodeAttrs } from '../intents/decodeAttrs.ts'
import { parseSignedIntent } from '../intents/parseSignedIntent.ts'
import { JOB_ATTEMPTS_MAX } from '../limits.ts'
import type { Proposal } from '../proposals/parseProposal.ts'
import type { OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'
import type { TemplateCache } from '../templates/TemplateCache.ts'
import type { PolicyProving } from './PolicyProving.ts'

export type ProposalJobDependencies = {
  store: OrchestratorStore
  templates: TemplateCache
  proving: PolicyProving
  /** The extractor base URL in effect now (configured, or the default embedded one). */
  extractorUrl: () => Promise<string>
  extractorTimeoutMs: number
  extractorReplyBytesMax: number
  nowMs: () => number
}

type Failure = { reason: string; evidence: Record<string, unknown> | null; constraintFailures: ConstraintFailure[] }

/**
 * Runs the job of one intent in `proving`: extract evidence, check and evaluate it, prove, and
 * store the outcome with its `success` or `failure` event in one transaction. Every way this can
 * go wrong ends in a `failure` with a reason; the intent never stays in `proving`. Returns the
 * event written, or undefined when the intent was not (or no longer) in `proving`.
 */
export async function runProposalJob(deps: ProposalJobDependencies, intentId: string): Promise<StoredEvent | undefined> {
  const intent = await deps.store.getIntent(intentId)
  if (intent === undefined || intent.status !== 'proving' || intent.proposalJson === null) return undefined
  const proposal = parseJsonBigint(intent.proposalJson) as Proposal
  const fail = (failure: Failure) =>
    deps.store.finishJob(intentId, { kind: 'failure', eventJson: failureEventJson(intentId, proposal, failure) }, deps.nowMs())
  const attempt = await deps.store.startJobAttempt(intentId)
  if (attempt > JOB_ATTEMPTS_MAX)
    return fail({
      reason: `processing was interrupted ${attempt - 1} times (orchestrator restarts); giving up`,
      evidence: null,
      constraintFailures: [],
    })
  const compiled = await deps.templates.load(deps.store, intent.templateId)
  if (compiled === undefined)
    return fail({ reason: `template ${intent.templateId} no longer exists`, evidence: null, constraintFailures: [] })

  let evidenceJson: Record<string, unknown>
  try {
    evidenceJson = await callExtractor({
      baseUrl: await deps.extractorUrl(),
      request: {
        intent_id: intentId,
        template_id: intent.templateId,
        solution: proposal.solution,
        metadata: proposal.metadata,
        schema: Object.fromEntries(compiled.evidence.map((field) => [field.name, field.type])),
      },
      timeoutMs: deps.extractorTimeoutMs,
      replyBytesMax: deps.extractorReplyBytesMax,
    })
  } catch (error) {
    if (error instanceof ExtractorFailedError) return fail({ reason: error.message, evidence: null, constraintFailures: [] })
    throw error
  }

  let attrs: Record<string, InputValue>
  let evidence: Record<string, InputValue>
  try {
    attrs = decodeAttrs(parseSignedIntent(parseJsonBigint(intent.signedIntentJson)).attrFields, 'intent')
    evidence = decodeAttrs(evidenceJson, 'evidence')
    const result = evaluateTemplate(compiled, attrs, evidence)
    if (!result.ok)
      return fail({
        reason: result.failures.map((failure) => `Constraint[${failure.index}] failed: ${failure.reason}`).join('; '),
        evidence: evidenceJson,
        constraintFailures: result.failures,
      })
  } catch (error) {
    if (!isVerityError(error)) throw error
    const reason = error.message.startsWith('input data error') ? error.message : `input data error: ${error.message}`
    return fail({ reason, evidence: evidenceJson, constraintFailures: [] })
  }

  let proof: Record<string, unknown>
  try {
    proof = await deps.proving.prove({ intentId, templateId: intent.templateId, compiled, attrs, evidence })
  } catch (error) {
    const reason = `proof generation failed: ${error instanceof Error ? error.message : String(error)}`
    return fail({ reason, evidence: evidenceJson, constraintFailures: [] })
  }
  const evidenceText = stringifyJsonBigint(evidenceJson)
  return deps.store.finishJob(
    intentId,
    {
      kind: 'success',
      eventJson: `{"type":"success","intent_id":${JSON.stringify(intentId)},"proposal":${intent.proposalJson},"evidence":${evidenceText}}`,
      evidenceJson: evidenceText,
      proofJson: stringifyJsonBigint(proof),
    },
    deps.nowMs(),
  )
}

function failureEventJson(intentId: string, proposal: Proposal, failure: Failure): string {
  return stringifyJsonBigint({
    type: 'failure',
    intent_id: intentId,
    reason: failure.reason,
    proposal,
    evidence: failure.evidence,
    constraint_failures: failure.constraintFailures,
  })
}

/** Ends the job of a `proving` intent as a failure with `reason` (used when its run threw). */
export async function abandonProposalJob(
  deps: Pick<ProposalJobDependencies, 'store' | 'nowMs'>,
  intentId: string,
  reason: string,
): Promise<StoredEvent | undefined> {
  const intent = await deps.store.getIntent(intentId)
  if (intent === undefined || intent.status !== 'proving' || intent.proposalJson === null) return undefined
  const proposal = parseJsonBigint(intent.proposalJson) as Proposal
  const eventJson = failureEventJson(intentId, proposal, { reason, evidence: null, constraintFailures: [] })
  return deps.store.finishJob(intentId, { kind: 'failure', eventJson }, deps.nowMs())
}
