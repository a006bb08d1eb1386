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

type Held<T extends SlotOp> = { op: T; fromCache: boolean; toCache: boolean }
type Cut<T extends SlotOp> = { ops: T[]; slotOfOp: number[]; held: (Held<T> | undefined)[] }

const SLOTS = limits.SDL_SLOTS_PER_PROOF
const PATHS = limits.SDL_PATHS_PER_PROOF

/**
 * When each operation may run: `gate[i]` operations on its slot must be done first. An operation
 * waits for every earlier one on its slot, except a Credit, which waits only for the last
 * non-Credit before it: consecutive credits to a slot commute (each only checks that the sum stays
 * under 2^64, and every partial sum of a run is at most the run's total, which the SDL's own order
 * reached). So every slot sees the same operations in the same order but for the order within such
 * runs, every rule holds whatever the values, and the SDL ends in the same state.
 */
function slotGates(ops: readonly SlotOp[]): number[] {
  const onSlot = new Map<bigint, { count: number; lastNonCredit: number }>()
  return ops.map((op) => {
    const slot = onSlot.get(op.key) ?? { count: 0, lastNonCredit: -1 }
    onSlot.set(op.key, slot)
    const gate = op.kind === SlotOpKind.Credit ? slot.lastNonCredit + 1 : slot.count
    if (op.kind !== SlotOpKind.Credit) slot.lastNonCredit = slot.count
    slot.count++
    return gate
  })
}

/** The scheduler's state across batches: the operations not yet placed (in SDL order), and per slot how many are done and left. */
type Schedule = { remaining: number[]; done: Map<bigint, number>; left: Map<bigint, number>; gates: number[] }

/**
 * Fills a batch that starts with the slots the cache carries over: over the first
 * SDL_SCHEDULE_WINDOW operations not yet placed, in SDL order, it takes each that its slot allows
 * (`slotGates`) and whose slot is held or finds a free position and path unit, until the batch
 * holds SDL_OPS_PER_PROOF. Returns the path units taken (slots read from the tree).
 */
function fillBatch<T extends SlotOp>(ops: readonly T[], schedule: Schedule, batch: Cut<T>): number {
  const positionOf = new Map<bigint, number>()
  batch.held.forEach((held, position) => held && positionOf.set(held.op.key, position))
  let units = 0
  const skipped: number[] = []
  const window = Math.min(schedule.remaining.length, SDL_SCHEDULE_WINDOW)
  let at = 0
  for (; at < window && batch.ops.length < limits.SDL_OPS_PER_PROOF; at++) {
    const i = schedule.remaining[at]!
    const op = ops[i]!
    if (op.kind === SlotOpKind.Nop) throw new Error('an SDL has no no-op slot operations')
    let position = positionOf.get(op.key)
    const blocked = (schedule.done.get(op.key) ?? 0) < schedule.gates[i]!
    if (blocked || (position === undefined && (units === PATHS || !batch.held.includes(undefined)))) {
      skipped.push(i)
      continue
    }
    if (position === undefined) {
      position = batch.held.indexOf(undefined)
      batch.held[position] = { op, fromCache: false, toCache: false }
      positionOf.set(op.key, position)
      units++
    }
    schedule.done.set(op.key, (schedule.done.get(op.key) ?? 0) + 1)
    schedule.left.set(op.key, schedule.left.get(op.key)! - 1)
    batch.ops.push(op)
    batch.slotOfOp.push(position)
  }
  schedule.remaining = [...skipped, ...schedule.remaining.slice(at)]
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
  const left = new Map<bigint, number>()
  for (const op of ops) left.set(op.key, (left.get(op.key) ?? 0) + 1)
  const schedule: Schedule = { remaining: ops.map((_, i) => i), done: new Map(), left, gates: slotGates(ops) }
  const batches: Cut<T>[] = []
  let carried: (T | undefined)[] = new Array(SLOTS).fill(undefined)
  while (schedule.remaining.length > 0 || carried.some(Boolean)) {
    const batch: Cut<T> = { ops: [], slotOfOp: [], held: carried.map((op) => (op ? { op, fromCache: true, toCache: false } : undefined)) }
    const units = fillBatch(ops, schedule, batch)
    if (batch.ops.length === 0 && !carried.some(Boolean)) throw new Error('SDL batch scheduling made no progress')
    closeBatch(batch, nextUses(ops, schedule), units, loadsAhead(ops, schedule.remaining, batch.held))
    carried = batch.held.map((held) => (held?.toCache ? held.op : undefined))
    batches.push(batch)
  }
  if (batches.length === 0) batches.push({ ops: [], slotOfOp: [], held: new Array(SLOTS).fill(undefined) })
  return batches
}

/**
 * Per slot with operations left, when it is needed next: the SDL position of its first operation
 * not yet placed among the first SDL_SCHEDULE_WINDOW; a slot whose operations all lie beyond the
 * window comes after every slot within it. A slot with none left is absent (never needed again).
 */
function nextUses(ops: readonly SlotOp[], schedule: Schedule): Map<bigint, number> {
  const next = new Map<bigint, number>()
  for (const [key, count] of schedule.left) if (count > 0) next.set(key, ops.length)
  const window = Math.min(schedule.remaining.length, SDL_SCHEDULE_WINDOW)
  for (let at = window - 1; at >= 0; at--) next.set(ops[schedule.remaining[at]!]!.key, schedule.remaining[at]!)
  return next
}

/**
 * How many slots the next batch would read from the tree: the distinct slots of the next
 * SDL_OPS_PER_PROOF operations not yet placed that this batch does not hold, at most SDL_PATHS_PER_PROOF.
 */
function loadsAhead<T extends SlotOp>(ops: readonly T[], remaining: readonly number[], held: readonly (Held<T> | undefined)[]): number {
  const holding = new Set(held.flatMap((slot) => (slot ? [slot.op.key] : [])))
  const loads = new Set<bigint>()
  for (let at = 0; at < Math.min(remaining.length, limits.SDL_OPS_PER_PROOF) && loads.size < PATHS; at++)
    if (!holding.has(ops[remaining[at]!]!.key)) loads.add(ops[remaining[at]!]!.key)
  return loads.size
}

/**
 * Decides which held slots stay in the cache (see `cut`); `nextUse` says when each slot is needed
 * next (absent: never), `units` counts the paths already taken, `loads` the positions the next
 * batch needs free.
 */
function closeBatch<T extends SlotOp>(batch: Cut<T>, nextUse: ReadonlyMap<bigint, number>, units: number, loads: number): void {
  const held = batch.held.filter((slot): slot is Held<T> => slot !== undefined)
  const nextUseOf = (slot: Held<T>) => nextUse.get(slot.op.key) ?? Infinity
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
