import { decodeBase58 } from '../encoding/base58.ts'
import { InvalidAddressError } from '../errors/addressErrors.ts'
import type { HashDigest } from '../hash/sha256.ts'
import { ADDRESS_SHARD_MAX } from '../limits.ts'

/** The key of the native token in token maps. Any other token id is the address of its mint vault. */
export const NATIVE_TOKEN_ID = 'native'

/** A vault address, parsed. */
export type Address = Readonly<{ ownerId: HashDigest; shard: number }>

/** The address string `"<owner_id>,<shard>"` of the vault of `ownerId` on `shard`. */
export function formatAddress(ownerId: HashDigest, shard: number | bigint): string {
  const text = `${ownerId},${shard}`
  assertOwnerId(ownerId, text)
  assertShard(Number(shard), text)
  return text
}

/**
 * Parses `"<owner_id>,<shard>"`: owner id a HashDigest, shard a decimal integer from 1 to
 * ADDRESS_SHARD_MAX without sign or leading zeros. Throws `InvalidAddressError` naming the problem.
 */
export function parseAddress(text: string): Address {
  if (typeof text !== 'string') throw new InvalidAddressError({ value: String(text), reason: 'expected a string' })
  const parts = text.split(',')
  if (parts.length !== 2) throw new InvalidAddressError({ value: text, reason: 'expected "<owner_id>,<shard>"' })
  const [ownerId, shardText] = parts as [string, string]
  assertOwnerId(ownerId, text)
  if (!/^[1-9][0-9]{0,19}$/.test(shardText))
    throw new InvalidAddressError({ value: text, reason: `shard ${JSON.stringify(shardText)} is not an integer ≥ 1` })
  const shard = Number(shardText)
  assertShard(shard, text)
  return { ownerId, shard }
}

/** True when `value` is a HashDigest: base58 of exactly 32 bytes. */
export function isHashDigest(value: unknown): value is HashDigest {
  try {
    decodeBase58(value, 'value', 32)
    return true
  } catch {
    return false
  }
}

function assertOwnerId(ownerId: string, text: string): void {
  if (!isHashDigest(ownerId)) throw new InvalidAddressError({ value: text, reason: 'owner id is not base58 of 32 bytes' })
}

function assertShard(shard: number, text: string): void {
  if (!Number.isSafeInteger(shard) || shard < 1 || shard > ADDRESS_SHARD_MAX)
    throw new InvalidAddressError({ value: text, reason: `shard must be an integer from 1 to ${ADDRESS_SHARD_MAX}` })
}
