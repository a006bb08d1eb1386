// The events of GET /events (spec/orchestrator.md, "Events"): one JSON object each, told apart by
// `type`. Built by the orchestrator's event builders, read by the SDK's followEvents.
import { Type, type Static } from 'typebox'
import { IntentId } from '../encodings.ts'
import { ConstraintFailure, InputDataErrors, Proposal } from './proposal.ts'

const Evidence = Type.Record(Type.String(), Type.Unknown(), { description: 'the evidence (plain JSON)' })

export const SuccessEvent = Type.Object({
  type: Type.Literal('success'),
  intent_id: IntentId,
  proposal: Proposal,
  evidence: Evidence,
})

export const FailureEvent = Type.Object({
  type: Type.Literal('failure'),
  intent_id: IntentId,
  reason: Type.String({ description: 'human-readable' }),
  proposal: Proposal,
  evidence: Type.Union([Evidence, Type.Null()], { description: 'extracted before the failure, or null' }),
  constraint_failures: Type.Array(ConstraintFailure),
  // Our addition (the spec's fields are unchanged): every field at fault when the failure is an input data error.
  input_data_errors: Type.Optional(InputDataErrors),
})

export const ExpiredEvent = Type.Object({ type: Type.Literal('expired'), intent_id: IntentId })

/** An OrchestratorEvent. */
export const OrchestratorEvent = Type.Union([SuccessEvent, FailureEvent, ExpiredEvent])
export type OrchestratorEvent = Static<typeof OrchestratorEvent>
export type OrchestratorEventType = OrchestratorEvent['type']
