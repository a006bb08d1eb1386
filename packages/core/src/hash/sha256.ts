import { createHash } from 'node:crypto'
import { encodeBase58 } from '../encoding/base58.ts'

/** SHA-256 of `bytes` (a string is hashed as its UTF-8 bytes). */
export function sha256(bytes: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest())
}

/** A HashDigest: base58 of a 32-byte SHA-256 digest (template ids, SDL hashes, owner ids). */
export type HashDigest = string

/** The HashDigest of `bytes`. */
export function hashDigest(bytes: Uint8Array | string): HashDigest {
  return encodeBase58(sha256(bytes))
}
