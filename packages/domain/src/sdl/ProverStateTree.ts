// The SdlStateTree port over @verity/prover's StateTree: the shard's Poseidon2 slot tree as of
// the last SDL, restored from its snapshot in the store at startup.
import { StateTree, sealSdl, type StateTreeSnapshot } from '@verity/prover'
import type { SdlContent } from '@verity/ledger'
import type { SdlDraft, SdlStateTree, SdlTreePlan } from './cutSdl.ts'

export class ProverStateTree implements SdlStateTree {
  #tree: StateTree
  #snapshot: string

  private constructor(tree: StateTree, snapshot: string) {
    this.#tree = tree
    this.#snapshot = snapshot
  }

  /** The tree of a stored snapshot (meta STATE_TREE_KEY), or the empty tree. */
  static async open(snapshot: string | null): Promise<ProverStateTree> {
    if (snapshot === null) {
      const tree = await StateTree.create()
      return new ProverStateTree(tree, JSON.stringify(tree.snapshot()))
    }
    return new ProverStateTree(await StateTree.fromSnapshot(JSON.parse(snapshot) as StateTreeSnapshot), snapshot)
  }

  get rootHex(): string {
    return this.#tree.rootHex
  }

  async plan(draft: SdlDraft): Promise<SdlTreePlan> {
    const previous = this.#snapshot
    // sealSdl advances the tree (and leaves it unchanged when a rule fails); undoing a sealed SDL
    // whose record could not be stored means restoring the previous snapshot.
    const sealed: { content: SdlContent; witness: unknown } = sealSdl(this.#tree, draft)
    const snapshot = JSON.stringify(this.#tree.snapshot())
    return {
      rootBefore: sealed.content.root_before,
      rootAfter: sealed.content.root_after,
      witness: sealed.witness,
      snapshot,
      commit: () => {
        this.#snapshot = snapshot
      },
      rollback: async () => {
        this.#tree = await StateTree.fromSnapshot(JSON.parse(previous) as StateTreeSnapshot)
      },
    }
  }
}
