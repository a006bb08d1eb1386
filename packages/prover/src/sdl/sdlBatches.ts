import { limits, SlotOpKind, type PlacedSlotOp, type SlotOp } from '@verity/ledger'

/**
 * A slot of one batch, at its position: its tree position and key; whether the tree's leaf is
 * empty when the slot's path unit runs (`isNew`: allocated by this SDL and not yet written);
 * whether its value comes from the batch cache (else from the tree) and whether its final value
 * stays in the cache (else it is written to the tree).
 */
export type SdlBatchSlot = { index: number; key: bigint; isNew: boolean; fromCache: boolean; toCache: boolean }

/**
 * One proof's worth of an SDL (the circuit's plan, circuits/sdl/src/main.nr):
 * - `slots`: SDL_SLOTS_PER_PROOF positions, a slot or undefined; a slot the cache carries over keeps
 *   its position from one batch to the next;
 * - `ops`: at most SDL_OPS_PER_PROOF operations, `slotOfOp[i]` the position `ops[i]` works on;
 * - `units`: the positions whose slot reads from or writes to the tree, ascending, at most
 *   SDL_PATHS_PER_PROOF (one Merkle path each).
 */
export type SdlBatch = { ops: PlacedSlotOp[]; slots: (SdlBatchSlot | undefined)[]; slotOfOp: number[]; units: number[] }

type Held<T extends SlotOp> = { op: T; fromCache: boolean; toCache: boolean }
type Cut<T extends SlotOp> = { ops: T[]; slotOfOp: number[]; held: (Held<T> | undefined)[] }

const SLOTS = limits.SDL_SLOTS_PER_PROOF
const PATHS = limits.SDL_PATHS_PER_PROOF

/** For each operation, the position of the next operation on the same slot (Infinity: none). */
function nextUses(ops: readonly SlotOp[]): number[] {
  const next = new Array<number>(ops.length)
  const seen = new Map<bigint, number>()
  for (let i = ops.length - 1; i >= 0; i--) {
    next[i] = seen.get(ops[i]!.key) ?? Infinity
    seen.set(ops[i]!.key, i)
  }
  return next
}

/**
 * Cuts slot operations into batches, in order. A batch starts with the slots the cache carries
 * over (at their positions) and takes operations until it holds SDL_OPS_PER_PROOF, or the next
 * operation's slot finds no free position or no free path unit. At its close, a slot used again
 * later stays in the cache and the others are written to the tree; when that leaves fewer free
 * positions than the next batch would read from the tree (`loadsAhead`), the slots used again last
 * are written back too (paths allowing; Belady's rule); a cached slot written back takes a unit.
 * Batches without operations write back the cache until it is empty, so the last batch ends with
 * an empty cache. At least one batch (empty for an SDL
 * without slot operations). Deterministic from the operations, so the verifier recomputes it.
 */
function cut<T extends SlotOp>(ops: readonly T[]): Cut<T>[] {
  const nextUse = nextUses(ops)
  /** the next use of each held slot's key, from the op cursor */
  const useOf = new Map<bigint, number>()
  const batches: Cut<T>[] = []
  let carried: (T | undefined)[] = new Array(SLOTS).fill(undefined)
  let cursor = 0
  while (cursor < ops.length || carried.some(Boolean)) {
    const batch: Cut<T> = { ops: [], slotOfOp: [], held: carried.map((op) => (op ? { op, fromCache: true, toCache: false } : undefined)) }
    const positionOf = new Map<bigint, number>()
    batch.held.forEach((held, position) => held && positionOf.set(held.op.key, position))
    let units = 0
    for (; cursor < ops.length && batch.ops.length < limits.SDL_OPS_PER_PROOF; cursor++) {
      const op = ops[cursor]!
      if (op.kind === SlotOpKind.Nop) throw new Error('an SDL has no no-op slot operations')
      let position = positionOf.get(op.key)
      if (position === undefined) {
        position = batch.held.indexOf(undefined)
        if (position === -1 || units === PATHS) break
        batch.held[position] = { op, fromCache: false, toCache: false }
        positionOf.set(op.key, position)
        units++
      }
      useOf.set(op.key, nextUse[cursor]!)
      batch.ops.push(op)
      batch.slotOfOp.push(position)
    }
    closeBatch(batch, useOf, units, loadsAhead(ops, cursor, batch.held))
    carried = batch.held.map((held) => (held?.toCache ? held.op : undefined))
    batches.push(batch)
  }
  if (batches.length === 0) batches.push({ ops: [], slotOfOp: [], held: new Array(SLOTS).fill(undefined) })
  return batches
}

/**
 * How many slots the next batch would read from the tree: the distinct slots of the next
 * SDL_OPS_PER_PROOF operations that this batch does not hold, at most SDL_PATHS_PER_PROOF.
 */
function loadsAhead<T extends SlotOp>(ops: readonly T[], cursor: number, held: readonly (Held<T> | undefined)[]): number {
  const holding = new Set(held.flatMap((slot) => (slot ? [slot.op.key] : [])))
  const loads = new Set<bigint>()
  for (let i = cursor; i < Math.min(ops.length, cursor + limits.SDL_OPS_PER_PROOF) && loads.size < PATHS; i++)
    if (!holding.has(ops[i]!.key)) loads.add(ops[i]!.key)
  return loads.size
}

/**
 * Decides which held slots stay in the cache (see `cut`); `units` counts the paths already taken,
 * `loads` the positions the next batch needs free.
 */
function closeBatch<T extends SlotOp>(batch: Cut<T>, useOf: ReadonlyMap<bigint, number>, units: number, loads: number): void {
  const held = batch.held.filter((slot): slot is Held<T> => slot !== undefined)
  for (const slot of held) slot.toCache = useOf.get(slot.op.key)! !== Infinity
  // A cached slot not used again goes back to the tree while units last; the rest wait.
  for (const slot of held) {
    if (!slot.fromCache || slot.toCache) continue
    if (units < PATHS) units++
    else slot.toCache = true
  }
  // Keep room for the next batch's reads: write back the slots used again last (free when read this batch).
  const nextUseOf = (slot: Held<T>) => useOf.get(slot.op.key)!
  const kept = held.filter((slot) => slot.toCache).sort((x, y) => (nextUseOf(x) === nextUseOf(y) ? 0 : nextUseOf(x) < nextUseOf(y) ? 1 : -1))
  let free = SLOTS - kept.length
  for (const slot of kept) {
    if (free >= loads) break
    if (slot.fromCache && units === PATHS) continue
    if (slot.fromCache) units++
    slot.toCache = false
    free++
  }
}

/**
 * The batches of an SDL's placed slot operations (see `cut`): deterministic from the operations,
 * so the verifier recomputes the same batches. A slot is new for its unit while the tree's leaf is
 * empty: from its allocating operation until its value is first written to the tree.
 */
export function cutSdlBatches(ops: readonly PlacedSlotOp[]): SdlBatch[] {
  const emptyInTree = new Set<bigint>()
  for (const op of ops) if (op.isNew) emptyInTree.add(op.key)
  return cut(ops).map(({ ops: batchOps, slotOfOp, held }) => {
    const slots = held.map((slot): SdlBatchSlot | undefined =>
      slot && { index: slot.op.index, key: slot.op.key, isNew: emptyInTree.has(slot.op.key), fromCache: slot.fromCache, toCache: slot.toCache },
    )
    const units = slots.flatMap((slot, position) => (slot && !(slot.fromCache && slot.toCache) ? [position] : []))
    for (const slot of slots) if (slot && !slot.toCache) emptyInTree.delete(slot.key)
    if (units.length > PATHS) throw new Error(`batch plan takes ${units.length} paths, more than SDL_PATHS_PER_PROOF`)
    return { ops: batchOps, slots, slotOfOp, units }
  })
}

/** How many batch proofs an SDL with these slot operations needs (before they are placed). */
export function sdlBatchCount(ops: readonly SlotOp[]): number {
  return cut(ops).length
}
