import { VerityError } from '@verity/core'

/**
 * Attribute or evidence values that do not match the template's schema: a missing required field,
 * an unknown field, a wrong type or an out-of-range value. `field` is the qualified name
 * (`evidence.price_cents`). Distinct from a constraint failure: the data never got evaluated.
 * The message reads `input data error: missing required field evidence.price_cents`.
 */
export class InputDataError extends VerityError {
  readonly code = 'INPUT_DATA_ERROR'
  readonly field: string
  readonly reason: string
  constructor(readonly fields: { field: string; reason: string }) {
    super(`input data error: ${fields.reason}`)
    this.field = fields.field
    this.reason = fields.reason
  }
}
