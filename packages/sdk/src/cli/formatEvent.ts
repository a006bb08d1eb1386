import type { OrchestratorEventMessage } from '../events/followEvents.ts'

/** One line (plus indented failure lines) per orchestrator event, for a terminal. */
export function formatEvent(event: OrchestratorEventMessage): string {
  const intentId = String(event.data.intent_id)
  if (event.type === 'success') return `#${event.id} success  ${intentId}  evidence ${JSON.stringify(event.data.evidence)}`
  if (event.type === 'expired') return `#${event.id} expired  ${intentId}`
  const lines = [`#${event.id} ${event.type}  ${intentId}  ${String(event.data.reason ?? '')}`]
  const failures = Array.isArray(event.data.constraint_failures) ? (event.data.constraint_failures as Array<Record<string, unknown>>) : []
  for (const failure of failures) lines.push(`    [${String(failure.index)}] ${String(failure.reason)}`)
  return lines.join('\n')
}
