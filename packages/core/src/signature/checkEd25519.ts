import { verify } from 'node:crypto'
import type { ParsedEd25519 } from './parseSignature.ts'

/** The reason given for an Ed25519 signature that does not verify. */
export const ED25519_INVALID_REASON = 'Ed25519 signature does not verify'

/** Why a parsed Ed25519 signature does not verify over `message`, or null when it does. */
export function checkEd25519(parsed: ParsedEd25519, message: Uint8Array): string | null {
  // Ed25519 hashes internally: node takes a null digest for it (RFC 8032 pure Ed25519).
  return verify(null, message, parsed.keyObject, parsed.signature) ? null : ED25519_INVALID_REASON
}
