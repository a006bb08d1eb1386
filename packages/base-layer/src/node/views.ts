import type { HashDigest } from '@verity/core'
import type { AccountRecord, ShardRecord } from '../store/BaseLayerStore.ts'

/** An operator account (wire shape). */
export type Account = {
  owner_id: HashDigest
  /** native balance, in plancks */
  balance: bigint
  /** the highest signed-request nonce accepted so far (0 when none) */
  nonce_last: bigint
}

/** A shard's settlement position (wire shape). */
export type ShardStatus = {
  shard: number
  /** sequence of the last applied SDL, 0 before the first; the next SDL must carry sequence + 1 */
  sequence: bigint
  /** hash of the last applied SDL, null before the first */
  last_sdl_hash: HashDigest | null
  /** finalized state root, null before the first SDL (the ledger's empty-tree root applies) */
  root: string | null
  /** credits queued for the shard so far */
  credits_queued: bigint
  /** credits its applied SDLs have consumed; the next SDL must consume from id credits_consumed + 1 */
  credits_consumed: bigint
}

export function accountView(record: AccountRecord): Account {
  return { owner_id: record.ownerId, balance: record.balance, nonce_last: record.nonceLast }
}

export function shardView(record: ShardRecord): ShardStatus {
  return {
    shard: record.shard,
    sequence: record.sequence,
    last_sdl_hash: record.lastSdlHash,
    root: record.root,
    credits_queued: record.creditsQueued,
    credits_consumed: record.creditsConsumed,
  }
}
