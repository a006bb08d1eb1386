// The shard's state tree as of the root its settlement target holds: rebuilt from the domain's own
// SDLs (their content alone determines the tree, DESIGN §6), replayed in order until the tree's
// root is that root, and kept, so the next request only replays the SDLs settled since.
import type { SdlContent } from '@verity/ledger'
import { buildSdlWitness, StateTree } from '@verity/prover'
import type { DomainStore } from '../store/DomainStore.ts'

/** SDL summaries read per page while looking for the SDL that ends at a root. */
const SDL_PAGE_SIZE = 100

export type FinalizedTreeState = {
  tree: StateTree
  /** the domain's SDL that ends at the tree's root; null for the empty tree */
  sdl: { hash: string; sequence: number } | null
}

export class FinalizedStateTree {
  #state: FinalizedTreeState | undefined
  #queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly store: Pick<DomainStore, 'listSdls' | 'getSdl'>) {}

  /**
   * Runs `read` on the tree at `rootHex` (0x + 64 hex) and returns what it returns, or null when no
   * SDL of this domain ends at that root (the chain is ahead of this domain's store, or holds
   * another domain's history). Calls run one at a time, `read` included: they share one tree, and
   * no other call moves it while `read` looks at it.
   */
  readAt<T>(rootHex: string, read: (state: FinalizedTreeState) => T): Promise<T | null> {
    const result = this.#queue.then(async () => {
      const state = await this.#advanceTo(rootHex.toLowerCase())
      return state === null ? null : read(state)
    })
    this.#queue = result.catch(() => undefined)
    return result
  }

  async #advanceTo(rootHex: string): Promise<FinalizedTreeState | null> {
    const kept = this.#state
    if (kept !== undefined && (await this.#replay(kept, rootHex))) return kept
    // Not ahead of the kept tree (roots move forward, unless the chain reorganized): from the start.
    const fresh: FinalizedTreeState = { tree: await StateTree.create(), sdl: null }
    this.#state = fresh
    return (await this.#replay(fresh, rootHex)) ? fresh : null
  }

  /** Replays the SDLs after `state`'s until its root is `rootHex`; false when the SDLs run out first. */
  async #replay(state: FinalizedTreeState, rootHex: string): Promise<boolean> {
    for (let offset = state.sdl?.sequence ?? 0; state.tree.rootHex !== rootHex; ) {
      const page = await this.store.listSdls(offset, SDL_PAGE_SIZE)
      if (page.length === 0) return false
      for (const summary of page) {
        const record = await this.store.getSdl(summary.hash)
        if (record === null) return false
        // Advances the tree by the SDL's slot operations; throws when the SDL does not start at the tree's root.
        buildSdlWitness(state.tree, record.content as SdlContent)
        state.sdl = { hash: summary.hash, sequence: summary.seq }
        if (state.tree.rootHex === rootHex) return true
      }
      offset += page.length
    }
    return true
  }
}
