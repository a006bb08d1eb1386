// The keys of AP2 mandates as @sd-jwt/core and jose take them: Verity's Ed25519 keys sign as JWS
// `EdDSA` (RFC 8037), their public half travels as an OKP JWK (`cnf.jwk`, RFC 7800).
import { decodeBase58, encodeBase64Url, decodeBase64Url, sha256, type KeySigner } from '@verity/core'
import { compactVerify, importJWK, type JWK } from 'jose'

/** The JWS algorithm of every mandate Verity signs. */
export const MANDATE_JWS_ALG = 'EdDSA'

// The function shapes @sd-jwt/core's SDJWTConfig takes.
type Signer = (data: string) => string
type Verifier = (data: string, signature: string) => Promise<boolean>
type Hasher = (data: string | ArrayBuffer, alg: string) => Uint8Array
type SaltGenerator = (length: number) => string

/** A public Ed25519 key as an OKP JWK. */
export type Ed25519PublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string }

/** The OKP JWK of a base58 or raw 32-byte Ed25519 public key. */
export function ed25519PublicJwk(publicKey: Uint8Array | string): Ed25519PublicJwk {
  const bytes = typeof publicKey === 'string' ? decodeBase58(publicKey, 'Ed25519 public key', 32) : publicKey
  return { kty: 'OKP', crv: 'Ed25519', x: encodeBase64Url(bytes) }
}

/** base58 of the key of an OKP Ed25519 JWK, or undefined for another kind of key. */
export function ed25519KeyOfJwk(jwk: Readonly<Record<string, unknown>>): Uint8Array | undefined {
  if (jwk['kty'] !== 'OKP' || jwk['crv'] !== 'Ed25519' || typeof jwk['x'] !== 'string') return undefined
  try {
    const bytes = decodeBase64Url(jwk['x'])
    return bytes.length === 32 ? bytes : undefined
  } catch {
    return undefined
  }
}

/** A @sd-jwt signer over a Verity Ed25519 key: the base64url EdDSA signature of the signing input. */
export function sdJwtSignerOf(signer: KeySigner): Signer {
  return (data: string) => {
    const signature = signer.sign(new TextEncoder().encode(data))
    if (!('Ed25519' in signature)) throw new TypeError('AP2 mandates are signed with Ed25519 keys (JWS EdDSA)')
    return encodeBase64Url(decodeBase58(signature.Ed25519.signature, 'signature', 64))
  }
}

/** A @sd-jwt verifier of one public JWK: jose checks the compact JWS `data.signature` (EdDSA or ES256/384/512). */
export function sdJwtVerifierOf(jwk: Readonly<Record<string, unknown>>): Verifier {
  const alg = jwk['kty'] === 'OKP' ? 'EdDSA' : jwk['crv'] === 'P-384' ? 'ES384' : jwk['crv'] === 'P-521' ? 'ES512' : 'ES256'
  return async (data: string, signature: string) => {
    try {
      const key = await importJWK(publicPart(jwk), alg)
      await compactVerify(`${data}.${signature}`, key, { algorithms: [alg] })
      return true
    } catch {
      return false
    }
  }
}

/** SHA-256, the only `_sd_alg` we issue and accept. */
export const sdJwtHasher: Hasher = (data: string | ArrayBuffer, alg: string) => {
  if (alg.toLowerCase() !== 'sha-256') throw new TypeError(`unsupported _sd_alg ${JSON.stringify(alg)}: only sha-256`)
  return sha256(typeof data === 'string' ? data : new Uint8Array(data))
}

/** 128 random bits per disclosure salt (SD-JWT §9.3). */
export const sdJwtSaltGenerator: SaltGenerator = (length: number) => encodeBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(Math.max(16, length))))

/** base64url SHA-256 of a string's UTF-8 bytes (`checkout_hash`, `sd_hash`). */
export function sha256Base64Url(text: string): string {
  return encodeBase64Url(sha256(text))
}

function publicPart(jwk: Readonly<Record<string, unknown>>): JWK {
  const { d: _d, ...rest } = jwk
  return rest as JWK
}
