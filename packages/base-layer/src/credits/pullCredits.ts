import type { HashDigest } from '@verity/core'
import type { StateDiff } from '@verity/ledger'
import type { BaseLayerReads, CreditRecord } from '../store/BaseLayerStore.ts'

/** A credit waiting for a shard's domain (wire shape). */
export type Credit = {
  /** position in the shard's credit queue, from 1 */
  id: bigint
  /** the shard whose vault is credited */
  shard: number
  source_shard: number
  source_sdl_hash: HashDigest
  /** the credit, as the source SDL stated it (its address is on `shard`) */
  state_diff: StateDiff
}

export type PullCreditsResult = {
  credits: Credit[]
  /** pass it back to get the credits after these; equals `cursor` when there were none */
  next_cursor: bigint
  /** how many of the shard's credits its applied SDLs have consumed (ids 1..consumed) */
  consumed_cursor: bigint
}

/** Credits of `shard` after `cursor` (0 for the first), oldest first, at most `limit`. */
export async function pullCredits(store: BaseLayerReads, shard: number, cursor: bigint, limit: number): Promise<PullCreditsResult> {
  // The consumed cursor is read first: it never passes the credits queued, so the page read after
  // it holds every credit it counts even while SDLs commit in between.
  const consumed = (await store.getShard(shard)).creditsConsumed
  const credits = (await store.listCredits(shard, cursor, limit)).map(creditView)
  return {
    credits,
    next_cursor: credits.at(-1)?.id ?? cursor,
    consumed_cursor: consumed,
  }
}

export function creditView(record: CreditRecord): Credit {
  return {
    id: record.id,
    shard: record.shard,
    source_shard: record.sourceShard,
    source_sdl_hash: record.sourceSdlHash,
    state_diff: record.stateDiff,
  }
}
