import { VerityError } from '@verity/core'

/** What is wrong with one field: absent though required, not in the schema, of another type, or out of range. */
export type InputProblemKind = 'missing' | 'unknown' | 'wrong_type' | 'out_of_range'

/** One field that does not match the schema: its qualified name (`evidence.price_cents`) and why. */
export type InputProblem = Readonly<{ field: string; kind: InputProblemKind; reason: string }>

/**
 * Attribute or evidence values that do not match the template's schema: every missing required
 * field, unknown field, wrong type or out-of-range value, in order (unknown fields first, then the
 * schema's fields by name; intent before evidence). `field` and `reason` are the first problem's,
 * and the message's first line is exactly the one-problem message
 * (`input data error: missing required field evidence.price_cents`); each further problem adds a
 * line of the same form, so a caller fixes every field at once. Distinct from a constraint
 * failure: the data never got evaluated.
 */
export class InputDataError extends VerityError {
  readonly code = 'INPUT_DATA_ERROR'
  readonly field: string
  readonly reason: string
  /** Every problem found, the first one first (at most INPUT_PROBLEMS_MAX). */
  readonly problems: readonly InputProblem[]
  constructor(readonly fields: { problems: readonly InputProblem[] }) {
    super(fields.problems.map((problem) => `input data error: ${problem.reason}`).join('\n'))
    const first = fields.problems[0]
    if (first === undefined) throw new RangeError('an InputDataError needs at least one problem')
    this.field = first.field
    this.reason = first.reason
    this.problems = Object.freeze([...fields.problems])
  }
}
