import { VerityError } from '@verity/core'

/** `verity upgrade` cannot upgrade this directory (it is not a data directory of Verity's services); nothing was changed. */
export class UpgradeRefusedError extends VerityError {
  readonly code = 'UPGRADE_REFUSED'
  constructor(readonly fields: { dataDir: string; reason: string }) {
    super(`cannot upgrade ${fields.dataDir}: ${fields.reason}; nothing was changed`)
  }
}
