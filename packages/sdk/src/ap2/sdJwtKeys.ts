// The keys of AP2 mandates as @sd-jwt/core and jose take them: AP2's keys are EC P-256 and sign
// as JWS `ES256` (AP2 types/jwk.json; UCP's AP2 extension requires ES256). Verity's are derived
// from the agent's Ed25519 key (deriveUcpRequestKey: the platform key; deriveAp2MandateKey: `cnf`).
import { createPrivateKey, sign } from 'node:crypto'
import { encodeBase64Url, sha256, ucpJwkThumbprint, type UcpRequestKey } from '@verity/core'
import { compactVerify, importJWK, type JWK } from 'jose'

/** The JWS algorithm of every mandate Verity signs. */
export const MANDATE_JWS_ALG = 'ES256'

// The function shapes @sd-jwt/core's SDJWTConfig takes.
type Signer = (data: string) => string
type Verifier = (data: string, signature: string) => Promise<boolean>
type Hasher = (data: string | ArrayBuffer, alg: string) => Uint8Array
type SaltGenerator = (length: number) => string

/** A @sd-jwt signer over a P-256 key: the base64url ES256 signature (r‖s) of the signing input. */
export function sdJwtSignerOf(key: UcpRequestKey): Signer {
  const privateKey = createPrivateKey({ key: key.privateJwk as never, format: 'jwk' })
  return (data: string) => encodeBase64Url(sign('sha256', Buffer.from(data), { key: privateKey, dsaEncoding: 'ieee-p1363' }))
}

/** A @sd-jwt verifier of one public EC JWK: jose checks the compact JWS `data.signature` (ES256/384/512 by curve). */
export function sdJwtVerifierOf(jwk: Readonly<Record<string, unknown>>): Verifier {
  const alg = jwk['crv'] === 'P-384' ? 'ES384' : jwk['crv'] === 'P-521' ? 'ES512' : 'ES256'
  return async (data: string, signature: string) => {
    if (jwk['kty'] !== 'EC') return false
    try {
      const key = await importJWK(publicPart(jwk), alg)
      await compactVerify(`${data}.${signature}`, key, { algorithms: [alg] })
      return true
    } catch {
      return false
    }
  }
}

/** The RFC 7638 thumbprint of a public EC JWK: how two mandates name the same key. */
export function thumbprintOf(jwk: Readonly<Record<string, unknown>>): string {
  return ucpJwkThumbprint({ crv: jwk['crv'], kty: jwk['kty'], x: jwk['x'], y: jwk['y'] })
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
