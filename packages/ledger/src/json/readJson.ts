/**
 * Small readers that check one JSON value where it arrives and name the field on failure.
 * Integers may come as `number` (exact, from JSON.parse) or `bigint` (from parseJsonBigint).
 */
import { isVerityError, NATIVE_TOKEN_ID } from '@verity/core'
import { parseAddressMemo } from '../laws/addressMemo.ts'
import { MalformedVerifiableError, LedgerLimitError } from '../errors/ledgerErrors.ts'
import { SHARD_MAX, U64_MAX } from '../limits.ts'

export function fail(field: string, reason: string): never {
  throw new MalformedVerifiableError({ field, reason })
}

export function readObject(value: unknown, field: string, required: readonly string[], optional: readonly string[] = []): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(field, 'expected an object')
  const record = value as Record<string, unknown>
  for (const key of required) if (!(key in record)) fail(`${field}.${key}`, 'missing')
  for (const key of Object.keys(record))
    if (!required.includes(key) && !optional.includes(key)) fail(`${field}.${key}`, 'unknown field')
  return record
}

/** Reads an externally tagged union `{Tag: body}`: exactly one key among `tags`. */
export function readTagged<T extends string>(value: unknown, field: string, tags: readonly T[]): [T, unknown] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(field, `expected an object with one key of ${tags.join(', ')}`)
  const keys = Object.keys(value)
  if (keys.length !== 1 || !tags.includes(keys[0] as T)) fail(field, `expected exactly one key of ${tags.join(', ')}, got ${JSON.stringify(keys)}`)
  const tag = keys[0] as T
  return [tag, (value as Record<string, unknown>)[tag]]
}

export function readArray(value: unknown, field: string, lengthMax: number, limit: string): unknown[] {
  if (!Array.isArray(value)) fail(field, 'expected an array')
  if (value.length > lengthMax) throw new LedgerLimitError({ limit: `${limit} (${field})`, value: value.length, max: lengthMax })
  return value
}

/** An integer in [min, max] as a bigint. */
export function readInteger(value: unknown, field: string, min: bigint, max: bigint): bigint {
  let result: bigint
  if (typeof value === 'bigint') result = value
  else if (typeof value === 'number' && Number.isInteger(value)) {
    if (!Number.isSafeInteger(value)) fail(field, 'integer beyond 2^53 was rounded by the JSON parser')
    result = BigInt(value)
  } else fail(field, 'expected an integer')
  if (result < min || result > max) fail(field, `${result} is out of range [${min}, ${max}]`)
  return result
}

export function readU64(value: unknown, field: string, max: bigint = U64_MAX): bigint {
  return readInteger(value, field, 0n, max)
}

export function readShard(value: unknown, field: string): number {
  return Number(readInteger(value, field, 1n, BigInt(SHARD_MAX)))
}

export function readString(value: unknown, field: string, bytesMax: number): string {
  if (typeof value !== 'string') fail(field, 'expected a string')
  const bytes = Buffer.byteLength(value, 'utf8')
  if (bytes > bytesMax) throw new LedgerLimitError({ limit: `UTF-8 bytes of ${field}`, value: bytes, max: bytesMax })
  return value
}

export function readAddress(value: unknown, field: string): string {
  if (typeof value !== 'string') fail(field, 'expected an address string "<owner_id>,<shard>"')
  try {
    const parsed = parseAddressMemo(value)
    if (parsed.shard > SHARD_MAX) fail(field, `shard ${parsed.shard} exceeds ${SHARD_MAX}`)
  } catch (error) {
    if (isVerityError(error) && !(error instanceof MalformedVerifiableError)) fail(field, error.message)
    throw error
  }
  return value
}

/** `"native"` or the address of a mint vault. */
export function readTokenId(value: unknown, field: string): string {
  if (value === NATIVE_TOKEN_ID) return value
  return readAddress(value, field)
}

/** A decimal u64 map key (NFT ids in `supply` and `changes` maps), canonical (no leading zeros). */
export function readNftIdKey(key: string, field: string): bigint {
  if (!/^(0|[1-9][0-9]{0,19})$/.test(key)) fail(field, `NFT id key ${JSON.stringify(key)} is not a decimal u64`)
  return readU64(BigInt(key), field)
}
