import { createECDH, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { decodeBase58, encodeBase58 } from '../encoding/base58.ts'
import { decodeBase64Url, encodeBase64Url } from '../encoding/base64url.ts'
import { InvalidKeyFileError, InvalidSignerError } from '../errors/keyFileErrors.ts'
import { sha256, type HashDigest } from '../hash/sha256.ts'
import { ownerIdOfP256Key } from '../owner/ownerId.ts'
import { authenticatorFlags, WEBAUTHN_GET_TYPE } from '../signature/checkPasskey.ts'
import type { PasskeySignature } from '../signature/Signature.ts'
import type { KeySigner } from './Signer.ts'

/** Options of a software passkey: the relying party it claims and the forms it emits. */
export type SoftwarePasskeyOptions = {
  /** relying party id hashed into authenticator data; default `localhost` */
  rpId?: string
  /** origin written into clientDataJSON; default `https://localhost` */
  origin?: string
  /** first signature counter value minus one; default 0 */
  signCount?: number
  /** SEC1 form of `pub_key` in signatures; default `compressed` (33 bytes) */
  publicKeyFormat?: 'compressed' | 'uncompressed'
  /** signature encoding; default `der`, as authenticators send */
  signatureFormat?: 'der' | 'raw'
}

/** Overrides for one assertion, so tests can produce assertions that must fail. */
export type PasskeyAssertionOverrides = {
  clientDataType?: string
  challenge?: string
  flags?: number
  signatureFormat?: 'der' | 'raw'
  publicKeyFormat?: 'compressed' | 'uncompressed'
}

/** The key file format of a software passkey (JSON, documented in docs/signatures.md). */
export type SoftwarePasskeyKeyFile = {
  kind: 'verity-software-passkey'
  version: 1
  /** base58 of the 32-byte P-256 private scalar */
  secret_key: string
  rp_id: string
  origin: string
  sign_count: number
}

/**
 * A P-256 passkey in software that makes real WebAuthn assertions (ES256): authenticator data
 * = SHA-256(rpId) ‖ flags (UP|UV) ‖ signCount (4 bytes, big-endian), clientDataJSON
 * `{"type":"webauthn.get","challenge":…,"origin":…}` with challenge = base64url(SHA-256(message)),
 * and an ECDSA signature over authenticatorData ‖ SHA-256(clientDataJSON).
 */
export class SoftwarePasskey implements KeySigner {
  readonly publicKeyCompressed: Uint8Array
  readonly publicKeyUncompressed: Uint8Array
  readonly publicKeyBase58: string
  readonly ownerId: HashDigest
  readonly rpId: string
  readonly origin: string
  readonly #privateKey: KeyObject
  readonly #secretKey: Uint8Array
  readonly #options: SoftwarePasskeyOptions
  #signCount: number

  private constructor(secretKey: Uint8Array, options: SoftwarePasskeyOptions) {
    const ecdh = createECDH('prime256v1')
    try {
      ecdh.setPrivateKey(secretKey)
    } catch (error) {
      throw new InvalidSignerError({ reason: `not a P-256 private key: ${(error as Error).message}` })
    }
    this.#secretKey = Uint8Array.from(secretKey)
    this.publicKeyUncompressed = new Uint8Array(ecdh.getPublicKey())
    this.publicKeyCompressed = new Uint8Array(ecdh.getPublicKey(undefined, 'compressed'))
    this.#privateKey = createPrivateKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: encodeBase64Url(secretKey),
        x: encodeBase64Url(this.publicKeyUncompressed.subarray(1, 33)),
        y: encodeBase64Url(this.publicKeyUncompressed.subarray(33, 65)),
      },
      format: 'jwk',
    })
    this.#options = options
    this.rpId = options.rpId ?? 'localhost'
    this.origin = options.origin ?? 'https://localhost'
    this.#signCount = options.signCount ?? 0
    this.publicKeyBase58 = encodeBase58(
      options.publicKeyFormat === 'uncompressed' ? this.publicKeyUncompressed : this.publicKeyCompressed,
    )
    this.ownerId = ownerIdOfP256Key(this.publicKeyCompressed)
  }

  /** A new random passkey. */
  static generate(options: SoftwarePasskeyOptions = {}): SoftwarePasskey {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    return new SoftwarePasskey(decodeBase64Url(privateKey.export({ format: 'jwk' }).d ?? ''), options)
  }

  /** The passkey of a 32-byte P-256 private scalar. */
  static fromSecretKey(secretKey: Uint8Array, options: SoftwarePasskeyOptions = {}): SoftwarePasskey {
    if (!(secretKey instanceof Uint8Array) || secretKey.length !== 32)
      throw new InvalidSignerError({ reason: 'P-256 secret key must be 32 bytes' })
    return new SoftwarePasskey(secretKey, options)
  }

  /** The passkey of a key file's text (`SoftwarePasskeyKeyFile` as JSON). */
  static fromKeyFileText(text: string, source = 'key file'): SoftwarePasskey {
    let value: Partial<SoftwarePasskeyKeyFile>
    try {
      value = JSON.parse(text) as Partial<SoftwarePasskeyKeyFile>
    } catch (error) {
      throw new InvalidKeyFileError({ source, reason: 'not JSON' }, { cause: error })
    }
    if (typeof value !== 'object' || value === null || value.kind !== 'verity-software-passkey' || value.version !== 1)
      throw new InvalidKeyFileError({ source, reason: 'expected {"kind":"verity-software-passkey","version":1,…}' })
    if (typeof value.rp_id !== 'string' || typeof value.origin !== 'string')
      throw new InvalidKeyFileError({ source, reason: 'rp_id and origin must be strings' })
    if (typeof value.sign_count !== 'number' || !Number.isSafeInteger(value.sign_count) || value.sign_count < 0)
      throw new InvalidKeyFileError({ source, reason: 'sign_count must be an integer ≥ 0' })
    try {
      const secretKey = decodeBase58(value.secret_key, 'secret_key', 32)
      return new SoftwarePasskey(secretKey, { rpId: value.rp_id, origin: value.origin, signCount: value.sign_count })
    } catch (error) {
      throw new InvalidKeyFileError({ source, reason: 'secret_key must be base58 of a 32-byte P-256 private key' }, { cause: error })
    }
  }

  /** Reads a key file (see `fromKeyFileText`). */
  static fromKeyFile(path: string): SoftwarePasskey {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      throw new InvalidKeyFileError({ source: path, reason: (error as Error).message }, { cause: error })
    }
    return SoftwarePasskey.fromKeyFileText(text, path)
  }

  /** The key file text, with the current signature counter. */
  toKeyFileText(): string {
    const file: SoftwarePasskeyKeyFile = {
      kind: 'verity-software-passkey',
      version: 1,
      secret_key: encodeBase58(this.#secretKey),
      rp_id: this.rpId,
      origin: this.origin,
      sign_count: this.#signCount,
    }
    return `${JSON.stringify(file, null, 2)}\n`
  }

  /** Writes the key file, readable by its owner only (mode 0600). */
  toKeyFile(path: string): void {
    writeFileSync(path, this.toKeyFileText(), { mode: 0o600 })
  }

  /** The signature counter of the last assertion. */
  get signCount(): number {
    return this.#signCount
  }

  sign(message: Uint8Array): PasskeySignature {
    return this.signAssertion(message)
  }

  /** An assertion over `message`, with optional overrides (for tests of what must not verify). */
  signAssertion(message: Uint8Array, overrides: PasskeyAssertionOverrides = {}): PasskeySignature {
    this.#signCount = (this.#signCount + 1) % 2 ** 32
    const authenticatorData = Buffer.alloc(37)
    sha256(this.rpId).forEach((byte, index) => authenticatorData.writeUInt8(byte, index))
    authenticatorData.writeUInt8(overrides.flags ?? authenticatorFlags.userPresent | authenticatorFlags.userVerified, 32)
    authenticatorData.writeUInt32BE(this.#signCount, 33)
    // Key order as browsers write it; the verifier hashes these exact bytes.
    const clientData = JSON.stringify({
      type: overrides.clientDataType ?? WEBAUTHN_GET_TYPE,
      challenge: overrides.challenge ?? encodeBase64Url(sha256(message)),
      origin: this.origin,
    })
    const signatureFormat = overrides.signatureFormat ?? this.#options.signatureFormat ?? 'der'
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), {
      key: this.#privateKey,
      dsaEncoding: signatureFormat === 'raw' ? 'ieee-p1363' : 'der',
    })
    const publicKeyFormat = overrides.publicKeyFormat ?? this.#options.publicKeyFormat ?? 'compressed'
    const publicKey = publicKeyFormat === 'uncompressed' ? this.publicKeyUncompressed : this.publicKeyCompressed
    return {
      Passkey: {
        pub_key: encodeBase58(publicKey),
        signature: encodeBase58(signature),
        client_data: clientData,
        authenticator_data: encodeBase58(authenticatorData),
      },
    }
  }
}
