import { VerityError } from '@verity/core'
import type { StoreService } from '../StoreService.ts'

/**
 * The database records a newer Verity release than this one: an older release cannot know what the
 * newer one wrote, so it refuses before changing anything (docs/operations.md, "Upgrading").
 */
export class StoreWrittenByNewerVersionError extends VerityError {
  readonly code = 'STORE_WRITTEN_BY_NEWER_VERSION'
  constructor(readonly fields: { service: StoreService; backend: 'sqlite' | 'postgres'; versionFound: string; versionRunning: string }) {
    super(
      `${fields.service === 'store' ? `the store's ${fields.backend} state` : `the ${fields.backend} ${fields.service} store`} was written by Verity ${fields.versionFound}, newer than this ${fields.versionRunning}: ` +
        `run Verity ${fields.versionFound} or later on it (nothing was changed), or restore the backup taken before the upgrade`,
    )
  }
}
