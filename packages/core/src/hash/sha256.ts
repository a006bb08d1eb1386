import { hash } from 'node:crypto'
import { encodeBase58 } from '../encoding/base58.ts'

/** SHA-256 of `bytes` (a string is hashed as its UTF-8 bytes). */
export function sha256(bytes: Uint8Array | string): Uint8Array {
  // The one-shot crypto.hash is about twice as fast as createHash for the short inputs we hash
  // on every signature check (messages, clientDataJSON).
  return hash('sha256', bytes, 'buffer')
}

/** A HashDigest: base58 of a 32-byte SHA-256 digest (template ids, SDL hashes, owner ids). */
export type HashDigest = string

/** The HashDigest of `bytes`. */
export function hashDigest(bytes: Uint8Array | string): HashDigest {
  return encodeBase58(sha256(bytes))
}
