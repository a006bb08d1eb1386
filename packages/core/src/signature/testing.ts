// Helpers for this package's signature tests: tampering with base58 fields.
import { decodeBase58, encodeBase58 } from '../encoding/base58.ts'

/** The base58 text with bit `bit` of its decoded bytes flipped. */
export function flipBit(text: string, bit: number): string {
  const bytes = Uint8Array.from(decodeBase58(text, 'value'))
  bytes[bit >> 3]! ^= 1 << (bit & 7)
  return encodeBase58(bytes)
}

/** A copy of `bytes` with bit `bit` flipped. */
export function flipBitInBytes(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = Uint8Array.from(bytes)
  copy[bit >> 3]! ^= 1 << (bit & 7)
  return copy
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
