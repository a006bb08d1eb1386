import { VerityError } from '@verity/core'
import type { DataDirLockHolder } from './DataDirLockHolder.ts'

/**
 * Another process holds this data directory (a running `verity up`, domain, base layer,
 * orchestrator or store): a second one would sequence the same files. Names the holder.
 */
export class DataDirLockedError extends VerityError {
  readonly code = 'DATA_DIR_LOCKED'
  constructor(readonly fields: { dir: string; name: string; holder: DataDirLockHolder | undefined }) {
    super(
      `data directory ${fields.dir} is in use (${fields.name}): held by ${describeHolder(fields.holder)}; ` +
        'stop that process first, or give this one another data directory',
    )
  }
}

function describeHolder(holder: DataDirLockHolder | undefined): string {
  if (holder === undefined) return 'a process that has not recorded itself yet'
  const where = holder.hostname === undefined ? '' : ` on ${holder.hostname}`
  return `pid ${holder.pid}${where} (${holder.command}), started ${holder.started_at}, Verity ${holder.version}`
}
