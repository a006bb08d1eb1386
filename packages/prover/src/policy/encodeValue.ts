import { createHash } from 'node:crypto'
import { CircuitInputError } from '../errors/proverErrors.ts'

/** BN254 scalar field modulus: the circuit's field. */
export const FIELD_MODULUS = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n
/** Padding of set rows: p - 1, which no encoded string, int or bool equals. */
export const SET_SENTINEL = FIELD_MODULUS - 1n
const INT_OFFSET = 2n ** 63n

/** A string as a field element: the first 31 bytes of SHA-256 of its UTF-8 bytes, big-endian. */
export function encodeString(value: string): bigint {
  const digest = createHash('sha256').update(value, 'utf8').digest()
  return BigInt('0x' + digest.subarray(0, 31).toString('hex'))
}

/** A signed 64-bit int offset by 2^63 into [0, 2^64), so unsigned order is signed order. */
export function encodeInt(value: bigint | number, path: string): bigint {
  const int = typeof value === 'number' ? BigInt(value) : value
  if (int < -INT_OFFSET || int >= INT_OFFSET) throw new CircuitInputError({ path, reason: `${int} is out of int64 range` })
  return int + INT_OFFSET
}

export function encodeBool(value: boolean): bigint {
  return value ? 1n : 0n
}

/** A field element as the 0x-prefixed 32-byte hex string bb.js and noir_js use. */
export function fieldHex(value: bigint): string {
  return '0x' + value.toString(16).padStart(64, '0')
}
