import type { AcceptProposalResult, IntentStatus } from './OrchestratorStore.ts'

/** What the store read, in the transaction that will accept the proposal, about its intent. */
export type ProposalFacts = {
  /** undefined when no intent has this id */
  intent: { status: IntentStatus; expiresAtMs: number; templateId: string; hasProposal: boolean } | undefined
  /** whether the intent's template is stored */
  hasTemplate: boolean
  /** intents in `proving` now, across every instance sharing the store */
  provingCount: number
}

/**
 * Whether a proposal may move its intent to `proving`: the intent exists, is pending, has no
 * proposal yet, is not due to expire, its template exists and the proving backlog has room.
 * Both stores read the facts under their lock and write only on `accepted`, with the update
 * guarded by `status = 'pending' AND proposal_json IS NULL`, so of concurrent proposals one wins.
 */
export function decideProposal(facts: ProposalFacts, rules: { nowMs: number; backlogMax: number }): AcceptProposalResult {
  const { intent } = facts
  if (intent === undefined) return { kind: 'unknown_intent' }
  if (intent.status === 'expired') return { kind: 'expired' }
  if (intent.status !== 'pending' || intent.hasProposal) return { kind: 'has_proposal' }
  // Due but not yet swept: the sweeper will emit its `expired` event.
  if (intent.expiresAtMs <= rules.nowMs) return { kind: 'expired' }
  if (!facts.hasTemplate) return { kind: 'template_missing', templateId: intent.templateId }
  if (facts.provingCount >= rules.backlogMax) return { kind: 'queue_full' }
  return { kind: 'accepted' }
}
