// Typed failures of the domain's storage (see docs/domain.md, Storage); StoreUnavailableError and
// StoreSchemaTooNewError come from @verity/postgres.
import { VerityError } from '@verity/core'

/**
 * Another domain process already sequences this shard on this database. A shard has one
 * sequencer (ordering is its job), so a second one refuses to start rather than interleave.
 */
export class ShardLockedError extends VerityError {
  readonly code = 'SHARD_LOCKED'
  constructor(readonly fields: { shard: number; target: string; holder: string | null }) {
    super(
      `shard ${fields.shard} is already sequenced by another domain process on ${fields.target}` +
        `${fields.holder === null ? '' : ` (${fields.holder})`}: one sequencer per shard; stop that process first, ` +
        'and this one can take over (nothing is lost: the state is in the database)',
    )
  }
}

/**
 * This process no longer holds its shard: its lock connection was lost, or another domain
 * process took the shard over since. Its writes are refused so that two sequencers never
 * interleave; restart it (it takes the shard back once the other one stops).
 */
export class ShardLockLostError extends VerityError {
  readonly code = 'SHARD_LOCK_LOST'
  constructor(readonly fields: { shard: number; reason: string }) {
    super(`shard ${fields.shard}: this domain process no longer holds the shard (${fields.reason}); writes are refused, restart it`)
  }
}

/**
 * The store's disk (or its quota) is full: the write was not made, nothing acknowledged is
 * affected, and the same request succeeds once space is freed (507 Insufficient Storage).
 */
export class StorageFullError extends VerityError {
  readonly code = 'STORAGE_FULL'
  constructor(readonly fields: { target: string; reason: string }, options?: { cause?: unknown }) {
    super(`the domain's storage at ${fields.target} is full (${fields.reason}): nothing was written; free disk space and retry`, options)
  }
}
