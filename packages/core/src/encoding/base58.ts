import { base58 } from '@scure/base'
import { InvalidBase58Error } from '../errors/encodingErrors.ts'

/** Encodes bytes as base58 (Bitcoin alphabet). */
export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes)
}

/**
 * Decodes a base58 string, naming `title` in the error. With `length`, the decoded byte count
 * must match (or be one of the allowed lengths).
 */
export function decodeBase58(value: unknown, title: string, length?: number | readonly number[]): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidBase58Error({ title, value: String(value) })
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
