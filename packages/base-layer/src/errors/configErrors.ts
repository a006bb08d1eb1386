import { VerityError } from '@verity/core'

/** A start-up option (flag or VERITY_* variable) has a bad value. */
export class InvalidOptionError extends VerityError {
  readonly code = 'INVALID_OPTION'
  constructor(readonly fields: { option: string; reason: string }) {
    super(`option ${fields.option}: ${fields.reason}`)
  }
}
