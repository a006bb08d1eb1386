// The events of GET /events (spec/orchestrator.md, "Events"), built as typed values of the wire
// schema (@verity/wire OrchestratorEvent) and written with stringifyJsonBigint (evidence integers
// beyond 2^53 stay exact). The one place an event is made.
import { stringifyJsonBigint } from '@verity/core'
import type { ExpiredEvent, FailureEvent, Static, SuccessEvent } from '@verity/wire'

export type SuccessEventData = Static<typeof SuccessEvent>
export type FailureEventData = Static<typeof FailureEvent>
export type ExpiredEventData = Static<typeof ExpiredEvent>

/** `success`: proof generation completed for the intent with this proposal and evidence. */
export function successEvent(fields: { intentId: string; proposal: SuccessEventData['proposal']; evidence: SuccessEventData['evidence'] }): SuccessEventData {
  return { type: 'success', intent_id: fields.intentId, proposal: fields.proposal, evidence: fields.evidence }
}

/** `failure`: extraction or proving failed; `constraintFailures` names the violated constraints. */
export function failureEvent(fields: {
  intentId: string
  reason: string
  proposal: FailureEventData['proposal']
  evidence: FailureEventData['evidence']
  constraintFailures: FailureEventData['constraint_failures']
  inputDataErrors?: FailureEventData['input_data_errors']
}): FailureEventData {
  return {
    type: 'failure',
    intent_id: fields.intentId,
    reason: fields.reason,
    proposal: fields.proposal,
    evidence: fields.evidence,
    constraint_failures: fields.constraintFailures,
    ...(fields.inputDataErrors === undefined ? {} : { input_data_errors: fields.inputDataErrors }),
  }
}

/** `expired`: the intent expired before receiving a proposal. */
export function expiredEvent(intentId: string): ExpiredEventData {
  return { type: 'expired', intent_id: intentId }
}

/** The `data:` JSON of an event as the event log stores it. */
export function eventJson(event: SuccessEventData | FailureEventData | ExpiredEventData): string {
  return stringifyJsonBigint(event)
}
