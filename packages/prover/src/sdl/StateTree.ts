import assert from 'node:assert/strict'
import { SlotDirectory, limits } from '@verity/ledger'
import { fieldHex, loadPoseidon2, type Poseidon2 } from '../hash/poseidon2.ts'

/** A StateTree as stored: slot keys and values in index order (decimal strings). */
export type StateTreeSnapshot = { depth: number; keys: string[]; values: string[] }

/**
 * The shard's state commitment: a sparse Merkle tree of depth STATE_TREE_DEPTH over Poseidon2,
 * whose leaf i is H(key_i, value_i) for a written slot and 0 for an empty one. Slots are
 * allocated append-only (SlotDirectory); within an SDL a slot may be written after later ones (the
 * batch cache holds it meanwhile), but every allocated slot is written when an SDL ends. Changes can be undone back to a mark, so a failed
 * witness build leaves the tree as it was. Persist with `snapshot()` / `StateTree.fromSnapshot`.
 */
export class StateTree {
  readonly depth = limits.STATE_TREE_DEPTH
  readonly directory: SlotDirectory
  /** slot values by index; a hole is a slot not written yet */
  private readonly values: (bigint | undefined)[] = []
  /** nodes[level] maps a position to its hash; absent = the empty subtree of that level */
  private readonly nodes: Map<number, bigint>[] = []
  private readonly zeros: bigint[] = []
  /** level -1 entries restore slot values; others restore node hashes */
  private readonly undo: { level: number; position: number; previous: bigint | undefined }[] = []

  private constructor(private readonly poseidon: Poseidon2, directory: SlotDirectory) {
    this.directory = directory
    this.zeros.push(0n)
    for (let level = 0; level < this.depth; level++) this.zeros.push(poseidon.hash([this.zeros[level]!, this.zeros[level]!]))
    for (let level = 0; level <= this.depth; level++) this.nodes.push(new Map())
  }

  /** An empty tree. */
  static async create(): Promise<StateTree> {
    return new StateTree(await loadPoseidon2(), new SlotDirectory())
  }

  /** Rebuilds a tree from its snapshot (recomputes every hash). */
  static async fromSnapshot(snapshot: StateTreeSnapshot): Promise<StateTree> {
    assert.equal(snapshot.depth, limits.STATE_TREE_DEPTH, 'state tree depth changed')
    assert.equal(snapshot.keys.length, snapshot.values.length)
    const tree = new StateTree(await loadPoseidon2(), SlotDirectory.fromKeys(snapshot.keys.map(BigInt)))
    snapshot.values.forEach((value, index) => tree.write(index, BigInt(snapshot.keys[index]!), BigInt(value)))
    tree.undo.length = 0
    return tree
  }

  snapshot(): StateTreeSnapshot {
    for (let index = 0; index < this.values.length; index++) assert(this.values[index] !== undefined, `slot ${index} is allocated but not written`)
    return { depth: this.depth, keys: this.directory.keys().map(String), values: this.values.map(String) }
  }

  get root(): bigint {
    return this.node(this.depth, 0)
  }

  get rootHex(): string {
    return fieldHex(this.root)
  }

  /** The value of slot `index` (0 for an empty slot). */
  valueAt(index: number): bigint {
    return this.values[index] ?? 0n
  }

  /** True when slot `index` has never been written. */
  isEmpty(index: number): boolean {
    return this.values[index] === undefined
  }

  /** Sibling hashes from the leaf up. */
  path(index: number): bigint[] {
    const siblings: bigint[] = []
    let position = index
    for (let level = 0; level < this.depth; level++) {
      siblings.push(this.node(level, position ^ 1))
      position >>= 1
    }
    return siblings
  }

  /** Writes slot `index` and rehashes its path. */
  write(index: number, key: bigint, value: bigint): void {
    assert(Number.isInteger(index) && index >= 0 && index < limits.STATE_SLOTS_MAX, 'slot index outside the tree')
    this.undo.push({ level: -1, position: index, previous: this.values[index] })
    this.values[index] = value
    let hash = this.poseidon.hash([key, value])
    let position = index
    for (let level = 0; level <= this.depth; level++) {
      this.setNode(level, position, hash)
      if (level === this.depth) break
      const left = position % 2 === 0 ? hash : this.node(level, position - 1)
      const right = position % 2 === 0 ? this.node(level, position + 1) : hash
      hash = this.poseidon.hash([left, right])
      position >>= 1
    }
  }

  hash(inputs: readonly bigint[]): bigint {
    return this.poseidon.hash(inputs)
  }

  /** A point to roll back to. */
  mark(): { undo: number; size: number } {
    return { undo: this.undo.length, size: this.values.length }
  }

  /** Undoes every write since `mark`. */
  rollback(mark: { undo: number; size: number }): void {
    while (this.undo.length > mark.undo) {
      const entry = this.undo.pop()!
      if (entry.level === -1) this.values[entry.position] = entry.previous
      else if (entry.previous === undefined) this.nodes[entry.level]!.delete(entry.position)
      else this.nodes[entry.level]!.set(entry.position, entry.previous)
    }
    this.values.length = mark.size
  }

  /** Forgets the undo log (after the changes were accepted). */
  settle(): void {
    this.undo.length = 0
  }

  private node(level: number, position: number): bigint {
    return this.nodes[level]!.get(position) ?? this.zeros[level]!
  }

  private setNode(level: number, position: number, hash: bigint): void {
    this.undo.push({ level, position, previous: this.nodes[level]!.get(position) })
    this.nodes[level]!.set(position, hash)
  }
}
