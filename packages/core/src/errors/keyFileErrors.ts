import { VerityError } from './VerityError.ts'

/** A key file (Ed25519 secret key or software passkey) that cannot be read or decoded. */
export class InvalidKeyFileError extends VerityError {
  readonly code = 'INVALID_KEY_FILE'
  constructor(readonly fields: { source: string; reason: string }, options?: { cause?: unknown }) {
    super(`invalid key file ${fields.source}: ${fields.reason}`, options)
  }
}

/** A signer cannot be built from what it was given (bad secret key, bad multisig members). */
export class InvalidSignerError extends VerityError {
  readonly code = 'INVALID_SIGNER'
  constructor(readonly fields: { reason: string }) {
    super(`invalid signer: ${fields.reason}`)
  }
}
