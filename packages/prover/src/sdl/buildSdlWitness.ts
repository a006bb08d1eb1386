import { limits, sdlHash, sdlSlotOps, SlotOpKind, type PlacedSlotOp, type SdlContent } from '@verity/ledger'
import type { HashDigest } from '@verity/core'
import type { InputMap } from '@noir-lang/noir_js'
import { fieldHex, FIELD_MODULUS } from './poseidon2.ts'
import type { StateTree } from './StateTree.ts'
import { SdlTreeRootMismatchError, SdlRuleError } from './sdlErrors.ts'
import { batchOps, sdlHashLimbs, sdlOpsHash } from './sdlOpsHash.ts'

/** One proof's worth of an SDL: the circuit inputs and the public values they commit to. */
export type SdlBatchWitness = { batchIndex: number; rootBefore: bigint; rootAfter: bigint; opsHash: bigint; inputs: InputMap }

/** Everything needed to prove an SDL: one batch witness per SDL_OPS_PER_PROOF slot operations. */
export type SdlWitness = { sdlHash: HashDigest; rootBefore: string; rootAfter: string; opCount: number; batches: SdlBatchWitness[] }

/** SDL content before its roots are known. */
export type SdlDraft = Omit<SdlContent, 'root_before' | 'root_after'>

type Step = { op: PlacedSlotOp; old: bigint; path: bigint[]; rootBefore: bigint; rootAfter: bigint }

const U64_LIMIT = 2n ** 64n

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

/** Writes the SDL's slot operations into the tree; the caller commits the directory or rolls back. */
function advance(tree: StateTree, content: SdlContent): { steps: Step[]; placed: PlacedSlotOp[] } {
  const placed = tree.directory.plan(sdlSlotOps(content))
  const mark = tree.mark()
  const steps: Step[] = []
  try {
    placed.forEach((op, opIndex) => {
      if (op.isNew !== tree.isEmpty(op.index)) throw new Error(`slot directory and tree disagree at slot ${op.index}`)
      const old = tree.valueAt(op.index)
      const path = tree.path(op.index)
      const rootBefore = tree.root
      tree.write(op.index, op.key, nextValue(op, old, opIndex))
      steps.push({ op, old, path, rootBefore, rootAfter: tree.root })
    })
  } catch (error) {
    tree.rollback(mark)
    throw error
  }
  return { steps, placed }
}

/** The circuit's rule for one operation, checked on the host so a bad SDL fails before proving. */
function nextValue(op: PlacedSlotOp, old: bigint, opIndex: number): bigint {
  const fail = (reason: string): never => {
    throw new SdlRuleError({ opIndex, reason })
  }
  switch (op.kind) {
    case SlotOpKind.Credit:
      if (op.a >= U64_LIMIT || old + op.a >= U64_LIMIT) fail(`credit of ${op.a} to ${old} leaves the u64 range`)
      if (op.b === 1n && op.a === 0n) fail('a new mint cannot have zero supply')
      return old + op.a
    case SlotOpKind.Debit:
      if (op.a >= U64_LIMIT || op.a > old) fail(`debit of ${op.a} exceeds the balance ${old}`)
      return old - op.a
    case SlotOpKind.Nonce:
      if (old + 1n !== op.a) fail(`nonce ${op.a}, expected ${old + 1n}`)
      return op.a
    case SlotOpKind.Set:
      if (old !== op.a) fail(`slot holds ${old}, expected ${op.a}`)
      return op.b % FIELD_MODULUS
    case SlotOpKind.Role:
      if (old !== 0n && old !== op.a) fail(`vault role is ${old}, cannot become ${op.a}`)
      return op.a
    default:
      return fail(`unexpected op kind ${op.kind}`)
  }
}

function witnessOf(tree: StateTree, content: SdlContent, steps: Step[]): SdlWitness {
  const hash = sdlHash(content)
  const [hi, lo] = sdlHashLimbs(hash)
  const size = limits.SDL_OPS_PER_PROOF
  const batches = batchOps(steps.map((s) => s.op)).map((ops, batchIndex): SdlBatchWitness => {
    const batchSteps = steps.slice(batchIndex * size, (batchIndex + 1) * size)
    const rootBefore = batchSteps[0]?.rootBefore ?? tree.root
    const rootAfter = batchSteps.at(-1)?.rootAfter ?? tree.root
    const opsHash = sdlOpsHash({ hash: (x) => tree.hash(x) }, hash, batchIndex, ops)
    const padding = tree.path(0).map(() => 0n)
    const inputs: InputMap = {
      sdl_hash_hi: fieldHex(hi),
      sdl_hash_lo: fieldHex(lo),
      batch_index: fieldHex(BigInt(batchIndex)),
      root_before: fieldHex(rootBefore),
      ops_hash: fieldHex(opsHash),
      ops: ops.map((op) => ({
        kind: fieldHex(BigInt(op.kind)),
        index: fieldHex(BigInt(op.index)),
        key: fieldHex(op.key),
        is_new: fieldHex(op.isNew ? 1n : 0n),
        a: fieldHex(op.a),
        b: fieldHex(op.b),
      })),
      old_values: ops.map((_, i) => fieldHex(batchSteps[i]?.old ?? 0n)),
      paths: ops.map((_, i) => (batchSteps[i]?.path ?? padding).map(fieldHex)),
    }
    return { batchIndex, rootBefore, rootAfter, opsHash, inputs }
  })
  return { sdlHash: hash, rootBefore: content.root_before, rootAfter: content.root_after, opCount: steps.length, batches }
}
