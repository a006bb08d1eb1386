import { limits, SlotOpKind, type PlacedSlotOp, type SlotOp } from '@verity/ledger'

/** A distinct slot of one batch: its tree position and key, and whether the batch allocates it. */
export type SdlBatchLeaf = { index: number; key: bigint; isNew: boolean }

/**
 * One proof's worth of an SDL: at most SDL_OPS_PER_PROOF slot operations touching at most
 * SDL_LEAVES_PER_PROOF distinct slots (`leaves`, in order of first use); `leafOfOp[i]` is the
 * position in `leaves` of the slot that `ops[i]` touches.
 */
export type SdlBatch = { ops: PlacedSlotOp[]; leaves: SdlBatchLeaf[]; leafOfOp: number[] }

type Cut<T extends SlotOp> = { ops: T[]; firstOps: T[]; leafOfOp: number[] }

/**
 * Cuts slot operations into batches, in order: a batch closes when it holds SDL_OPS_PER_PROOF
 * operations, or when the next operation would touch one slot (key) more than
 * SDL_LEAVES_PER_PROOF. At least one batch (empty for an SDL without slot operations).
 */
function cut<T extends SlotOp>(ops: readonly T[]): Cut<T>[] {
  const batches: Cut<T>[] = []
  let batch: Cut<T> = { ops: [], firstOps: [], leafOfOp: [] }
  let leafByKey = new Map<bigint, number>()
  for (const op of ops) {
    if (op.kind === SlotOpKind.Nop) throw new Error('an SDL has no no-op slot operations')
    const isFull = batch.ops.length === limits.SDL_OPS_PER_PROOF || (!leafByKey.has(op.key) && batch.firstOps.length === limits.SDL_LEAVES_PER_PROOF)
    if (isFull) {
      batches.push(batch)
      batch = { ops: [], firstOps: [], leafOfOp: [] }
      leafByKey = new Map()
    }
    let leaf = leafByKey.get(op.key)
    if (leaf === undefined) {
      leaf = batch.firstOps.length
      leafByKey.set(op.key, leaf)
      batch.firstOps.push(op)
    }
    batch.ops.push(op)
    batch.leafOfOp.push(leaf)
  }
  batches.push(batch)
  return batches
}

/**
 * The batches of an SDL's placed slot operations (see `cut`): deterministic from the operations,
 * so the verifier recomputes the same batches. A leaf is new when its first operation in the batch
 * allocates the slot.
 */
export function cutSdlBatches(ops: readonly PlacedSlotOp[]): SdlBatch[] {
  return cut(ops).map(({ ops: batchOps, firstOps, leafOfOp }) => ({
    ops: batchOps,
    leaves: firstOps.map((op) => ({ index: op.index, key: op.key, isNew: op.isNew })),
    leafOfOp,
  }))
}

/** How many batch proofs an SDL with these slot operations needs (before they are placed). */
export function sdlBatchCount(ops: readonly SlotOp[]): number {
  return cut(ops).length
}
