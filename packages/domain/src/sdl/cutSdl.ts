// POST /sdls/submit: bundles the pending transactions and the incoming credits applied since the
// last SDL into a new SDL (content + hash), with the state tree roots before and after and the
// witness the proof needs; the SDL record, the consumed pending entries and the new state tree
// commit in one transaction.
import { limits as baseLayerLimits } from '@verity/base-layer'
import { sdlBatchCount } from '@verity/prover'
import { sdlHash, spentSetKeysOf, sdlSlotOps, type SdlContent, type StateDiff, type VerifiableWithDiffs } from '@verity/ledger'
import { mandateIdentityOf } from '@verity/sdk'
import { SDL_TRANSACTIONS_MAX } from '../limits.ts'
import type { DomainStore, PendingEntry } from '../store/DomainStore.ts'

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

export type CutSdlDeps = {
  store: DomainStore
  shard: number
  stateTree: SdlStateTree
  /** guardrails configured: each adds one policy proof per transaction */
  guardrailCount: number
  log: { info(o: object, m: string): void; warn(o: object, m: string): void }
}

function draftOf(entries: readonly PendingEntry[], shard: number, last: { seq: number; hash: string; content: SdlContent } | null): { draft: SdlDraft; credits: number } {
  const credits: PendingCredit[] = []
  const transactions: VerifiableWithDiffs[] = []
  for (const { record } of entries) {
    if (record.kind === 'credit') credits.push(record.credit as PendingCredit)
    else transactions.push({ verifiable: record.verifiable, state_diffs: record.state_diffs } as VerifiableWithDiffs)
  }
  const fromCursor = last?.content.incoming_credits.to_cursor ?? 0
  const draft: SdlDraft = {
    shard,
    sequence: (last?.seq ?? 0) + 1,
    previous_hash: last?.hash ?? null,
    incoming_credits: {
      from_cursor: fromCursor,
      to_cursor: credits.length === 0 ? fromCursor : Number(credits.at(-1)!.id),
      credits: credits.map((credit) => credit.state_diff),
    },
    transactions,
  }
  return { draft, credits: credits.length }
}

/** Proof artifacts an SDL needs: its batch proofs (`sdlBatchCount`), and one policy proof per transaction per guardrail. */
export function sdlProofCounts(draft: SdlDraft, guardrailCount: number): { batchProofs: number; guardrailProofs: number } {
  const ops = sdlSlotOps({ ...draft, root_before: '', root_after: '' })
  return { batchProofs: sdlBatchCount(ops), guardrailProofs: draft.transactions.length * guardrailCount }
}

/** True when the settlement target accepts an SDL with these proofs (at most `batchProofsMax` batch proofs, SDL_GUARDRAIL_PROOFS_MAX guardrail proofs). */
export function sdlProofsFit(counts: { batchProofs: number; guardrailProofs: number }, batchProofsMax: number = baseLayerLimits.SDL_BATCH_PROOFS_MAX): boolean {
  return counts.batchProofs <= batchProofsMax && counts.guardrailProofs <= baseLayerLimits.SDL_GUARDRAIL_PROOFS_MAX
}

/** True when the base layer accepts the SDL's mandate payments (at most SDL_MANDATE_PAYMENTS_MAX: each is a bundle it verifies). */
export function sdlMandatePaymentsFit(draft: SdlDraft): boolean {
  return draft.transactions.filter((tx) => 'MandatePayment' in tx.verifiable).length <= baseLayerLimits.SDL_MANDATE_PAYMENTS_MAX
}

/**
 * The longest prefix of the pending entries whose SDL the settlement target can accept (see
 * `sdlProofsFit`): an SDL it refuses would stall the shard, since later SDLs chain on it. The rest
 * stays pending for the next SDL. At least 1 (an entry that alone does not fit goes alone).
 */
export function fittingPrefix<T>(entries: readonly T[], fits: (prefix: readonly T[]) => boolean): number {
  if (fits(entries)) return entries.length
  let low = 1
  let high = entries.length - 1
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (fits(entries.slice(0, middle))) low = middle
    else high = middle - 1
  }
  return low
}

/** Creates the next SDL from the pending entries; null when nothing is pending. Call under the domain's SerialQueue. */
export async function cutSdl(deps: CutSdlDeps): Promise<string | null> {
  const pending = await deps.store.listPending(SDL_TRANSACTIONS_MAX)
  if (pending.length === 0) return null
  const lastRecord = await deps.store.lastSdl()
  const last = lastRecord === null ? null : { seq: lastRecord.seq, hash: lastRecord.hash, content: lastRecord.content as SdlContent }
  const batchProofsMax = baseLayerLimits.SDL_BATCH_PROOFS_MAX
  const fits = (prefix: readonly PendingEntry[]) => {
    const { draft } = draftOf(prefix, deps.shard, last)
    return sdlProofsFit(sdlProofCounts(draft, deps.guardrailCount), batchProofsMax) && sdlMandatePaymentsFit(draft)
  }
  const count = fittingPrefix(pending, fits)
  const entries = pending.slice(0, count)
  if (!fits(entries))
    deps.log.warn({ batchProofsMax, guardrailProofsMax: baseLayerLimits.SDL_GUARDRAIL_PROOFS_MAX }, 'a single pending transaction needs more proofs than the base layer accepts per SDL')
  const { draft, credits } = draftOf(entries, deps.shard, last)
  const plan = await deps.stateTree.plan(draft)
  const content: SdlContent = { ...draft, root_before: plan.rootBefore, root_after: plan.rootAfter }
  const hash = sdlHash(content)
  const nowMs = Date.now()
  try {
    await deps.store.createSdl({
      record: { hash, seq: draft.sequence, state: 'Submitted', content, witness: plan.witness, proof: null, guardrailInput: null, createdAtMs: nowMs, updatedAtMs: nowMs },
      pendingSeqMax: entries.at(-1)!.seq,
      meta: new Map([[STATE_TREE_KEY, plan.snapshot]]),
      mandateKeys: mandateKeysOf(draft.transactions),
    })
  } catch (error) {
    await plan.rollback()
    throw error
  }
  plan.commit()
  deps.log.info({ hash, sequence: draft.sequence, transactions: draft.transactions.length, credits, stillPending: pending.length - count }, 'SDL created')
  return hash
}

/** The spent-set keys of the mandate payments among `transactions` (each was verified when applied: its bundle names its intent), today's and the legacy one of a payment applied before schema 6. */
function mandateKeysOf(transactions: readonly VerifiableWithDiffs[]): string[] {
  const keys: string[] = []
  for (const { verifiable } of transactions) {
    if (!('MandatePayment' in verifiable)) continue
    const identity = mandateIdentityOf(verifiable.MandatePayment.proof_bundle)
    if (identity !== null) keys.push(...spentSetKeysOf(identity))
  }
  return keys
}
