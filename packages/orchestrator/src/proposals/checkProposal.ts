import type { PasskeyPolicy } from '@verity/core'
import type { ConstraintFailure, InputProblem } from '@verity/policy'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'
import { SealedCheckUnauthorizedError } from '../errors/agentErrors.ts'
import { IntentNotFoundError } from '../errors/intentErrors.ts'
import { IntentExpiredError, IntentTemplateMissingError, ProposalExistsError } from '../errors/proposalErrors.ts'
import type { EvidenceExtractor } from '../extractor/EvidenceExtractor.ts'
import { evaluateProposalEvidence, isProposalFailure } from '../jobs/evaluateProposalEvidence.ts'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import type { TemplateCache } from '../templates/TemplateCache.ts'
import { authorizeAgentProposal } from '../agents/authorizeAgentProposal.ts'
import { isSealedIntent } from '../intents/isSealedIntent.ts'
import { parseProposal } from './parseProposal.ts'

export type CheckProposalDependencies = {
  store: OrchestratorStore
  templates: TemplateCache
  extractEvidence: EvidenceExtractor
  nowMs: () => number
  passkeyPolicy?: PasskeyPolicy
}

/** What proposing would conclude, without a proof: the body of POST /intents/{id}/check. */
export type ProposalCheck =
  | { ok: true; evidence: Record<string, unknown> }
  | { ok: false; reason: string; evidence: Record<string, unknown> | null; constraint_failures: ConstraintFailure[]; input_data_errors?: InputProblem[] }

/**
 * A dry run of a proposal (our addition, for agents): extracts the evidence from the extractor in
 * effect and evaluates the intent's constraints exactly as the proposal job would, but proves
 * nothing, stores nothing and leaves the intent's one proposal unused. A failing candidate is an
 * answer (`ok: false` with the reason and each failed constraint). Throws for what makes the
 * check pointless: no such intent (404), expired or already proposed (409), template gone (400);
 * and, for an agent-bound intent, a missing or invalid agent signature (401/403, as for proposals);
 * a sealed intent that names no agent answers nobody (403 SEALED_CHECK_UNAUTHORIZED).
 */
export async function checkProposal(deps: CheckProposalDependencies, intentId: string, body: unknown, acceptedOrigins: readonly string[]): Promise<ProposalCheck> {
  const proposal = parseProposal(body)
  const intent = await deps.store.getIntent(intentId)
  if (intent === undefined) throw new IntentNotFoundError({ intentId })
  // An agent-bound intent's dry run is the named agent's too: it tells nobody else anything.
  const authorization = authorizeAgentProposal({ intentId, signedIntentJson: intent.signedIntentJson, proposal, action: 'check', acceptedOrigins, ...(deps.passkeyPolicy === undefined ? {} : { passkeyPolicy: deps.passkeyPolicy }) })
  // A sealed intent's dry run, open to anyone, would be an oracle of its sealed limits (probe prices and sizes until a constraint flips).
  if (authorization === undefined && isSealedIntent(intent.signedIntentJson)) throw new SealedCheckUnauthorizedError({ intentId })
  if (intent.status === 'expired' || (intent.status === 'pending' && intent.expiresAtMs <= deps.nowMs())) throw new IntentExpiredError({ intentId })
  if (intent.status !== 'pending') throw new ProposalExistsError({ intentId })
  const compiled = await deps.templates.load(deps.store, intent.templateId)
  if (compiled === undefined) throw new IntentTemplateMissingError({ intentId, templateId: intent.templateId })
  let evidenceJson: Record<string, unknown>
  try {
    ;({ evidence: evidenceJson } = await deps.extractEvidence({
      intent_id: intent.id,
      template_id: intent.templateId,
      solution: proposal.solution,
      metadata: proposal.metadata,
      schema: Object.fromEntries(compiled.evidence.map((field) => [field.name, field.type])),
    }))
  } catch (error) {
    if (!(error instanceof ExtractorFailedError)) throw error
    return { ok: false, reason: error.message, evidence: null, constraint_failures: [] }
  }
  const evaluated = evaluateProposalEvidence(intent, compiled, evidenceJson)
  if (isProposalFailure(evaluated)) {
    const inputDataErrors = evaluated.inputDataErrors === undefined ? {} : { input_data_errors: [...evaluated.inputDataErrors] }
    return { ok: false, reason: evaluated.reason, evidence: evaluated.evidence, constraint_failures: evaluated.constraintFailures, ...inputDataErrors }
  }
  return { ok: true, evidence: evidenceJson }
}
