import { decodeBase58, type HashDigest } from '@verity/core'
import { limits } from '@verity/ledger'
import type { Poseidon2 } from '../hash/poseidon2.ts'
import type { SdlBatch } from './sdlBatches.ts'

/** Shifts of the packed hash words, as circuits/sdl/src/main.nr packs them. */
const IS_NEW_SHIFT = 2n ** BigInt(limits.STATE_TREE_DEPTH)
const ACTIVE_SHIFT = 2n * IS_NEW_SHIFT
const FROM_CACHE_SHIFT = 2n * ACTIVE_SHIFT
const TO_CACHE_SHIFT = 2n * FROM_CACHE_SHIFT
const SLOT_SHIFT = 8n
const UNIT_ACTIVE_SHIFT = 32n
const UNIT_SHIFT = 64n

/** The SDL hash as two 128-bit field elements (high half, low half), as the circuit takes it. */
export function sdlHashLimbs(hash: HashDigest): [bigint, bigint] {
  const hex = Buffer.from(decodeBase58(hash, 'sdl hash', 32)).toString('hex')
  return [BigInt(`0x${hex.slice(0, 32)}`), BigInt(`0x${hex.slice(32)}`)]
}

/**
 * The public `ops_hash` of one batch, exactly as circuits/sdl/src/main.nr computes it: Poseidon2 of
 * (sdl hash high, low, batch index); per position (index | is_new << DEPTH | active << DEPTH + 1 |
 * from_cache << DEPTH + 2 | to_cache << DEPTH + 3, key), zero for an empty position; one word of the
 * path units, (position | active << 5) << 6u for unit u; then per operation (kind | position << 3,
 * a, b), padded to SDL_OPS_PER_PROOF with no-ops (all zero).
 */
export function sdlOpsHash(poseidon: Poseidon2, sdlHash: HashDigest, batchIndex: number, batch: SdlBatch): bigint {
  const [hi, lo] = sdlHashLimbs(sdlHash)
  const preimage = [hi, lo, BigInt(batchIndex)]
  for (let j = 0; j < limits.SDL_SLOTS_PER_PROOF; j++) {
    const slot = batch.slots[j]
    if (slot === undefined) preimage.push(0n, 0n)
    else {
      const flags = (slot.isNew ? IS_NEW_SHIFT : 0n) + ACTIVE_SHIFT + (slot.fromCache ? FROM_CACHE_SHIFT : 0n) + (slot.toCache ? TO_CACHE_SHIFT : 0n)
      preimage.push(BigInt(slot.index) + flags, slot.key)
    }
  }
  preimage.push(batch.units.reduce((word, position, u) => word + (BigInt(position) + UNIT_ACTIVE_SHIFT) * UNIT_SHIFT ** BigInt(u), 0n))
  for (let i = 0; i < limits.SDL_OPS_PER_PROOF; i++) {
    const op = batch.ops[i]
    if (op === undefined) preimage.push(0n, 0n, 0n)
    else preimage.push(BigInt(op.kind) + BigInt(batch.slotOfOp[i]!) * SLOT_SHIFT, op.a, op.b)
  }
  return poseidon.hash(preimage)
}
