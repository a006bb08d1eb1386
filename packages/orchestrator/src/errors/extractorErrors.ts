import { VerityError } from '@verity/core'

/**
 * The evidence extractor could not give evidence: unreachable, time-out, non-2xx, too large or
 * malformed reply. Never an HTTP error of ours: it becomes the `reason` of a `failure` event.
 */
export class ExtractorFailedError extends VerityError {
  readonly code = 'EXTRACTOR_FAILED'
  constructor(readonly fields: { url: string; reason: string }) {
    super(`evidence extractor ${fields.url} failed: ${fields.reason}`)
  }
}
