import { VerityError } from '@verity/core'
import type { StoreService } from './StoreService.ts'

/** The database cannot be reached or opened (PostgreSQL down, wrong URL, unreadable file). */
export class StoreUnavailableError extends VerityError {
  readonly code = 'STORE_UNAVAILABLE'
  constructor(
    readonly fields: { service: StoreService; backend: 'sqlite' | 'postgres'; target: string; reason: string },
    options?: { cause?: unknown },
  ) {
    super(
      fields.service === 'orchestrator'
        ? `cannot open the ${fields.backend} store at ${fields.target}: ${fields.reason}`
        : `${fields.backend} store at ${fields.target} is unavailable: ${fields.reason}`,
      options,
    )
  }
}
