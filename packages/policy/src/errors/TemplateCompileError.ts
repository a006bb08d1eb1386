import { VerityError } from '@verity/core'

/**
 * A template source that does not compile. `line` and `column` are 1-based and point at the
 * offending token (columns count UTF-16 code units); `reason` is the message without position.
 * The message reads `line 3, column 5: unknown field evidence.colr; did you mean evidence.color?`.
 */
export class TemplateCompileError extends VerityError {
  readonly code = 'TEMPLATE_COMPILE_ERROR'
  readonly line: number
  readonly column: number
  readonly reason: string
  constructor(readonly fields: { line: number; column: number; reason: string }) {
    super(`line ${fields.line}, column ${fields.column}: ${fields.reason}`)
    this.line = fields.line
    this.column = fields.column
    this.reason = fields.reason
  }
}
