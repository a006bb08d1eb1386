import { limits, sdlHash, sdlSlotOps, type PlacedSlotOp, type SdlContent } from '@verity/ledger'
import type { HashDigest } from '@verity/core'
import type { InputMap } from '@noir-lang/noir_js'
import { fieldHex } from '../hash/poseidon2.ts'
import type { StateTree } from './StateTree.ts'
import { SdlTreeRootMismatchError } from './sdlErrors.ts'
import { cutSdlBatches, type SdlBatch } from './sdlBatches.ts'
import { nextSlotValue } from './nextSlotValue.ts'
import { sdlHashLimbs, sdlOpsHash } from './sdlOpsHash.ts'

/** One proof's worth of an SDL: the circuit inputs and the public values they commit to. */
export type SdlBatchWitness = { batchIndex: number; rootBefore: bigint; rootAfter: bigint; opsHash: bigint; opCount: number; leafCount: number; inputs: InputMap }

/** Everything needed to prove an SDL: one batch witness per batch of `cutSdlBatches`. */
export type SdlWitness = { sdlHash: HashDigest; rootBefore: string; rootAfter: string; opCount: number; batches: SdlBatchWitness[] }

/** SDL content before its roots are known. */
export type SdlDraft = Omit<SdlContent, 'root_before' | 'root_after'>

/** A batch applied to the tree: each leaf's value before the batch and its path when it was rewritten. */
type BatchStep = { batch: SdlBatch; oldValues: bigint[]; paths: bigint[][]; rootBefore: bigint; rootAfter: bigint }

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
 * Writes the SDL's slot operations into the tree, batch by batch as the circuit does: the
 * operations run on their slots' current values (host rules checked), then each slot of the batch
 * is rewritten in leaf order. The caller commits the directory or rolls back.
 */
function advance(tree: StateTree, content: SdlContent): { steps: BatchStep[]; placed: PlacedSlotOp[] } {
  const placed = tree.directory.plan(sdlSlotOps(content))
  const mark = tree.mark()
  const steps: BatchStep[] = []
  let opIndex = 0
  try {
    for (const batch of cutSdlBatches(placed)) {
      const oldValues = batch.leaves.map((leaf) => {
        if (leaf.isNew !== tree.isEmpty(leaf.index)) throw new Error(`slot directory and tree disagree at slot ${leaf.index}`)
        return tree.valueAt(leaf.index)
      })
      const values = [...oldValues]
      batch.ops.forEach((op, i) => {
        const leaf = batch.leafOfOp[i]!
        values[leaf] = nextSlotValue(op, values[leaf]!, opIndex++)
      })
      const rootBefore = tree.root
      const paths = batch.leaves.map((leaf, j) => {
        const path = tree.path(leaf.index)
        tree.write(leaf.index, leaf.key, values[j]!)
        return path
      })
      steps.push({ batch, oldValues, paths, rootBefore, rootAfter: tree.root })
    }
  } catch (error) {
    tree.rollback(mark)
    throw error
  }
  return { steps, placed }
}

function witnessOf(tree: StateTree, content: SdlContent, steps: readonly BatchStep[]): SdlWitness {
  const hash = sdlHash(content)
  const [hi, lo] = sdlHashLimbs(hash)
  const poseidon = { hash: (inputs: readonly bigint[]) => tree.hash(inputs) }
  const zeroPath = Array.from({ length: limits.STATE_TREE_DEPTH }, () => fieldHex(0n))
  const batches = steps.map((step, batchIndex): SdlBatchWitness => {
    const { batch } = step
    const opsHash = sdlOpsHash(poseidon, hash, batchIndex, batch)
    const leaves = Array.from({ length: limits.SDL_LEAVES_PER_PROOF }, (_, j) => batch.leaves[j])
    const ops = Array.from({ length: limits.SDL_OPS_PER_PROOF }, (_, i) => batch.ops[i])
    const inputs: InputMap = {
      sdl_hash_hi: fieldHex(hi),
      sdl_hash_lo: fieldHex(lo),
      batch_index: fieldHex(BigInt(batchIndex)),
      root_before: fieldHex(step.rootBefore),
      ops_hash: fieldHex(opsHash),
      leaves: leaves.map((leaf) => ({
        index: fieldHex(BigInt(leaf?.index ?? 0)),
        key: fieldHex(leaf?.key ?? 0n),
        is_new: fieldHex(leaf?.isNew === true ? 1n : 0n),
        active: fieldHex(leaf === undefined ? 0n : 1n),
      })),
      old_values: leaves.map((_, j) => fieldHex(step.oldValues[j] ?? 0n)),
      paths: leaves.map((_, j) => step.paths[j]?.map(fieldHex) ?? zeroPath),
      ops: ops.map((op, i) => ({
        kind: fieldHex(BigInt(op?.kind ?? 0)),
        leaf: fieldHex(BigInt(op === undefined ? 0 : batch.leafOfOp[i]!)),
        a: fieldHex(op?.a ?? 0n),
        b: fieldHex(op?.b ?? 0n),
      })),
    }
    return { batchIndex, rootBefore: step.rootBefore, rootAfter: step.rootAfter, opsHash, opCount: batch.ops.length, leafCount: batch.leaves.length, inputs }
  })
  const opCount = steps.reduce((sum, step) => sum + step.batch.ops.length, 0)
  return { sdlHash: hash, rootBefore: content.root_before, rootAfter: content.root_after, opCount, batches }
}
