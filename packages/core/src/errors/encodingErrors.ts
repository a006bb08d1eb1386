import { VerityError } from './VerityError.ts'

/** A string that should be base58 (Bitcoin alphabet) is not. */
export class InvalidBase58Error extends VerityError {
  readonly code = 'INVALID_BASE58'
  constructor(readonly fields: { title: string; value: string; bytesExpected?: number; bytesGot?: number }) {
    super(
      fields.bytesExpected !== undefined && fields.bytesGot !== undefined
        ? `"${fields.title}" expected base58 of ${fields.bytesExpected} bytes, got ${fields.bytesGot} bytes`
        : `"${fields.title}" is not valid base58`,
    )
  }
}

/** Text that is not JSON, or a value that cannot be serialized as (canonical) JSON. */
export class InvalidJsonError extends VerityError {
  readonly code = 'INVALID_JSON'
  constructor(readonly fields: { title: string; reason: string; position?: number }) {
    super(`"${fields.title}": ${fields.reason}${fields.position === undefined ? '' : ` at position ${fields.position}`}`)
  }
}

/** JSON nested deeper than the limit (JSON_NESTING_DEPTH_MAX unless the caller set another). */
export class JsonTooDeepError extends VerityError {
  readonly code = 'JSON_TOO_DEEP'
  constructor(readonly fields: { depthMax: number; position: number }) {
    super(`JSON nested deeper than ${fields.depthMax} levels at position ${fields.position}`)
  }
}
