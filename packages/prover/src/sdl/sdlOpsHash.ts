import { decodeBase58, type HashDigest } from '@verity/core'
import { limits } from '@verity/ledger'
import type { Poseidon2 } from '../hash/poseidon2.ts'
import type { SdlBatch } from './sdlBatches.ts'

/** Shifts of the packed hash words, as circuits/sdl/src/main.nr packs them. */
const IS_NEW_SHIFT = 2n ** BigInt(limits.STATE_TREE_DEPTH)
const ACTIVE_SHIFT = 2n * IS_NEW_SHIFT
const LEAF_SHIFT = 8n

/** The SDL hash as two 128-bit field elements (high half, low half), as the circuit takes it. */
export function sdlHashLimbs(hash: HashDigest): [bigint, bigint] {
  const hex = Buffer.from(decodeBase58(hash, 'sdl hash', 32)).toString('hex')
  return [BigInt(`0x${hex.slice(0, 32)}`), BigInt(`0x${hex.slice(32)}`)]
}

/**
 * The public `ops_hash` of one batch, exactly as circuits/sdl/src/main.nr computes it: Poseidon2 of
 * (sdl hash high, low, batch index), then per leaf (index | is_new << DEPTH | active << DEPTH + 1,
 * key), padded to SDL_LEAVES_PER_PROOF with inactive zero leaves, then per operation
 * (kind | leaf << 3, a, b), padded to SDL_OPS_PER_PROOF with no-ops (all zero).
 */
export function sdlOpsHash(poseidon: Poseidon2, sdlHash: HashDigest, batchIndex: number, batch: SdlBatch): bigint {
  const [hi, lo] = sdlHashLimbs(sdlHash)
  const preimage = [hi, lo, BigInt(batchIndex)]
  for (let j = 0; j < limits.SDL_LEAVES_PER_PROOF; j++) {
    const leaf = batch.leaves[j]
    if (leaf === undefined) preimage.push(0n, 0n)
    else preimage.push(BigInt(leaf.index) + (leaf.isNew ? IS_NEW_SHIFT : 0n) + ACTIVE_SHIFT, leaf.key)
  }
  for (let i = 0; i < limits.SDL_OPS_PER_PROOF; i++) {
    const op = batch.ops[i]
    if (op === undefined) preimage.push(0n, 0n, 0n)
    else preimage.push(BigInt(op.kind) + BigInt(batch.leafOfOp[i]!) * LEAF_SHIFT, op.a, op.b)
  }
  return poseidon.hash(preimage)
}
