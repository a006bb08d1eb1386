import { VerityError } from '@verity/core'

/** A request the HTTP layer itself rejects: unparsable JSON, a wrong content type, too large a body. */
export class RequestError extends VerityError {
  readonly code: 'INVALID_REQUEST' | 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'
  constructor(readonly fields: { code: 'INVALID_REQUEST' | 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'; reason: string }) {
    super(fields.reason)
    this.code = fields.code
  }
}
