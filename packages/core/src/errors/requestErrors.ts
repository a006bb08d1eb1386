import { VerityError } from './VerityError.ts'

/**
 * A request whose shape is wrong: schema validation, a body that is not JSON, a bad path or query
 * parameter, a JSON-RPC message that is not a request. Every service answers this one code
 * (`BAD_REQUEST` of the orchestrator before is its documented old name, docs/errors.md).
 */
export class InvalidRequestError extends VerityError {
  readonly code = 'INVALID_REQUEST'
  constructor(readonly fields: { reason: string; index?: number }) {
    super(fields.reason, fields.index === undefined ? undefined : { index: fields.index })
  }
}

/** A request or response body above its byte limit; reading stopped at the limit. */
export class BodyTooLargeError extends VerityError {
  readonly code = 'BODY_TOO_LARGE'
  constructor(readonly fields: { bytesMax: number; what?: string }) {
    super(`${fields.what ?? 'the request body'} is larger than ${fields.bytesMax} bytes`)
  }
}
