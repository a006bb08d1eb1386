// Incoming credits from other shards: pulled from the base layer after a durable cursor, applied
// to the local state exactly once (the vault change, the pending record for the next SDL and
// the cursor move commit in one transaction), in the base layer's order.
import { applyStateDiffs } from '@verity/ledger'
import type { Settlement } from '../settlement/Settlement.ts'
import type { FastifyBaseLogger } from 'fastify'
import { runWithPrefetch } from '../execution/runWithPrefetch.ts'
import { CREDITS_PULL_BATCH_MAX } from '../limits.ts'
import type { DomainStore } from '../store/DomainStore.ts'

/** Meta key of the id of the last credit applied locally. */
export const CREDITS_CURSOR_KEY = 'credits_cursor'

export type IncomingCreditsDeps = {
  store: DomainStore
  shard: number
  baseLayer: Settlement
  log: Pick<FastifyBaseLogger, 'info' | 'error'>
}

/** Pulls and applies one page of credits; returns how many were applied. Call under the domain's SerialQueue. */
export async function applyIncomingCredits(deps: IncomingCreditsDeps): Promise<number> {
  const cursor = BigInt((await deps.store.getMeta(CREDITS_CURSOR_KEY)) ?? '0')
  const page = await deps.baseLayer.pullCredits(deps.shard, cursor, CREDITS_PULL_BATCH_MAX)
  let applied = 0
  for (const credit of page.credits) {
    const diff = credit.state_diff
    let vaults
    try {
      vaults = await runWithPrefetch(deps.store, [diff.address], (view) => applyStateDiffs(view, [diff], deps.shard))
    } catch (error) {
      // A credit the local laws refuse (e.g. to a mint vault) cannot be settled either: stop here,
      // loudly, rather than skip it and diverge from the base layer's queue.
      deps.log.error({ err: error, creditId: credit.id.toString() }, 'incoming credit refused by the local laws; credit pulling stopped at it')
      break
    }
    await deps.store.commitBatch({
      vaults,
      nonces: new Map(),
      pending: [{ kind: 'credit', credit: { id: credit.id, source_shard: credit.source_shard, source_sdl_hash: credit.source_sdl_hash, state_diff: diff } }],
      meta: new Map([[CREDITS_CURSOR_KEY, credit.id.toString()]]),
    })
    applied++
  }
  if (applied > 0) deps.log.info({ applied, cursor: page.credits.at(applied - 1)?.id.toString() }, 'incoming credits applied')
  return applied
}
