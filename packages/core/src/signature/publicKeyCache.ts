import { createPublicKey, type KeyObject } from 'node:crypto'
import { PUBLIC_KEY_CACHE_ENTRIES_MAX } from '../limits.ts'

/**
 * A public key as the verifiers use it: its bytes as sent, node's parsed KeyObject, and its
 * canonical base58 (P-256 keys in the 33-byte compressed form), which owner ids and multisig
 * membership use.
 */
export type CachedPublicKey = Readonly<{ bytes: Uint8Array; keyObject: KeyObject; canonicalBytes: Uint8Array; canonicalText: string }>

/**
 * A bounded least-recently-used cache of parsed public keys, keyed by scheme and the key's
 * base58 text. Keep parsed KeyObjects: rebuilding one per verify roughly halved Ed25519
 * throughput when we measured it.
 */
export class PublicKeyCache {
  readonly #entries = new Map<string, CachedPublicKey>()
  constructor(readonly entriesMax: number = PUBLIC_KEY_CACHE_ENTRIES_MAX) {}

  get size(): number {
    return this.#entries.size
  }

  /** The cached key under `id`, if any (and marks it recently used). */
  get(id: string): CachedPublicKey | undefined {
    const hit = this.#entries.get(id)
    if (hit !== undefined) {
      // Move to the young end of the Map's insertion order.
      this.#entries.delete(id)
      this.#entries.set(id, hit)
    }
    return hit
  }

  /** The cached key under `id`, or the one `build` makes (cached unless it throws). */
  getOrBuild(id: string, build: () => CachedPublicKey): CachedPublicKey {
    const hit = this.get(id)
    if (hit !== undefined) return hit
    const built = build()
    if (this.#entries.size >= this.entriesMax) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(id, built)
    return built
  }

  clear(): void {
    this.#entries.clear()
  }
}

// SubjectPublicKeyInfo DER prefixes: the key bytes follow. Ed25519 (RFC 8410): SEQUENCE {
// SEQUENCE { OID 1.3.101.112 }, BIT STRING (33 bytes) }. P-256 (RFC 5480): SEQUENCE { SEQUENCE {
// OID id-ecPublicKey, OID prime256v1 }, BIT STRING }, for the 33- and 65-byte SEC1 forms.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
const P256_SPKI_PREFIX_COMPRESSED = Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex')
const P256_SPKI_PREFIX_UNCOMPRESSED = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex')

/** Node's KeyObject for a raw 32-byte Ed25519 public key. */
export function ed25519KeyObject(bytes: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, bytes]), format: 'der', type: 'spki' })
}

/** Node's KeyObject for a SEC1 P-256 public key (33 or 65 bytes); throws if it is not on the curve. */
export function p256KeyObject(bytes: Uint8Array): KeyObject {
  const prefix = bytes.length === 33 ? P256_SPKI_PREFIX_COMPRESSED : P256_SPKI_PREFIX_UNCOMPRESSED
  return createPublicKey({ key: Buffer.concat([prefix, bytes]), format: 'der', type: 'spki' })
}

/** The process-wide cache the verifiers share. Bounded, so it is safe as a module singleton. */
export const publicKeyCache = new PublicKeyCache()
