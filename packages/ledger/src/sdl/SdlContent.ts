import type { StateDiff, VerifiableWithDiffs } from '../wire/StateDiff.ts'
import type { ShardId } from '../wire/Vault.ts'
import type { HashDigest } from '@verity/core'

/**
 * The canonical content of a state diff list: what its hash names and its proof establishes.
 * Roots are 0x-prefixed 64-hex-digit field elements of the shard's state tree.
 */
export type SdlContent = {
  shard: ShardId
  /** 1 for the shard's first SDL, then +1 */
  sequence: number
  /** hash of the previous SDL of this shard, or null for the first */
  previous_hash: HashDigest | null
  /** credits the base layer delivered to this shard (cursors of its credit queue, half-open) */
  incoming_credits: { from_cursor: number; to_cursor: number; credits: StateDiff[] }
  transactions: VerifiableWithDiffs[]
  root_before: string
  root_after: string
}
