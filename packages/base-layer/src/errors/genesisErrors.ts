import { VerityError } from '@verity/core'

/** The genesis file is missing, unreadable or malformed. */
export class InvalidGenesisError extends VerityError {
  readonly code = 'INVALID_GENESIS'
  constructor(readonly fields: { source: string; reason: string }, options?: { cause?: unknown }) {
    super(`genesis ${fields.source}: ${fields.reason}`, options)
  }
}
