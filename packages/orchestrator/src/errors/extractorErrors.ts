import { VerityError } from '@verity/core'

/**
 * The evidence extractor could not give evidence: unreachable, time-out, non-2xx, too large or
 * malformed reply. Never an HTTP error of ours: it becomes the `reason` of a `failure` event.
 * `transient` is true for faults of the extractor rather than of the proposal (unreachable,
 * time-out, 429, 500, 503, 504): the proposal job retries those before it may fail.
 */
export class ExtractorFailedError extends VerityError {
  readonly code = 'EXTRACTOR_FAILED'
  constructor(readonly fields: { url: string; reason: string; transient: boolean }) {
    super(`evidence extractor ${fields.url} failed: ${fields.reason}`)
  }
}

/** True for an extractor failure worth another try (see ExtractorFailedError). */
export function isTransientExtractorFailure(error: unknown): boolean {
  return error instanceof ExtractorFailedError && error.fields.transient
}
