// POST /sdls/submit: bundles the pending transactions and the incoming credits applied since the
// last SDL into a new SDL (content + hash), with the state tree roots before and after and the
// witness the proof needs; the SDL record, the consumed pending entries and the new state tree
// commit in one transaction.
import { sdlHash, type SdlContent, type StateDiff, type VerifiableWithDiffs } from '@verity/ledger'
import { SDL_TRANSACTIONS_MAX } from '../limits.ts'
import type { DomainStore } from '../store/DomainStore.ts'

/** The content of an SDL before its roots are known. */
export type SdlDraft = Omit<SdlContent, 'root_before' | 'root_after'>

/** A planned change of the shard's state tree: roots and witness of an SDL, not yet committed. */
export type SdlTreePlan = {
  rootBefore: string
  rootAfter: string
  /** what the SDL proof needs besides the content */
  witness: unknown
  /** the tree after the SDL, to store with it (meta key STATE_TREE_KEY) */
  snapshot: string
  /** makes the plan the tree's state (call once the SDL is stored) */
  commit(): void
  /** forgets the plan, restoring the tree as it was */
  rollback(): Promise<void>
}

/** The state-tree port: the shard's committed tree, advanced one SDL at a time. */
export interface SdlStateTree {
  plan(draft: SdlDraft): Promise<SdlTreePlan>
}

/** Meta key of the state tree snapshot as of the last SDL. */
export const STATE_TREE_KEY = 'state_tree'

type PendingCredit = { id: bigint; state_diff: StateDiff }

/** Creates the next SDL from the pending entries; null when nothing is pending. Call under the domain's SerialQueue. */
export async function cutSdl(deps: { store: DomainStore; shard: number; stateTree: SdlStateTree; log: { info(o: object, m: string): void } }): Promise<string | null> {
  const pending = await deps.store.listPending(SDL_TRANSACTIONS_MAX)
  if (pending.length === 0) return null
  const last = await deps.store.lastSdl()
  const lastContent = last?.content as SdlContent | undefined
  const credits: PendingCredit[] = []
  const transactions: VerifiableWithDiffs[] = []
  for (const { record } of pending) {
    if (record.kind === 'credit') credits.push(record.credit as PendingCredit)
    else transactions.push({ verifiable: record.verifiable, state_diffs: record.state_diffs } as VerifiableWithDiffs)
  }
  const fromCursor = lastContent?.incoming_credits.to_cursor ?? 0
  const draft: SdlDraft = {
    shard: deps.shard,
    sequence: (last?.seq ?? 0) + 1,
    previous_hash: last?.hash ?? null,
    incoming_credits: {
      from_cursor: fromCursor,
      to_cursor: credits.length === 0 ? fromCursor : Number(credits.at(-1)!.id),
      credits: credits.map((credit) => credit.state_diff),
    },
    transactions,
  }
  const plan = await deps.stateTree.plan(draft)
  const content: SdlContent = { ...draft, root_before: plan.rootBefore, root_after: plan.rootAfter }
  const hash = sdlHash(content)
  const nowMs = Date.now()
  try {
    await deps.store.createSdl({
      record: { hash, seq: draft.sequence, state: 'Submitted', content, witness: plan.witness, proof: null, guardrailInput: null, createdAtMs: nowMs, updatedAtMs: nowMs },
      pendingSeqMax: pending.at(-1)!.seq,
      meta: new Map([[STATE_TREE_KEY, plan.snapshot]]),
    })
  } catch (error) {
    await plan.rollback()
    throw error
  }
  plan.commit()
  deps.log.info({ hash, sequence: draft.sequence, transactions: transactions.length, credits: credits.length }, 'SDL created')
  return hash
}
