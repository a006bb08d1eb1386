import { Type } from 'typebox'

/** POST /intents/{intent_id}/proposal and /check. */
export const Proposal = Type.Object({
  solution: Type.String({ description: 'identifier of the proposed solution (URL, variant id, ...)' }),
  metadata: Type.Unknown({ description: 'any JSON value, shared with the evidence extractor' }),
})

/** A constraint that does not hold: its index in `requires`, the expression and the values. */
export const ConstraintFailure = Type.Object({
  index: Type.Integer({ minimum: 0, description: 'zero-based index in `requires`' }),
  pretty_expr: Type.String(),
  reason: Type.String({ description: 'shows the values' }),
})

/** POST /intents/{intent_id}/check (our addition): what proposing would conclude, without a proof. */
export const ProposalCheckResponse = Type.Union(
  [
    Type.Object({ ok: Type.Literal(true), evidence: Type.Record(Type.String(), Type.Unknown()) }),
    Type.Object({
      ok: Type.Literal(false),
      reason: Type.String({ description: 'the reason a proposal would fail with' }),
      evidence: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'null when extraction failed' }),
      constraint_failures: Type.Array(ConstraintFailure),
    }),
  ],
  { description: 'what proposing would conclude, without a proof' },
)
