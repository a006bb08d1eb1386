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

/** A value cannot be serialized as canonical JSON (RFC 8785). */
export class InvalidJsonError extends VerityError {
  readonly code = 'INVALID_JSON'
  constructor(readonly fields: { title: string; reason: string }) {
    super(`"${fields.title}": ${fields.reason}`)
  }
}
