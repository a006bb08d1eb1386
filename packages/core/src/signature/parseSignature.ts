import type { KeyObject } from 'node:crypto'
import { decodeBase58, encodeBase58 } from '../encoding/base58.ts'
import { InvalidBase58Error } from '../errors/encodingErrors.ts'
import { MalformedSignatureError } from '../errors/signatureErrors.ts'
import {
  AUTHENTICATOR_DATA_BYTES_MAX,
  AUTHENTICATOR_DATA_BYTES_MIN,
  CLIENT_DATA_BYTES_MAX,
  MULTISIG_SIGNERS_MAX,
  MULTISIG_WEIGHT_MAX,
} from '../limits.ts'
import { compressP256PublicKey } from './p256PublicKey.ts'
import { ed25519KeyObject, p256KeyObject, publicKeyCache, type CachedPublicKey } from './publicKeyCache.ts'
import { signatureLengths } from './Signature.ts'

/** A shape-checked, decoded Ed25519 signature. */
export type ParsedEd25519 = Readonly<{
  scheme: 'Ed25519'
  publicKey: Uint8Array
  keyObject: KeyObject
  /** canonical base58 of the key (for Ed25519, as sent) */
  canonicalKey: string
  signature: Uint8Array
}>

/** A shape-checked, decoded Passkey (WebAuthn ES256) signature. */
export type ParsedPasskey = Readonly<{
  scheme: 'Passkey'
  /** the key as sent (33 or 65 bytes) */
  publicKey: Uint8Array
  /** its 33-byte compressed form, which owner ids use */
  publicKeyCompressed: Uint8Array
  /** base58 of the compressed form */
  canonicalKey: string
  keyObject: KeyObject
  signature: Uint8Array
  clientData: string
  authenticatorData: Uint8Array
}>


/** A shape-checked multisig: signers keyed by their canonical base58 key (P-256 compressed). */
export type ParsedMultisig = Readonly<{
  scheme: 'Multisig'
  signers: ReadonlyMap<string, number>
  threshold: number
  signatures: ReadonlyArray<ParsedEd25519 | ParsedPasskey>
}>

export type ParsedSignature = ParsedEd25519 | ParsedPasskey | ParsedMultisig

const SCHEMES = ['Ed25519', 'Passkey', 'Multisig'] as const

/**
 * Checks the shape of a wire signature and decodes it, or throws `MalformedSignatureError`
 * naming the field. Says nothing about whether it verifies.
 */
export function parseSignature(value: unknown, field = 'signature'): ParsedSignature {
  const scheme = schemeOf(value, field)
  const body = (value as Record<string, unknown>)[scheme]
  if (scheme === 'Ed25519') return parseEd25519(body, `${field}.Ed25519`)
  if (scheme === 'Passkey') return parsePasskey(body, `${field}.Passkey`)
  return parseMultisig(body, `${field}.Multisig`)
}

function schemeOf(value: unknown, field: string): (typeof SCHEMES)[number] {
  if (!isPlainObject(value)) throw new MalformedSignatureError({ field, reason: 'expected an object' })
  const keys = Object.keys(value)
  if (keys.length !== 1)
    throw new MalformedSignatureError({ field, reason: `expected exactly one scheme key (Ed25519, Passkey or Multisig), got ${keys.length}` })
  const scheme = SCHEMES.find((name) => name === keys[0])
  if (scheme === undefined)
    throw new MalformedSignatureError({ field, reason: `unknown scheme ${JSON.stringify(keys[0])}, expected Ed25519, Passkey or Multisig` })
  return scheme
}

export function parseEd25519(body: unknown, field: string): ParsedEd25519 {
  const record = expectKeys(body, field, ['pub_key', 'signature'])
  const cached = cachedPublicKey(expectString(record.pub_key, `${field}.pub_key`), 'ed25519', `${field}.pub_key`)
  const signature = decodeField(record.signature, `${field}.signature`, signatureLengths.ed25519Signature)
  return { scheme: 'Ed25519', publicKey: cached.bytes, keyObject: cached.keyObject, canonicalKey: cached.canonicalText, signature }
}

export function parsePasskey(body: unknown, field: string): ParsedPasskey {
  const record = expectKeys(body, field, ['pub_key', 'signature', 'client_data', 'authenticator_data'])
  const cached = cachedPublicKey(expectString(record.pub_key, `${field}.pub_key`), 'p256', `${field}.pub_key`)
  const signature = decodeField(record.signature, `${field}.signature`)
  if (signature.length < signatureLengths.p256SignatureDerMin || signature.length > signatureLengths.p256SignatureDerMax)
    throw new MalformedSignatureError({
      field: `${field}.signature`,
      reason: `expected a DER signature (8 to 72 bytes) or 64-byte r‖s, got ${signature.length} bytes`,
    })
  const clientData = expectString(record.client_data, `${field}.client_data`)
  if (clientData.length > CLIENT_DATA_BYTES_MAX)
    throw new MalformedSignatureError({ field: `${field}.client_data`, reason: `longer than ${CLIENT_DATA_BYTES_MAX} characters` })
  const authenticatorData = decodeField(record.authenticator_data, `${field}.authenticator_data`)
  if (authenticatorData.length < AUTHENTICATOR_DATA_BYTES_MIN || authenticatorData.length > AUTHENTICATOR_DATA_BYTES_MAX)
    throw new MalformedSignatureError({
      field: `${field}.authenticator_data`,
      reason: `expected ${AUTHENTICATOR_DATA_BYTES_MIN} to ${AUTHENTICATOR_DATA_BYTES_MAX} bytes, got ${authenticatorData.length}`,
    })
  return {
    scheme: 'Passkey',
    publicKey: cached.bytes,
    publicKeyCompressed: cached.canonicalBytes,
    canonicalKey: cached.canonicalText,
    keyObject: cached.keyObject,
    signature,
    clientData,
    authenticatorData,
  }
}

export function parseMultisig(body: unknown, field: string): ParsedMultisig {
  const record = expectKeys(body, field, ['pub_key', 'signatures'])
  const { signers, threshold } = parseMultisigPubKey(record.pub_key, `${field}.pub_key`)
  const list = record.signatures
  if (!Array.isArray(list)) throw new MalformedSignatureError({ field: `${field}.signatures`, reason: 'expected an array' })
  if (list.length > MULTISIG_SIGNERS_MAX)
    throw new MalformedSignatureError({ field: `${field}.signatures`, reason: `more than ${MULTISIG_SIGNERS_MAX} signatures` })
  const signatures = list.map((inner: unknown, index) => {
    const innerField = `${field}.signatures[${index}]`
    const scheme = schemeOf(inner, innerField)
    const innerBody = (inner as Record<string, unknown>)[scheme]
    if (scheme === 'Ed25519') return parseEd25519(innerBody, `${innerField}.Ed25519`)
    if (scheme === 'Passkey') return parsePasskey(innerBody, `${innerField}.Passkey`)
    throw new MalformedSignatureError({ field: innerField, reason: 'nested multisig is not allowed' })
  })
  return { scheme: 'Multisig', signers, threshold, signatures }
}

/**
 * Checks a multisig `pub_key` and returns its signers keyed by canonical key (P-256 keys in the
 * compressed form), so one key listed in both forms is caught as a duplicate.
 */
export function parseMultisigPubKey(value: unknown, field: string): { signers: Map<string, number>; threshold: number } {
  const record = expectKeys(value, field, ['signers', 'threshold'])
  const threshold = record.threshold
  if (typeof threshold !== 'number' || !Number.isSafeInteger(threshold))
    throw new MalformedSignatureError({ field: `${field}.threshold`, reason: 'expected an integer' })
  if (threshold < 1)
    throw new MalformedSignatureError({ field: `${field}.threshold`, reason: `expected an integer ≥ 1 (a threshold of ${threshold} would let anyone sign)` })
  if (!isPlainObject(record.signers)) throw new MalformedSignatureError({ field: `${field}.signers`, reason: 'expected an object' })
  const entries = Object.entries(record.signers)
  if (entries.length === 0) throw new MalformedSignatureError({ field: `${field}.signers`, reason: 'expected at least one signer' })
  if (entries.length > MULTISIG_SIGNERS_MAX)
    throw new MalformedSignatureError({ field: `${field}.signers`, reason: `more than ${MULTISIG_SIGNERS_MAX} signers` })
  const signers = new Map<string, number>()
  let weightSum = 0
  for (const [key, weight] of entries) {
    const keyField = `${field}.signers[${JSON.stringify(key)}]`
    if (typeof weight !== 'number' || !Number.isSafeInteger(weight) || weight < 1 || weight > MULTISIG_WEIGHT_MAX)
      throw new MalformedSignatureError({ field: keyField, reason: `expected an integer weight from 1 to ${MULTISIG_WEIGHT_MAX}` })
    const canonicalKey = canonicalSignerKey(key, keyField)
    if (signers.has(canonicalKey)) throw new MalformedSignatureError({ field: keyField, reason: 'the same key is listed twice' })
    signers.set(canonicalKey, weight)
    weightSum += weight
  }
  if (weightSum < threshold)
    throw new MalformedSignatureError({
      field: `${field}.threshold`,
      reason: `threshold ${threshold} is above the total weight ${weightSum} of the signers`,
    })
  return { signers, threshold }
}

/** A signer key's canonical base58: Ed25519 keys as given, P-256 keys in the 33-byte compressed form. */
export function canonicalSignerKey(key: string, field: string): string {
  const hit = publicKeyCache.get(`ed25519:${key}`) ?? publicKeyCache.get(`p256:${key}`)
  if (hit !== undefined) return hit.canonicalText
  const bytes = decodeField(key, field, [
    signatureLengths.ed25519PublicKey,
    signatureLengths.p256PublicKeyCompressed,
    signatureLengths.p256PublicKeyUncompressed,
  ])
  return cachedPublicKey(key, bytes.length === signatureLengths.ed25519PublicKey ? 'ed25519' : 'p256', field).canonicalText
}

/**
 * The decoded, parsed key of base58 `text` from the shared LRU cache, building it on a miss.
 * Throws `MalformedSignatureError` naming `field` for a wrong length or a point not on the curve.
 */
export function cachedPublicKey(text: string, kind: 'ed25519' | 'p256', field: string): CachedPublicKey {
  if (kind === 'ed25519')
    return publicKeyCache.getOrBuild(`ed25519:${text}`, () => {
      const bytes = decodeField(text, field, signatureLengths.ed25519PublicKey)
      return { bytes, keyObject: ed25519KeyObject(bytes), canonicalBytes: bytes, canonicalText: encodeBase58(bytes) }
    })
  return publicKeyCache.getOrBuild(`p256:${text}`, () => {
    const bytes = decodeField(text, field, [signatureLengths.p256PublicKeyCompressed, signatureLengths.p256PublicKeyUncompressed])
    const keyObject = p256KeyObjectOrThrow(bytes, field)
    const canonicalBytes = compressP256OrThrow(bytes, field)
    return { bytes, keyObject, canonicalBytes, canonicalText: encodeBase58(canonicalBytes) }
  })
}

function p256KeyObjectOrThrow(bytes: Uint8Array, field: string): KeyObject {
  try {
    return p256KeyObject(bytes)
  } catch (error) {
    throw new MalformedSignatureError({ field, reason: 'not a point on the P-256 curve' }, { cause: error })
  }
}

function compressP256OrThrow(bytes: Uint8Array, field: string): Uint8Array {
  try {
    return compressP256PublicKey(bytes)
  } catch (error) {
    throw new MalformedSignatureError({ field, reason: 'not a point on the P-256 curve' }, { cause: error })
  }
}

function decodeField(value: unknown, field: string, length?: number | readonly number[]): Uint8Array {
  try {
    return decodeBase58(value, field, length)
  } catch (error) {
    if (!(error instanceof InvalidBase58Error)) throw error
    const reason =
      typeof value !== 'string'
        ? 'expected a base58 string'
        : error.fields.bytesGot === undefined
          ? 'not valid base58'
          : `expected ${[length].flat().join(' or ')} bytes, got ${error.fields.bytesGot}`
    throw new MalformedSignatureError({ field, reason }, { cause: error })
  }
}

function expectKeys(value: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(value)) throw new MalformedSignatureError({ field, reason: 'expected an object' })
  for (const key of keys) if (!(key in value)) throw new MalformedSignatureError({ field: `${field}.${key}`, reason: 'missing' })
  for (const key of Object.keys(value))
    if (!keys.includes(key)) throw new MalformedSignatureError({ field: `${field}.${key}`, reason: 'unexpected key' })
  return value
}

function expectString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new MalformedSignatureError({ field, reason: 'expected a string' })
  return value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
