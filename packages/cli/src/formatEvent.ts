import type { OrchestratorEventMessage } from '@verity/sdk'
import type { ConstraintFailure } from '@verity/policy'
import { failuresWithLocalValues } from './sealed/sealedOpenings.ts'

/** One line per orchestrator event for a terminal; a failure adds one indented line per failed constraint (with its values when this CLI holds a sealed intent's opening). */
export function formatEvent(event: OrchestratorEventMessage): string {
  const intentId = String(event.data.intent_id)
  if (event.type === 'success') return `#${event.id} success  ${intentId}  evidence ${JSON.stringify(event.data.evidence)}`
  if (event.type === 'expired') return `#${event.id} expired  ${intentId}`
  const listed = Array.isArray(event.data.constraint_failures) ? (event.data.constraint_failures as ConstraintFailure[]) : []
  // A sealed intent's event names constraints without values: the opening this CLI kept shows them.
  const failures = failuresWithLocalValues(intentId, listed, event.data.evidence)
  // The reason of a constraint failure lists every failed constraint; show them one per line instead.
  if (failures.length === 0) return `#${event.id} ${event.type}  ${intentId}  ${String(event.data.reason ?? '')}`
  const lines = [`#${event.id} ${event.type}  ${intentId}  ${failures.length} constraint(s) failed:`]
  for (const failure of failures) lines.push(`    [${String(failure.index)}] ${String(failure.reason)}`)
  return lines.join('\n')
}
