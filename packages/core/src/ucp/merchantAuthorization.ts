// AP2's business authorization (UCP ap2-mandates.md, "Business Authorization"): a JWS with detached
// content (RFC 7515 Appendix F) over the JCS (RFC 8785) form of a checkout without its `ap2` field,
// placed at `ap2.merchant_authorization` as `<header>..<signature>`; the header names `alg`
// (ES256, ES384 or ES512) and the `kid` of a key in the business profile's `signing_keys`.
import { CompactSign, compactVerify, importJWK, type JWK } from 'jose'
import { base64url } from '@scure/base'
import { canonicalJsonBytes } from '../encoding/jcs.ts'

/** The algorithms AP2 allows for a business authorization (ES256 is required of every party). */
export const MERCHANT_AUTHORIZATION_ALGS = Object.freeze(['ES256', 'ES384', 'ES512'] as const)
export type MerchantAuthorizationAlg = (typeof MERCHANT_AUTHORIZATION_ALGS)[number]

/** A business's private signing key: a private EC JWK (`d` present), its `kid` and algorithm. */
export type MerchantSigningKey = Readonly<{ kid: string; alg: MerchantAuthorizationAlg; privateJwk: JWK }>

export type MerchantAuthorizationCheck = Readonly<{ ok: true; kid: string; alg: MerchantAuthorizationAlg }> | Readonly<{ ok: false; reason: string }>

// A signing key imported once per key object (a store signs every reply with the same one).
const importedKeys = new WeakMap<MerchantSigningKey, ReturnType<typeof importJWK>>()

const DETACHED = /^([A-Za-z0-9_-]+)\.\.([A-Za-z0-9_-]+)$/

/** The signed payload: the checkout without `ap2`, canonical (JCS) UTF-8 bytes. */
function payloadOf(checkout: Readonly<Record<string, unknown>>): Uint8Array {
  const { ap2: _ap2, ...rest } = checkout
  return canonicalJsonBytes(rest, 'checkout')
}

/**
 * Signs a checkout: returns the detached JWS for its `ap2.merchant_authorization` (the checkout's
 * own `ap2`, if any, is not signed).
 * @example checkout.ap2 = { merchant_authorization: await signMerchantAuthorization(checkout, key) }
 */
export async function signMerchantAuthorization(checkout: Readonly<Record<string, unknown>>, key: MerchantSigningKey): Promise<string> {
  let imported = importedKeys.get(key)
  if (imported === undefined) {
    imported = importJWK(key.privateJwk, key.alg)
    importedKeys.set(key, imported)
  }
  const privateKey = await imported
  const compact = await new CompactSign(payloadOf(checkout)).setProtectedHeader({ alg: key.alg, kid: key.kid }).sign(privateKey)
  const [header, , signature] = compact.split('.')
  return `${header}..${signature}`
}

/**
 * Verifies `checkout.ap2.merchant_authorization` against the business's public `signing_keys`
 * (JWKs with `kid`, as its profile lists them). Never throws: a missing or malformed value, an
 * algorithm other than ES256/ES384/ES512, an unknown `kid` or a signature that does not match
 * the checkout (any field outside `ap2` changed) is `{ ok: false, reason }`.
 * @example const check = await verifyMerchantAuthorization(checkout, profile.signing_keys); if (!check.ok) throw new Error(check.reason)
 */
export async function verifyMerchantAuthorization(checkout: Readonly<Record<string, unknown>>, signingKeys: readonly Readonly<Record<string, unknown>>[]): Promise<MerchantAuthorizationCheck> {
  const ap2 = checkout['ap2'] as Record<string, unknown> | undefined
  const jws = ap2?.['merchant_authorization']
  if (typeof jws !== 'string') return { ok: false, reason: 'the checkout has no ap2.merchant_authorization' }
  const parts = DETACHED.exec(jws)
  if (parts === null) return { ok: false, reason: 'ap2.merchant_authorization is not a detached JWS <header>..<signature>' }
  let header: { alg?: unknown; kid?: unknown }
  try {
    header = JSON.parse(new TextDecoder().decode(base64url.decode(padded(parts[1]!)))) as typeof header
  } catch {
    return { ok: false, reason: 'the JWS header is not base64url JSON' }
  }
  const alg = header.alg
  if (typeof alg !== 'string' || !(MERCHANT_AUTHORIZATION_ALGS as readonly string[]).includes(alg)) return { ok: false, reason: `the JWS alg ${JSON.stringify(alg)} is not ES256, ES384 or ES512` }
  if (typeof header.kid !== 'string') return { ok: false, reason: 'the JWS header names no kid' }
  const jwk = signingKeys.find((key) => key['kid'] === header.kid)
  if (jwk === undefined) return { ok: false, reason: `no signing key with kid ${JSON.stringify(header.kid)}` }
  try {
    const publicKey = await importJWK(publicPart(jwk), alg)
    const payload = base64url.encode(payloadOf(checkout)).replace(/=+$/, '')
    await compactVerify(`${parts[1]}.${payload}.${parts[2]}`, publicKey, { algorithms: [alg] })
  } catch (error) {
    return { ok: false, reason: `the signature does not verify: ${(error as Error).message}` }
  }
  return { ok: true, kid: header.kid, alg: alg as MerchantAuthorizationAlg }
}

function padded(text: string): string {
  return text + '='.repeat((4 - (text.length % 4)) % 4)
}

function publicPart(jwk: Readonly<Record<string, unknown>>): JWK {
  const { d: _d, ...rest } = jwk
  return rest as JWK
}
