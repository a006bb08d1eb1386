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

/**
 * One field of the intent or the evidence that does not match the template's schema (our
 * addition to a failure): its qualified name, what is wrong and the one-line reason. At most 256
 * per failure (@verity/policy's INPUT_PROBLEMS_MAX).
 */
export const InputDataProblem = Type.Object({
  field: Type.String({ description: 'qualified field name, e.g. evidence.price_cents' }),
  kind: Type.Union([Type.Literal('missing'), Type.Literal('unknown'), Type.Literal('wrong_type'), Type.Literal('out_of_range')]),
  reason: Type.String({ description: 'e.g. missing required field evidence.price_cents' }),
})

/**
 * Every input data problem of a failure, first one first (its reason is the failure's `reason`'s
 * first line); present only when the failure is an input data error.
 */
export const InputDataErrors = Type.Array(InputDataProblem, { maxItems: 256, description: 'every field missing, unknown, of the wrong type or out of range' })

/** POST /intents/{intent_id}/check (our addition): what proposing would conclude, without a proof. */
export const ProposalCheckResponse = Type.Union(
  [
    Type.Object({ ok: Type.Literal(true), evidence: Type.Record(Type.String(), Type.Unknown()) }),
    Type.Object({
      ok: Type.Literal(false),
      reason: Type.String({ description: 'the reason a proposal would fail with' }),
      evidence: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'null when extraction failed' }),
      constraint_failures: Type.Array(ConstraintFailure),
      input_data_errors: Type.Optional(InputDataErrors),
    }),
  ],
  { description: 'what proposing would conclude, without a proof' },
)
