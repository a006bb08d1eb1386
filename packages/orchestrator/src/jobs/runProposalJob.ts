import { isVerityError, parseJsonBigint, stringifyJsonBigint, type InputValue } from '@verity/core'
import { evaluateTemplate, type CompiledTemplate, type ConstraintFailure } from '@verity/policy'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'
import { callExtractor } from '../extractor/callExtractor.ts'
import { decodeAttrs } from '../intents/decodeAttrs.ts'
import { parseSignedIntent } from '../intents/parseSignedIntent.ts'
import { JOB_ATTEMPTS_MAX } from '../limits.ts'
import type { Proposal } from '../proposals/parseProposal.ts'
import type { ClaimedJob, IntentRecord, OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'
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
type Evaluated = { attrs: Record<string, InputValue>; evidence: Record<string, InputValue> }

/**
 * Runs the job of one intent in `proving`: extract evidence, check and evaluate it, prove, and
 * store the outcome with its `success` or `failure` event in one transaction. Every way this can
 * go wrong ends in a `failure` with a reason; the intent never stays in `proving`. Returns the
 * event written, or undefined when the intent was not (or no longer) in `proving`.
 */
export async function runProposalJob(deps: ProposalJobDependencies, job: ClaimedJob): Promise<StoredEvent | undefined> {
  const { intentId, attempt } = job
  const intent = await deps.store.getIntent(intentId)
  if (intent === undefined || intent.status !== 'proving' || intent.proposalJson === null) return undefined
  const proposal = parseJsonBigint(intent.proposalJson) as Proposal
  const fail = (failure: Failure) =>
    deps.store.finishJob(intentId, { kind: 'failure', eventJson: failureEventJson(intentId, proposal, failure) }, deps.nowMs())
  if (attempt > JOB_ATTEMPTS_MAX)
    return fail(failureOf(`processing was interrupted ${attempt - 1} times (orchestrator restarts or lost instances); giving up`))
  const compiled = await deps.templates.load(deps.store, intent.templateId)
  if (compiled === undefined) return fail(failureOf(`template ${intent.templateId} no longer exists`))

  const extracted = await extractEvidence(deps, intent, proposal, compiled)
  if ('reason' in extracted) return fail(extracted)
  const evaluated = evaluateEvidence(intent, compiled, extracted.evidenceJson)
  if ('reason' in evaluated) return fail(evaluated)

  let proof: Record<string, unknown>
  try {
    proof = await deps.proving.prove({ intentId, templateId: intent.templateId, compiled, ...evaluated })
  } catch (error) {
    const reason = `proof generation failed: ${error instanceof Error ? error.message : String(error)}`
    return fail({ reason, evidence: extracted.evidenceJson, constraintFailures: [] })
  }
  const evidenceText = stringifyJsonBigint(extracted.evidenceJson)
  const eventJson = `{"type":"success","intent_id":${JSON.stringify(intentId)},"proposal":${intent.proposalJson},"evidence":${evidenceText}}`
  return deps.store.finishJob(
    intentId,
    { kind: 'success', eventJson, evidenceJson: evidenceText, proofJson: stringifyJsonBigint(proof) },
    deps.nowMs(),
  )
}

/** Asks the extractor; an extractor failure becomes a Failure naming the cause. */
async function extractEvidence(
  deps: ProposalJobDependencies,
  intent: IntentRecord,
  proposal: Proposal,
  compiled: CompiledTemplate,
): Promise<{ evidenceJson: Record<string, unknown> } | Failure> {
  try {
    const evidenceJson = await callExtractor({
      baseUrl: await deps.extractorUrl(),
      request: {
        intent_id: intent.id,
        template_id: intent.templateId,
        solution: proposal.solution,
        metadata: proposal.metadata,
        schema: Object.fromEntries(compiled.evidence.map((field) => [field.name, field.type])),
      },
      timeoutMs: deps.extractorTimeoutMs,
      replyBytesMax: deps.extractorReplyBytesMax,
    })
    return { evidenceJson }
  } catch (error) {
    if (error instanceof ExtractorFailedError) return failureOf(error.message)
    throw error
  }
}

/** Decodes and checks the evidence and evaluates the template: the inputs to prove, or a Failure. */
function evaluateEvidence(intent: IntentRecord, compiled: CompiledTemplate, evidenceJson: Record<string, unknown>): Evaluated | Failure {
  try {
    const attrs = decodeAttrs(parseSignedIntent(parseJsonBigint(intent.signedIntentJson)).attrFields, 'intent')
    const evidence = decodeAttrs(evidenceJson, 'evidence')
    const result = evaluateTemplate(compiled, attrs, evidence)
    if (result.ok) return { attrs, evidence }
    return {
      reason: result.failures.map((failure) => `Constraint[${failure.index}] failed: ${failure.reason}`).join('; '),
      evidence: evidenceJson,
      constraintFailures: result.failures,
    }
  } catch (error) {
    if (!isVerityError(error)) throw error
    const reason = error.message.startsWith('input data error') ? error.message : `input data error: ${error.message}`
    return { reason, evidence: evidenceJson, constraintFailures: [] }
  }
}

function failureOf(reason: string): Failure {
  return { reason, evidence: null, constraintFailures: [] }
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
  return deps.store.finishJob(intentId, { kind: 'failure', eventJson: failureEventJson(intentId, proposal, failureOf(reason)) }, deps.nowMs())
}
