// Browser adapter for the part of `node:crypto` that @verity/core, @verity/prover's policy
// encoding and the SDK's verifyProofBundle use, so the page runs the same verifier code as
// `verity verify`. Vite aliases `node:crypto` to this file (vite.config.ts). Backed by
// @noble/curves and @noble/hashes (audited, no dependencies). Only what those modules call is
// implemented; anything else throws, so a new use shows up at once instead of failing quietly.
import { ed25519 } from '@noble/curves/ed25519.js'
import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { Buffer } from 'buffer'

/** A parsed public key, standing in for node's KeyObject. */
export type KeyObject = Readonly<{ asymmetricKeyType: 'ed25519' | 'ec'; raw: Uint8Array }>

// SubjectPublicKeyInfo prefixes that @verity/core builds (publicKeyCache.ts).
const ED25519_SPKI_PREFIX = '302a300506032b6570032100'
const P256_SPKI_PREFIXES = ['3039301306072a8648ce3d020106082a8648ce3d030107032200', '3059301306072a8648ce3d020106082a8648ce3d030107034200']

function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? new TextEncoder().encode(data) : data
}

/** `crypto.hash('sha256', data, 'buffer')`. */
export function hash(algorithm: string, data: Uint8Array | string, _outputEncoding?: string): Buffer {
  if (algorithm !== 'sha256') throw new Error(`browser crypto: hash ${algorithm} is not supported`)
  return Buffer.from(sha256(toBytes(data)))
}

/** `crypto.createHash('sha256').update(…).digest()`. */
export function createHash(algorithm: string) {
  if (algorithm !== 'sha256') throw new Error(`browser crypto: createHash ${algorithm} is not supported`)
  const state = sha256.create()
  const hasher = {
    update(data: Uint8Array | string, _encoding?: string) {
      state.update(toBytes(data))
      return hasher
    },
    digest(encoding?: 'hex') {
      const out = Buffer.from(state.digest())
      return encoding === 'hex' ? out.toString('hex') : out
    },
  }
  return hasher
}

/** `crypto.createPublicKey({ key: spkiDer, format: 'der', type: 'spki' })` for Ed25519 and P-256. */
export function createPublicKey(options: { key: Uint8Array }): KeyObject {
  const hex = Buffer.from(options.key).toString('hex')
  if (hex.startsWith(ED25519_SPKI_PREFIX) && hex.length === ED25519_SPKI_PREFIX.length + 64)
    return { asymmetricKeyType: 'ed25519', raw: options.key.subarray(ED25519_SPKI_PREFIX.length / 2) }
  const prefix = P256_SPKI_PREFIXES.find((candidate) => hex.startsWith(candidate))
  if (prefix === undefined) throw new Error('browser crypto: unsupported public key')
  const raw = options.key.subarray(prefix.length / 2)
  p256.Point.fromBytes(raw) // throws when the point is not on the curve, as OpenSSL does
  return { asymmetricKeyType: 'ec', raw }
}

/** `crypto.verify(null, msg, ed25519Key, sig)` and `crypto.verify('sha256', msg, {key, dsaEncoding}, sig)`. */
export function verify(
  algorithm: string | null,
  data: Uint8Array,
  key: KeyObject | { key: KeyObject; dsaEncoding: 'der' | 'ieee-p1363' },
  signature: Uint8Array,
): boolean {
  const keyObject = 'raw' in key ? key : key.key
  if (keyObject.asymmetricKeyType === 'ed25519') {
    if (algorithm !== null) throw new Error('browser crypto: Ed25519 takes a null digest')
    // zip215: false is RFC 8032's strict decoding, what OpenSSL does.
    return signature.length === 64 && ed25519.verify(signature, data, keyObject.raw, { zip215: false })
  }
  if (algorithm !== 'sha256') throw new Error(`browser crypto: ECDSA with ${algorithm} is not supported`)
  const format = 'dsaEncoding' in key && key.dsaEncoding === 'ieee-p1363' ? 'compact' : 'der'
  // lowS: false: WebAuthn signatures may be high-S, and OpenSSL accepts them.
  return p256.verify(signature, data, keyObject.raw, { prehash: true, lowS: false, format })
}

/** `ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, form)`. */
export const ECDH = {
  convertKey(key: Uint8Array, curve: string, _inputEncoding: unknown, _outputEncoding: unknown, format: 'compressed' | 'uncompressed'): Buffer {
    if (curve !== 'prime256v1') throw new Error(`browser crypto: curve ${curve} is not supported`)
    return Buffer.from(p256.Point.fromBytes(key).toBytes(format === 'compressed'))
  },
}

/** `crypto.randomBytes(n)`, from the browser's CSPRNG. */
export function randomBytes(size: number): Buffer {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(size)))
}
