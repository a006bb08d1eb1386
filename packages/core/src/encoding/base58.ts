import { base58 } from '@scure/base'
import { InvalidBase58Error } from '../errors/encodingErrors.ts'
import { BASE58_BYTES_MAX, BASE58_TEXT_LENGTH_MAX } from '../limits.ts'

/**
 * Encodes bytes as base58 (Bitcoin alphabet). Base58 costs time quadratic in the length, so it
 * is for keys, signatures and digests: more than BASE58_BYTES_MAX bytes is a RangeError (a
 * programming error; large binary values such as proofs belong in base64 or hex).
 */
export function encodeBase58(bytes: Uint8Array): string {
  if (bytes.length > BASE58_BYTES_MAX)
    throw new RangeError(`encodeBase58: ${bytes.length} bytes is above BASE58_BYTES_MAX (${BASE58_BYTES_MAX}); use base64 for large values`)
  return base58.encode(bytes)
}

/**
 * Decodes a base58 string, naming `title` in the error. With `length`, the decoded byte count
 * must match (or be one of the allowed lengths). Text longer than BASE58_TEXT_LENGTH_MAX is
 * refused before decoding.
 */
export function decodeBase58(value: unknown, title: string, length?: number | readonly number[]): Uint8Array {
  if (typeof value !== 'string' || value.length === 0 || value.length > BASE58_TEXT_LENGTH_MAX)
    throw new InvalidBase58Error({ title, value: typeof value === 'string' ? value.slice(0, 100) : String(value) })
  let bytes: Uint8Array
  try {
    bytes = base58.decode(value)
  } catch {
    throw new InvalidBase58Error({ title, value })
  }
  if (length !== undefined) {
    const allowed = typeof length === 'number' ? [length] : length
    if (!allowed.includes(bytes.length))
      throw new InvalidBase58Error({ title, value, bytesExpected: allowed[0]!, bytesGot: bytes.length })
  }
  return bytes
}
