import { limits, sdlHash, sdlSlotOps, type PlacedSlotOp, type SdlContent } from '@verity/ledger'
import type { HashDigest } from '@verity/core'
import type { InputMap } from '@noir-lang/noir_js'
import { fieldHex } from '../hash/poseidon2.ts'
import type { StateTree } from './StateTree.ts'
import { SdlTreeRootMismatchError } from './sdlErrors.ts'
import { cutSdlBatches, type SdlBatch, type SdlBatchSlot } from './sdlBatches.ts'
import { chainedState } from './chainedState.ts'
import { nextSlotValue } from './nextSlotValue.ts'
import { sdlHashLimbs, sdlOpsHash } from './sdlOpsHash.ts'

/**
 * One proof's worth of an SDL: the circuit inputs and the public values they commit to. A batch
 * moves the chained state (the tree's root, or root and batch cache: chainedState) from
 * `stateBefore` to `stateAfter`; `pathCount` of its `slotCount` slots read or write the tree.
 */
export type SdlBatchWitness = { batchIndex: number; stateBefore: bigint; stateAfter: bigint; opsHash: bigint; opCount: number; slotCount: number; pathCount: number; inputs: InputMap }

/**
 * The layout of the SDL circuit's inputs a witness is built for (`SdlWitness.format`): the batch
 * shape (operations, slot positions, Merkle-path units, the cache chained between batch proofs) and
 * the names and types of `inputs`. A witness stored by a domain is proven later, possibly by
 * another version: bump this whenever the circuit's inputs change, so that a witness of another
 * layout is refused by name instead of failing inside noir_js. Bump it too when the slot
 * operations an SDL's content gives change (ledger `sdlSlotOps`): the verifier recomputes them, so
 * a stored witness of the old operations would no longer match, and when the batches they are cut
 * into change (`cutSdlBatches`), for the same reason. /2: a recipient's Role op comes once per SDL.
 * /3: the batch scheduler may run a slot's operations before earlier ones of other slots.
 */
export const SDL_WITNESS_FORMAT = 'sdl-batch-cache/3'

/** Everything needed to prove an SDL: one batch witness per batch of `cutSdlBatches`, in the input layout `format`. */
export type SdlWitness = { format: typeof SDL_WITNESS_FORMAT; sdlHash: HashDigest; rootBefore: string; rootAfter: string; opCount: number; batches: SdlBatchWitness[] }

/** SDL content before its roots are known. */
export type SdlDraft = Omit<SdlContent, 'root_before' | 'root_after'>

/**
 * A batch applied to the tree: each position's value as the batch starts (from the cache or the
 * tree) and as it ends, each unit's tree value and path as it ran, and the roots around it.
 */
type BatchStep = { batch: SdlBatch; startValues: bigint[]; finalValues: bigint[]; units: { oldValue: bigint; path: bigint[] }[]; rootBefore: bigint; rootAfter: bigint }

/**
 * Applies a new SDL to the tree and seals it: fills `root_before` and `root_after` into the
 * content and returns it with its witness. The tree is unchanged if a rule fails (SdlRuleError).
 */
export function sealSdl(tree: StateTree, draft: SdlDraft): { content: SdlContent; witness: SdlWitness } {
  const rootBefore = tree.rootHex
  const { steps, placed } = advance(tree, { ...draft, root_before: rootBefore, root_after: rootBefore })
  tree.directory.commit(placed)
  tree.settle()
  const content: SdlContent = { ...draft, root_before: rootBefore, root_after: tree.rootHex }
  return { content, witness: witnessOf(tree, content, steps) }
}

/**
 * Advances the tree by the SDL `content` (which must start at the tree's root and end at its
 * `root_after`) and returns the per-batch witnesses. Leaves the tree unchanged on failure.
 */
export function buildSdlWitness(tree: StateTree, content: SdlContent): SdlWitness {
  if (tree.rootHex !== content.root_before)
    throw new SdlTreeRootMismatchError({ which: 'root_before', expected: content.root_before, actual: tree.rootHex })
  const mark = tree.mark()
  const { steps, placed } = advance(tree, content)
  if (tree.rootHex !== content.root_after) {
    const actual = tree.rootHex
    tree.rollback(mark)
    throw new SdlTreeRootMismatchError({ which: 'root_after', expected: content.root_after, actual })
  }
  tree.directory.commit(placed)
  tree.settle()
  return witnessOf(tree, content, steps)
}

/**
 * Writes the SDL's slot operations into the tree, batch by batch as the circuit does: each slot
 * starts at its cached value or the tree's, the operations run on the current values (host rules
 * checked), then each unit, in position order, rewrites its slot's leaf unless the slot stays in
 * the cache. The caller commits the directory or rolls back.
 */
function advance(tree: StateTree, content: SdlContent): { steps: BatchStep[]; placed: PlacedSlotOp[] } {
  const placed = tree.directory.plan(sdlSlotOps(content))
  const mark = tree.mark()
  const steps: BatchStep[] = []
  let cache = new Map<bigint, bigint>()
  let opIndex = 0
  try {
    for (const batch of cutSdlBatches(placed)) {
      const startValues = batch.slots.map((slot) => {
        if (slot === undefined) return 0n
        if (slot.fromCache) return cache.get(slot.key)!
        return treeValue(tree, slot)
      })
      const finalValues = [...startValues]
      batch.ops.forEach((op, i) => {
        const position = batch.slotOfOp[i]!
        finalValues[position] = nextSlotValue(op, finalValues[position]!, opIndex++)
      })
      const rootBefore = tree.root
      const units = batch.units.map((position) => {
        const slot = batch.slots[position]!
        const unit = { oldValue: treeValue(tree, slot), path: tree.path(slot.index) }
        if (!slot.toCache) tree.write(slot.index, slot.key, finalValues[position]!)
        return unit
      })
      cache = new Map(batch.slots.flatMap((slot, position) => (slot?.toCache ? [[slot.key, finalValues[position]!] as const] : [])))
      steps.push({ batch, startValues, finalValues, units, rootBefore, rootAfter: tree.root })
    }
  } catch (error) {
    tree.rollback(mark)
    throw error
  }
  return { steps, placed }
}

/** The tree's value of a slot, checking that the plan and the tree agree on whether its leaf is empty. */
function treeValue(tree: StateTree, slot: SdlBatchSlot): bigint {
  if (slot.isNew !== tree.isEmpty(slot.index)) throw new Error(`slot directory and tree disagree at slot ${slot.index}`)
  return tree.valueAt(slot.index)
}

function witnessOf(tree: StateTree, content: SdlContent, steps: readonly BatchStep[]): SdlWitness {
  const hash = sdlHash(content)
  const [hi, lo] = sdlHashLimbs(hash)
  const poseidon = { hash: (inputs: readonly bigint[]) => tree.hash(inputs) }
  const zeroPath = Array.from({ length: limits.STATE_TREE_DEPTH }, () => fieldHex(0n))
  const batches = steps.map((step, batchIndex): SdlBatchWitness => {
    const { batch } = step
    const opsHash = sdlOpsHash(poseidon, hash, batchIndex, batch)
    const cachedIn = batch.slots.map((slot, j) => (slot?.fromCache ? step.startValues[j]! : 0n))
    const cachedOut = batch.slots.map((slot, j) => (slot?.toCache ? step.finalValues[j]! : 0n))
    const stateBefore = chainedState(poseidon, step.rootBefore, cachedIn, batch.slots.some((slot) => slot?.fromCache))
    const stateAfter = chainedState(poseidon, step.rootAfter, cachedOut, batch.slots.some((slot) => slot?.toCache))
    const ops = Array.from({ length: limits.SDL_OPS_PER_PROOF }, (_, i) => batch.ops[i])
    const inputs: InputMap = {
      sdl_hash_hi: fieldHex(hi),
      sdl_hash_lo: fieldHex(lo),
      batch_index: fieldHex(BigInt(batchIndex)),
      state_before: fieldHex(stateBefore),
      ops_hash: fieldHex(opsHash),
      root_before: fieldHex(step.rootBefore),
      slots: batch.slots.map((slot) => ({
        index: fieldHex(BigInt(slot?.index ?? 0)),
        key: fieldHex(slot?.key ?? 0n),
        is_new: fieldHex(slot?.isNew === true ? 1n : 0n),
        active: fieldHex(slot === undefined ? 0n : 1n),
        from_cache: fieldHex(slot?.fromCache === true ? 1n : 0n),
        to_cache: fieldHex(slot?.toCache === true ? 1n : 0n),
      })),
      cached_in: cachedIn.map(fieldHex),
      tree_in: batch.slots.map((slot, j) => fieldHex(slot !== undefined && !slot.fromCache ? step.startValues[j]! : 0n)),
      units: Array.from({ length: limits.SDL_PATHS_PER_PROOF }, (_, u) => {
        const unit = step.units[u]
        return unit === undefined
          ? { slot: fieldHex(0n), active: fieldHex(0n), old_value: fieldHex(0n), path: zeroPath }
          : { slot: fieldHex(BigInt(batch.units[u]!)), active: fieldHex(1n), old_value: fieldHex(unit.oldValue), path: unit.path.map(fieldHex) }
      }),
      ops: ops.map((op, i) => ({
        kind: fieldHex(BigInt(op?.kind ?? 0)),
        slot: fieldHex(BigInt(op === undefined ? 0 : batch.slotOfOp[i]!)),
        a: fieldHex(op?.a ?? 0n),
        b: fieldHex(op?.b ?? 0n),
      })),
    }
    const slotCount = batch.slots.filter(Boolean).length
    return { batchIndex, stateBefore, stateAfter, opsHash, opCount: batch.ops.length, slotCount, pathCount: batch.units.length, inputs }
  })
  const opCount = steps.reduce((sum, step) => sum + step.batch.ops.length, 0)
  return { format: SDL_WITNESS_FORMAT, sdlHash: hash, rootBefore: content.root_before, rootAfter: content.root_after, opCount, batches }
}
