import { VerityError } from '@verity/core'

/** Bytes given to `decodeCompiledTemplate` are not a compiled template of this format. */
export class InvalidCompiledTemplateError extends VerityError {
  readonly code = 'INVALID_COMPILED_TEMPLATE'
  constructor(readonly fields: { reason: string }) {
    super(`invalid compiled template: ${fields.reason}`)
  }
}
