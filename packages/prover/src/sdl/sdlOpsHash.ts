import { decodeBase58, type HashDigest } from '@verity/core'
import { limits, SlotOpKind, type PlacedSlotOp } from '@verity/ledger'
import type { Poseidon2 } from './poseidon2.ts'

/** The padding operation of a short last batch: changes nothing. */
export const NOP_OP: PlacedSlotOp = { kind: SlotOpKind.Nop, key: 0n, a: 0n, b: 0n, index: 0, isNew: false }

/** The SDL hash as two 128-bit field elements (high half, low half), as the circuit takes it. */
export function sdlHashLimbs(hash: HashDigest): [bigint, bigint] {
  const hex = Buffer.from(decodeBase58(hash, 'sdl hash', 32)).toString('hex')
  return [BigInt(`0x${hex.slice(0, 32)}`), BigInt(`0x${hex.slice(32)}`)]
}

/** Splits ops into batches of SDL_OPS_PER_PROOF, padding the last with no-ops (at least one batch). */
export function batchOps(ops: readonly PlacedSlotOp[]): PlacedSlotOp[][] {
  const size = limits.SDL_OPS_PER_PROOF
  const batches: PlacedSlotOp[][] = []
  for (let start = 0; start < Math.max(ops.length, 1); start += size) {
    const batch = ops.slice(start, start + size)
    while (batch.length < size) batch.push(NOP_OP)
    batches.push(batch)
  }
  return batches
}

/**
 * The public `ops_hash` of one batch: Poseidon2 of (sdl hash high, low, batch index, then per op
 * kind, index, key, is_new, a, b), exactly as circuits/sdl/src/main.nr computes it.
 */
export function sdlOpsHash(poseidon: Poseidon2, sdlHash: HashDigest, batchIndex: number, batch: readonly PlacedSlotOp[]): bigint {
  const [hi, lo] = sdlHashLimbs(sdlHash)
  const preimage = [hi, lo, BigInt(batchIndex)]
  for (const op of batch) preimage.push(BigInt(op.kind), BigInt(op.index), op.key, op.isNew ? 1n : 0n, op.a, op.b)
  return poseidon.hash(preimage)
}
