import type { Poseidon2 } from '../hash/poseidon2.ts'

/** Separates a chained state from every other Poseidon2 input of the SDL circuit ("verity-sdl-chain"). */
export const SDL_CHAIN_TAG = 0x7665726974792d73646c2d636861696en

/**
 * The state an SDL batch proof starts or ends at, as circuits/sdl/src/main.nr computes it: the
 * state tree's root while the batch cache is empty (so an SDL's first batch starts at the shard's
 * root and its last ends at the new root), else Poseidon2(SDL_CHAIN_TAG, root, Poseidon2(cached)),
 * `cached` holding the cache's value at each of the SDL_SLOTS_PER_PROOF positions (0 where empty).
 */
export function chainedState(poseidon: Poseidon2, root: bigint, cached: readonly bigint[], cacheUsed: boolean): bigint {
  return cacheUsed ? poseidon.hash([SDL_CHAIN_TAG, root, poseidon.hash(cached)]) : root
}
