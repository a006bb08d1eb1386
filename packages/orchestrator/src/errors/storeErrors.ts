import { VerityError } from '@verity/core'

/** The database could not be reached or opened at startup. */
export class StoreUnavailableError extends VerityError {
  readonly code = 'STORE_UNAVAILABLE'
  constructor(readonly fields: { backend: 'sqlite' | 'postgres'; target: string; reason: string }, options?: { cause?: unknown }) {
    super(`cannot open the ${fields.backend} store at ${fields.target}: ${fields.reason}`, options)
  }
}

/** The database was migrated by a newer build than this one; we refuse to guess at its schema. */
export class StoreSchemaTooNewError extends VerityError {
  readonly code = 'STORE_SCHEMA_TOO_NEW'
  constructor(readonly fields: { backend: 'sqlite' | 'postgres'; versionFound: number; versionKnown: number }) {
    super(
      `the ${fields.backend} store has schema version ${fields.versionFound}, this build knows up to ${fields.versionKnown}; ` +
        'run a newer orchestrator',
    )
  }
}
