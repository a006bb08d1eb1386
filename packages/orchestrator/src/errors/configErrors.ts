import { VerityError } from '@verity/core'

/** PUT /config with an extractor URL that is not an absolute http(s) URL without credentials or fragment. */
export class InvalidExtractorUrlError extends VerityError {
  readonly code = 'INVALID_EXTRACTOR_URL'
  constructor(readonly fields: { url: string; reason: string }) {
    super(`invalid evidence extractor URL: ${fields.reason}`)
  }
}

/** PUT /config with an `evidence_extractor_key` that is not base58 of a 32-byte Ed25519 public key. */
export class InvalidExtractorKeyError extends VerityError {
  readonly code = 'INVALID_EXTRACTOR_KEY'
  constructor(readonly fields: { key: string; reason: string }) {
    super(`invalid evidence extractor key: ${fields.reason}`)
  }
}
