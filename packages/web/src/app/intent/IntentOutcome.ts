/** A constraint that does not hold, as the failure event gives it. */
export type ConstraintFailure = { index: number; pretty_expr: string; reason: string }

/** What the intent page knows about the outcome, from the event stream. */
export type IntentOutcome =
  | { type: 'success'; proposal: { solution: string; metadata: unknown }; evidence: Record<string, unknown> }
  | { type: 'failure'; reason: string; proposal: { solution: string; metadata: unknown }; evidence: Record<string, unknown> | null; constraint_failures: ConstraintFailure[] }
  | { type: 'expired' }

/** The outcome an event announces, or undefined for another event type. */
export function outcomeOfEvent(type: string, data: Record<string, unknown>): IntentOutcome | undefined {
  if (type === 'success' || type === 'failure' || type === 'expired') return { ...data, type } as IntentOutcome
  return undefined
}
