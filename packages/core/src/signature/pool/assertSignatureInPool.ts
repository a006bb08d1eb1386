import { InvalidSignatureError } from '../../errors/signatureErrors.ts'
import { ED25519_INVALID_REASON } from '../checkEd25519.ts'
import { parseSignature } from '../parseSignature.ts'
import { ANY_PASSKEY_ORIGIN, type PasskeyPolicy } from '../PasskeyPolicy.ts'
import type { Signature } from '../Signature.ts'
import { checkParsedSignature } from '../verifySignature.ts'
import type { Ed25519VerifierPool } from './Ed25519VerifierPool.ts'


/**
 * assertSignature with the Ed25519 verification on `pool`'s worker threads (Passkey and
 * Multisig, rarer and mixed, are checked inline). The shape is checked first, on this thread, so
 * a malformed signature throws MalformedSignatureError at once; a signature that does not verify
 * throws InvalidSignatureError with the same reason as assertSignature.
 */
export async function assertSignatureInPool(
  signature: unknown,
  message: Uint8Array,
  pool: Ed25519VerifierPool,
  passkeyPolicy: PasskeyPolicy = ANY_PASSKEY_ORIGIN,
): Promise<Signature> {
  const parsed = parseSignature(signature)
  if (parsed.scheme === 'Ed25519') {
    if (!(await pool.verify(parsed, message))) throw new InvalidSignatureError({ reason: ED25519_INVALID_REASON })
    return signature as Signature
  }
  const reason = checkParsedSignature(parsed, message, passkeyPolicy)
  if (reason !== null) throw new InvalidSignatureError({ reason })
  return signature as Signature
}
