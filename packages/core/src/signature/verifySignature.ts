import { InvalidSignatureError } from '../errors/signatureErrors.ts'
import { checkEd25519 } from './checkEd25519.ts'
import { checkMultisig } from './checkMultisig.ts'
import { checkPasskey } from './checkPasskey.ts'
import { ANY_PASSKEY_ORIGIN, type PasskeyPolicy } from './PasskeyPolicy.ts'
import { parseSignature, type ParsedSignature } from './parseSignature.ts'
import { isVerifiedSignature } from './pool/preverifiedSignatures.ts'
import type { Signature } from './Signature.ts'

/** Why a parsed signature does not verify over `message`, or null when it does (passkeys also against `policy`). */
export function checkParsedSignature(parsed: ParsedSignature, message: Uint8Array, policy: PasskeyPolicy = ANY_PASSKEY_ORIGIN): string | null {
  if (parsed.scheme === 'Ed25519') return checkEd25519(parsed, message)
  if (parsed.scheme === 'Passkey') return checkPasskey(parsed, message, policy)
  return checkMultisig(parsed, message, policy)
}

/**
 * True when `signature` verifies over `message` (the signed bytes), false when it does not.
 * Throws `MalformedSignatureError` for a wrong shape (missing or extra keys, wrong lengths).
 * @example if (!verifySignature(signed.signature, canonicalJsonBytes(signed.payload))) reject()
 */
export function verifySignature(signature: Signature, message: Uint8Array): boolean {
  return checkParsedSignature(parseSignature(signature), message) === null
}

/**
 * Returns when `signature` verifies over `message`; throws `InvalidSignatureError` with the
 * reason when it does not, and `MalformedSignatureError` naming the field for a wrong shape.
 * A signature this request already verified over these bytes off the event loop
 * (rememberVerifiedSignature) is not verified again.
 */
export function assertSignature(signature: unknown, message: Uint8Array): asserts signature is Signature {
  if (isVerifiedSignature(signature, message)) return
  const reason = checkParsedSignature(parseSignature(signature), message)
  if (reason !== null) throw new InvalidSignatureError({ reason })
}
