/** A constraint that does not hold, as the failure event gives it. */
export type ConstraintFailure = { index: number; pretty_expr: string; reason: string }

/** What the intent page knows about the outcome, from the event stream. */
export type IntentOutcome =
  | { type: 'success'; proposal: { solution: string; metadata: unknown }; evidence: Record<string, unknown> }
  | { type: 'failure'; reason: string; proposal: { solution: string; metadata: unknown }; evidence: Record<string, unknown> | null; constraint_failures: ConstraintFailure[] }
  | { type: 'expired' }

/**
 * The UCP business a proposal names (`metadata.business`, docs/extractor.md), when it is an http(s)
 * URL; anything else is not shown as a link (a proposal is written by whoever proposes).
 */
export function businessOfProposal(proposal: { metadata: unknown }): string | undefined {
  const business = (proposal.metadata as { business?: unknown } | null)?.business
  if (typeof business !== 'string') return undefined
  try {
    const url = new URL(business)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/$/, '') : undefined
  } catch {
    return undefined
  }
}

/** The outcome an event announces, or undefined for another event type. */
export function outcomeOfEvent(type: string, data: Record<string, unknown>): IntentOutcome | undefined {
  if (type === 'success' || type === 'failure' || type === 'expired') return { ...data, type } as IntentOutcome
  return undefined
}
