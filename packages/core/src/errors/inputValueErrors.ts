import { VerityError } from './VerityError.ts'

/** An InputMap value (tagged or plain JSON) that is not a string, 64-bit int, bool or set of those. */
export class InvalidInputValueError extends VerityError {
  readonly code = 'INVALID_INPUT_VALUE'
  constructor(readonly fields: { path: string; reason: string }) {
    super(`${fields.path}: ${fields.reason}`)
  }
}
