import type { FailureWordsContext, OrchestratorClient, OrchestratorEventMessage } from '@verity/sdk'
import type { ConstraintFailure } from '@verity/policy'
import { failureLines, failureWordsContextOf } from './failureLines.ts'
import { failuresWithLocalValues } from './sealed/sealedOpenings.ts'

/**
 * One line per orchestrator event for a terminal; a failure adds one numbered line per failed
 * constraint, in words with money as money when `context` (the intent's template and values) is
 * given (`1. Price: $34.99, above your $25.00 cap`), else the orchestrator's reason (with its values
 * when this CLI holds a sealed intent's opening). `--json` prints the event's raw failures instead.
 */
export function formatEvent(event: OrchestratorEventMessage, context?: FailureWordsContext): string {
  const intentId = String(event.data.intent_id)
  if (event.type === 'success') return `#${event.id} success  ${intentId}  evidence ${JSON.stringify(event.data.evidence)}`
  if (event.type === 'expired') return `#${event.id} expired  ${intentId}`
  const listed = Array.isArray(event.data.constraint_failures) ? (event.data.constraint_failures as ConstraintFailure[]) : []
  // A sealed intent's event names constraints without values: the opening this CLI kept shows them.
  const failures = failuresWithLocalValues(intentId, listed, event.data.evidence)
  // The reason of a constraint failure lists every failed constraint; show them one per line instead.
  if (failures.length === 0) return `#${event.id} ${event.type}  ${intentId}  ${String(event.data.reason ?? '')}`
  return [`#${event.id} ${event.type}  ${intentId}  ${failures.length} constraint(s) failed:`, ...failureLines(failures, event.data.evidence, context)].join('\n')
}

/**
 * What reading a failure event in words takes, read once per intent (`cache`): the intent's template
 * and values from the orchestrator, or this CLI's opening of a sealed intent. Undefined for any other
 * event, or when they cannot be read (the event then shows the orchestrator's reasons).
 */
export async function failureContextOf(client: OrchestratorClient, event: OrchestratorEventMessage, cache = new Map<string, Promise<FailureWordsContext | undefined>>()): Promise<FailureWordsContext | undefined> {
  if (event.type !== 'failure' || !Array.isArray(event.data.constraint_failures) || event.data.constraint_failures.length === 0) return undefined
  const intentId = String(event.data.intent_id)
  let context = cache.get(intentId)
  if (context === undefined) cache.set(intentId, (context = failureWordsContextOf(client, intentId)))
  return context
}
