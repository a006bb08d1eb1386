// Strings with a fixed encoding (docs/protocol.md, "Encodings"). The schemas bound their length
// and alphabet; the exact decoders in @verity/core (base58 lengths, addresses) stay the judges of
// the bytes and name the field in their errors.
import { limits } from '@verity/core'
import { Type } from 'typebox'

const BASE58_PATTERN = '^[1-9A-HJ-NP-Za-km-z]+$'
/** Characters of base58 text for `bytes` bytes at most: ⌈bytes · log 256 / log 58⌉. */
export function base58CharsMax(bytes: number): number {
  return Math.ceil((bytes * Math.log(256)) / Math.log(58))
}

/** Base58 text (Bitcoin alphabet) of at most `bytesMax` bytes. */
export function Base58(description: string, bytesMax: number = limits.BASE58_BYTES_MAX) {
  return Type.String({ minLength: 1, maxLength: Math.min(base58CharsMax(bytesMax), limits.BASE58_TEXT_LENGTH_MAX), pattern: BASE58_PATTERN, description })
}

/** Base58 of a 32-byte SHA-256 digest: template ids, SDL hashes, owner ids. */
export const HashDigest = Type.String({ minLength: 32, maxLength: base58CharsMax(32), pattern: BASE58_PATTERN, description: 'base58 of a 32-byte SHA-256 digest' })
/** An owner id: base58 of SHA-256(scheme tag ‖ 0x00 ‖ key bytes). */
export const OwnerId = Type.String({ minLength: 32, maxLength: base58CharsMax(32), pattern: BASE58_PATTERN, description: 'owner id: base58 of a 32-byte SHA-256 digest' })
/** `"<owner_id>,<shard>"`, shard an integer ≥ 1. */
export const Address = Type.String({ minLength: 34, maxLength: 64, pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44},[1-9][0-9]{0,19}$', description: 'address "<owner_id>,<shard>"' })
/** `"native"` or the address of a mint vault. */
export const TokenId = Type.String({ minLength: 1, maxLength: 64, description: 'token id: "native" or the address of the mint vault' })
/** An intent id as the caller chose it (a UUID). */
export const IntentId = Type.String({ format: 'uuid', description: 'IntentId: a UUID assigned by the caller' })
/** The path parameter that names an intent (checked by the route, which answers 404 for an unknown one). */
export const IntentIdParams = Type.Object({ intent_id: Type.String({ minLength: 1, maxLength: 128, description: 'IntentId (uuid)' }) })
