import { limits, SlotOpKind, type PlacedSlotOp, type SlotOp } from '@verity/ledger'
import { SDL_SCHEDULE_WINDOW } from '../limits.ts'

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

type Held<T extends SlotOp> = { op: T; slot: number; fromCache: boolean; toCache: boolean }
type Cut<T extends SlotOp> = { ops: T[]; slotOfOp: number[]; held: (Held<T> | undefined)[] }

const SLOTS = limits.SDL_SLOTS_PER_PROOF
const PATHS = limits.SDL_PATHS_PER_PROOF

/**
 * The scheduler's state across batches: per operation its slot (numbered by first use) and its
 * gate (how many operations on its slot must be done before it runs, `slotGates`); per slot how
 * many are done and left; the operations not yet placed, in SDL order: the first `remainingCount`
 * of `remaining` (compacted in place as batches take operations, so a batch costs its window's
 * steps and one move of the queue's tail, not a copy of the queue).
 */
type Schedule = { slotOf: Int32Array; gates: Int32Array; done: Int32Array; left: Int32Array; remaining: Int32Array; remainingCount: number }

/**
 * When each operation may run: an operation waits for every earlier one on its slot, except a
 * Credit, which waits only for the last non-Credit before it: consecutive credits to a slot commute
 * (each only checks that the sum stays under 2^64, and every partial sum of a run is at most the
 * run's total, which the SDL's own order reached). So every slot sees the same operations in the
 * same order but for the order within such runs, every rule holds whatever the values, and the SDL
 * ends in the same state.
 */
function newSchedule(ops: readonly SlotOp[]): Schedule {
  const idOf = new Map<bigint, number>()
  const slotOf = new Int32Array(ops.length)
  const gates = new Int32Array(ops.length)
  const count: number[] = []
  const lastNonCredit: number[] = []
  ops.forEach((op, i) => {
    let slot = idOf.get(op.key)
    if (slot === undefined) idOf.set(op.key, (slot = count.push(0) - 1)), lastNonCredit.push(-1)
    slotOf[i] = slot
    gates[i] = op.kind === SlotOpKind.Credit ? lastNonCredit[slot]! + 1 : count[slot]!
    if (op.kind !== SlotOpKind.Credit) lastNonCredit[slot] = count[slot]!
    count[slot]!++
  })
  const remaining = new Int32Array(ops.length)
  for (let i = 0; i < ops.length; i++) remaining[i] = i
  return { slotOf, gates, done: new Int32Array(count.length), left: Int32Array.from(count), remaining, remainingCount: ops.length }
}

/**
 * Fills a batch that starts with the slots the cache carries over: over the first
 * SDL_SCHEDULE_WINDOW operations not yet placed, in SDL order, it takes each that its slot allows
 * (its gate is passed) and whose slot is held or finds a free position and path unit, until the
 * batch holds SDL_OPS_PER_PROOF. Returns the path units taken (slots read from the tree).
 */
function fillBatch<T extends SlotOp>(ops: readonly T[], schedule: Schedule, batch: Cut<T>): number {
  const positionOf = new Map<number, number>()
  batch.held.forEach((held, position) => held && positionOf.set(held.slot, position))
  let units = 0
  // Skipped operations are written back in order at the queue's front (`kept`), taken ones dropped.
  let kept = 0
  const window = Math.min(schedule.remainingCount, SDL_SCHEDULE_WINDOW)
  let at = 0
  for (; at < window && batch.ops.length < limits.SDL_OPS_PER_PROOF; at++) {
    const i = schedule.remaining[at]!
    const op = ops[i]!
    const slot = schedule.slotOf[i]!
    if (op.kind === SlotOpKind.Nop) throw new Error('an SDL has no no-op slot operations')
    let position = positionOf.get(slot)
    if (schedule.done[slot]! < schedule.gates[i]! || (position === undefined && (units === PATHS || positionOf.size === SLOTS))) {
      schedule.remaining[kept++] = i
      continue
    }
    if (position === undefined) {
      position = batch.held.indexOf(undefined)
      batch.held[position] = { op, slot, fromCache: false, toCache: false }
      positionOf.set(slot, position)
      units++
    }
    schedule.done[slot]!++
    schedule.left[slot]!--
    batch.ops.push(op)
    batch.slotOfOp.push(position)
  }
  schedule.remaining.copyWithin(kept, at, schedule.remainingCount)
  schedule.remainingCount -= at - kept
  return units
}

/**
 * Cuts slot operations into batches. A batch starts with the slots the cache carries over (at their
 * positions) and takes operations (`fillBatch`: an operation may run before an earlier one of
 * another slot, and a run of credits to one slot in another order). At its close, a slot with
 * operations left stays in the cache and the others are written to the tree; when that leaves fewer
 * free positions than the next batch would read from the tree (`loadsAhead`), the slots needed again
 * last are written back too (paths allowing; Belady's rule); a cached slot written back takes a
 * unit. Batches without operations write back the cache until it is empty, so the last batch ends
 * with an empty cache. At least one batch (empty for an SDL without slot operations).
 * Deterministic from the operations, so the verifier recomputes it.
 */
function cut<T extends SlotOp>(ops: readonly T[]): Cut<T>[] {
  const schedule = newSchedule(ops)
  const batches: Cut<T>[] = []
  let carried: (Held<T> | undefined)[] = new Array(SLOTS).fill(undefined)
  while (schedule.remainingCount > 0 || carried.some(Boolean)) {
    const batch: Cut<T> = { ops: [], slotOfOp: [], held: carried.map((held) => held && { op: held.op, slot: held.slot, fromCache: true, toCache: false }) }
    const units = fillBatch(ops, schedule, batch)
    if (batch.ops.length === 0 && !carried.some(Boolean)) throw new Error('SDL batch scheduling made no progress')
    closeBatch(batch, nextUses(schedule, batch.held, ops.length), units, loadsAhead(schedule, batch.held))
    carried = batch.held.map((held) => (held?.toCache ? held : undefined))
    batches.push(batch)
  }
  if (batches.length === 0) batches.push({ ops: [], slotOfOp: [], held: new Array(SLOTS).fill(undefined) })
  return batches
}

/**
 * When each held slot is needed next: the SDL position of its first operation not yet placed among
 * the first SDL_SCHEDULE_WINDOW (`never`, Infinity, for a slot with none left; after every other,
 * `beyond`, for one whose operations all lie beyond the window).
 */
function nextUses<T extends SlotOp>(schedule: Schedule, held: readonly (Held<T> | undefined)[], beyond: number): Map<number, number> {
  const next = new Map<number, number>()
  const wanted = new Set(held.flatMap((slot) => (slot && schedule.left[slot.slot]! > 0 ? [slot.slot] : [])))
  const window = Math.min(schedule.remainingCount, SDL_SCHEDULE_WINDOW)
  for (let at = 0; at < window && next.size < wanted.size; at++) {
    const slot = schedule.slotOf[schedule.remaining[at]!]!
    if (wanted.has(slot) && !next.has(slot)) next.set(slot, schedule.remaining[at]!)
  }
  for (const slot of wanted) if (!next.has(slot)) next.set(slot, beyond)
  return next
}

/**
 * How many slots the next batch would read from the tree: the distinct slots of the next
 * SDL_OPS_PER_PROOF operations not yet placed that this batch does not hold, at most SDL_PATHS_PER_PROOF.
 */
function loadsAhead<T extends SlotOp>(schedule: Schedule, held: readonly (Held<T> | undefined)[]): number {
  const holding = new Set(held.flatMap((slot) => (slot ? [slot.slot] : [])))
  const loads = new Set<number>()
  for (let at = 0; at < Math.min(schedule.remainingCount, limits.SDL_OPS_PER_PROOF) && loads.size < PATHS; at++) {
    const slot = schedule.slotOf[schedule.remaining[at]!]!
    if (!holding.has(slot)) loads.add(slot)
  }
  return loads.size
}

/**
 * Decides which held slots stay in the cache (see `cut`); `nextUse` says when each slot is needed
 * next (absent: never), `units` counts the paths already taken, `loads` the positions the next
 * batch needs free.
 */
function closeBatch<T extends SlotOp>(batch: Cut<T>, nextUse: ReadonlyMap<number, number>, units: number, loads: number): void {
  const held = batch.held.filter((slot): slot is Held<T> => slot !== undefined)
  const nextUseOf = (slot: Held<T>) => nextUse.get(slot.slot) ?? Infinity
  for (const slot of held) slot.toCache = nextUseOf(slot) !== Infinity
  // A cached slot not used again goes back to the tree while units last; the rest wait.
  for (const slot of held) {
    if (!slot.fromCache || slot.toCache) continue
    if (units < PATHS) units++
    else slot.toCache = true
  }
  // Keep room for the next batch's reads: write back the slots needed again last (free when read this batch).
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
