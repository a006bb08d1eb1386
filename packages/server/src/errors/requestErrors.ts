import { VerityError } from '@verity/core'

/** A request body in a content type the route does not read (JSON routes read application/json). 415. */
export class UnsupportedMediaTypeError extends VerityError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE'
  constructor(readonly fields: { contentType: string; expected?: string }) {
    super(`content type ${JSON.stringify(fields.contentType.slice(0, 100))} is not accepted here; send ${fields.expected ?? 'application/json'}`)
  }
}
