import { verify, type KeyObject } from 'node:crypto'
import { encodeBase64Url } from '../encoding/base64url.ts'
import { sha256 } from '../hash/sha256.ts'
import type { ParsedPasskey } from './parseSignature.ts'
import { ANY_PASSKEY_ORIGIN, type PasskeyPolicy } from './PasskeyPolicy.ts'
import { signatureLengths } from './Signature.ts'

/** The WebAuthn clientData `type` of an assertion (a `navigator.credentials.get` result). */
export const WEBAUTHN_GET_TYPE = 'webauthn.get'

/** Bits of the authenticator data flags byte (WebAuthn §6.1). */
export const authenticatorFlags = Object.freeze({ userPresent: 0x01, userVerified: 0x04 })

/** Offset of the flags byte in authenticator data: it follows the 32-byte rpIdHash. */
const FLAGS_OFFSET = 32

/**
 * Why a parsed Passkey (WebAuthn ES256) signature does not verify over `message`, or null when
 * it does. The challenge must be base64url (no padding) of SHA-256(message), the clientData type
 * `webauthn.get`, the user-present flag set, and the ECDSA signature valid over
 * authenticatorData ‖ SHA-256(UTF-8 client_data). Origin and rpIdHash are checked only against
 * a `policy` that names them: by default the signed message, not a web origin, is what binds the
 * signature (see docs/signatures.md).
 */
export function checkPasskey(parsed: ParsedPasskey, message: Uint8Array, policy: PasskeyPolicy = ANY_PASSKEY_ORIGIN): string | null {
  const clientData = parseClientData(parsed.clientData)
  if (clientData === null) return 'client_data is not a JSON object'
  const refused = checkPasskeyOrigin(clientData, parsed.authenticatorData, policy)
  if (refused !== null) return refused
  if (clientData.type !== WEBAUTHN_GET_TYPE)
    return `client_data type is ${JSON.stringify(clientData.type)}, expected "${WEBAUTHN_GET_TYPE}"`
  const challengeExpected = encodeBase64Url(sha256(message))
  if (clientData.challenge !== challengeExpected)
    return 'client_data challenge is not base64url(SHA-256(signed bytes))'
  const flags = parsed.authenticatorData[FLAGS_OFFSET] ?? 0
  if ((flags & authenticatorFlags.userPresent) === 0) return 'user-present flag is not set in authenticator_data'
  const signedBytes = Buffer.concat([parsed.authenticatorData, sha256(parsed.clientData)])
  return verifyEs256(parsed.keyObject, signedBytes, parsed.signature) ? null : 'ECDSA P-256 signature does not verify'
}

/**
 * True when `signature` (DER, or 64-byte r‖s) is a valid ECDSA P-256 / SHA-256 signature of
 * `data` under `keyObject`. A DER signature starts with SEQUENCE (0x30) and its length byte
 * covers the rest; a 64-byte signature that does not verify as DER is tried as r‖s. The two
 * readings cannot both verify except with negligible probability. OpenSSL refuses BER and
 * other non-DER encodings (checked against Wycheproof).
 */
export function verifyEs256(keyObject: KeyObject, data: Uint8Array, signature: Uint8Array): boolean {
  const looksDer = signature[0] === 0x30 && signature[1] === signature.length - 2
  if (looksDer && verifyWith(keyObject, data, signature, 'der')) return true
  return signature.length === signatureLengths.p256SignatureRaw && verifyWith(keyObject, data, signature, 'ieee-p1363')
}

function verifyWith(keyObject: KeyObject, data: Uint8Array, signature: Uint8Array, dsaEncoding: 'der' | 'ieee-p1363'): boolean {
  try {
    return verify('sha256', data, { key: keyObject, dsaEncoding }, signature)
  } catch {
    // OpenSSL throws on DER it cannot decode; that is a signature that does not verify.
    return false
  }
}

/** Why the origin or RP id is not one `policy` accepts, or null. */
export function checkPasskeyOrigin(clientData: { origin?: unknown }, authenticatorData: Uint8Array, policy: PasskeyPolicy): string | null {
  if (policy.origins !== undefined && policy.origins.length > 0 && !policy.origins.includes(String(clientData.origin)))
    return `client_data origin ${JSON.stringify(clientData.origin)} is not an accepted origin`
  if (policy.rpIds !== undefined && policy.rpIds.length > 0) {
    const rpIdHash = Buffer.from(authenticatorData.subarray(0, FLAGS_OFFSET))
    if (!policy.rpIds.some((rpId) => rpIdHash.equals(sha256(rpId)))) return 'authenticator_data rpIdHash is not the hash of an accepted RP id'
  }
  return null
}

function parseClientData(text: string): { type?: unknown; challenge?: unknown; origin?: unknown } | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null
}
