import { VerityError } from '@verity/core'

/** The database cannot be reached or opened (PostgreSQL down, wrong URL, unreadable file). */
export class StoreUnavailableError extends VerityError {
  readonly code = 'STORE_UNAVAILABLE'
  constructor(readonly fields: { backend: string; target: string; reason: string }, options?: { cause?: unknown }) {
    super(`${fields.backend} store at ${fields.target} is unavailable: ${fields.reason}`, options)
  }
}

/** The database was migrated by a newer version of the base layer than this one. */
export class StoreSchemaTooNewError extends VerityError {
  readonly code = 'STORE_SCHEMA_TOO_NEW'
  constructor(readonly fields: { backend: string; versionFound: number; versionKnown: number }) {
    super(
      `${fields.backend} store has schema version ${fields.versionFound}, newer than ${fields.versionKnown} (the latest this build knows): ` +
        'run a newer base layer, or point this one at another database',
    )
  }
}
