import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { decodeBase58, encodeBase58 } from '../encoding/base58.ts'
import { decodeBase64Url } from '../encoding/base64url.ts'
import { InvalidKeyFileError, InvalidSignerError } from '../errors/keyFileErrors.ts'
import type { HashDigest } from '../hash/sha256.ts'
import { ownerIdOfEd25519Key } from '../owner/ownerId.ts'
import type { Ed25519Signature } from '../signature/Signature.ts'
import type { KeySigner } from './Signer.ts'

// PKCS#8 DER prefix of an Ed25519 private key (RFC 8410): the 32-byte seed follows.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** An Ed25519 key pair held in memory, signing with node's native crypto. */
export class Ed25519Signer implements KeySigner {
  readonly publicKey: Uint8Array
  readonly publicKeyBase58: string
  readonly ownerId: HashDigest
  readonly #privateKey: KeyObject
  readonly #secretKey: Uint8Array

  private constructor(secretKey: Uint8Array) {
    this.#secretKey = Uint8Array.from(secretKey)
    this.#privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, secretKey]), format: 'der', type: 'pkcs8' })
    const jwk = createPublicKey(this.#privateKey).export({ format: 'jwk' })
    this.publicKey = decodeBase64Url(jwk.x ?? '')
    this.publicKeyBase58 = encodeBase58(this.publicKey)
    this.ownerId = ownerIdOfEd25519Key(this.publicKey)
  }

  /** A new random key pair. */
  static generate(): Ed25519Signer {
    const { privateKey } = generateKeyPairSync('ed25519')
    const jwk = privateKey.export({ format: 'jwk' })
    return new Ed25519Signer(decodeBase64Url(jwk.d ?? ''))
  }

  /** The signer of a 32-byte Ed25519 secret key (the RFC 8032 seed). */
  static fromSecretKey(secretKey: Uint8Array): Ed25519Signer {
    if (!(secretKey instanceof Uint8Array) || secretKey.length !== 32)
      throw new InvalidSignerError({ reason: `Ed25519 secret key must be 32 bytes` })
    return new Ed25519Signer(secretKey)
  }

  /** The signer of a base58 32-byte secret key. */
  static fromSecretKeyBase58(text: string): Ed25519Signer {
    return Ed25519Signer.fromSecretKey(decodeBase58(text, 'secret key', 32))
  }

  /**
   * The signer of a key file's text: a JSON string holding the base58 32-byte secret key, e.g.
   * `"4Z7cXS…"` (the domain's operator key file format).
   */
  static fromKeyFileText(text: string, source = 'key file'): Ed25519Signer {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw new InvalidKeyFileError({ source, reason: 'not JSON' }, { cause: error })
    }
    if (typeof value !== 'string') throw new InvalidKeyFileError({ source, reason: 'expected a JSON string holding a base58 secret key' })
    try {
      return Ed25519Signer.fromSecretKeyBase58(value)
    } catch (error) {
      throw new InvalidKeyFileError({ source, reason: 'expected base58 of a 32-byte Ed25519 secret key' }, { cause: error })
    }
  }

  /** Reads a key file (see `fromKeyFileText`). */
  static fromKeyFile(path: string): Ed25519Signer {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      throw new InvalidKeyFileError({ source: path, reason: (error as Error).message }, { cause: error })
    }
    return Ed25519Signer.fromKeyFileText(text, path)
  }

  /** base58 of the 32-byte secret key. Handle with care. */
  get secretKeyBase58(): string {
    return encodeBase58(this.#secretKey)
  }

  /** The key file text: a JSON string holding the base58 secret key, with a final newline. */
  toKeyFileText(): string {
    return `${JSON.stringify(this.secretKeyBase58)}\n`
  }

  /** Writes the key file, readable by its owner only (mode 0600). */
  toKeyFile(path: string): void {
    writeFileSync(path, this.toKeyFileText(), { mode: 0o600 })
  }

  sign(message: Uint8Array): Ed25519Signature {
    const signature = sign(null, message, this.#privateKey)
    return { Ed25519: { pub_key: this.publicKeyBase58, signature: encodeBase58(signature) } }
  }
}
