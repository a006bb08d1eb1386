// The key the store signs checkouts with (AP2 `ap2.merchant_authorization`): an ES256 (P-256) key
// in a JSON file created with mode 0600 on first start; its public half is in the profile's `signing_keys`.
import { createHash, generateKeyPairSync } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { MerchantSigningKey } from '@verity/core'
import type { JWK } from 'jose'
import { CheckoutStateError } from '../../errors/storeErrors.ts'

export type MerchantKey = Readonly<{ signing: MerchantSigningKey; publicJwk: Readonly<Record<string, string>> }>

/** A fresh key (tests, or the first start). */
export function createMerchantKey(): MerchantKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  return merchantKeyOf(privateKey.export({ format: 'jwk' }) as JWK)
}

/** Loads the key file, or creates it (mode 0600, parent folders made). Throws CheckoutStateError. */
export function loadOrCreateMerchantKey(path: string): MerchantKey {
  try {
    if (existsSync(path)) return merchantKeyOf(JSON.parse(readFileSync(path, 'utf8')) as JWK)
    const key = createMerchantKey()
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, JSON.stringify(key.signing.privateJwk), { mode: 0o600, flag: 'wx' })
    chmodSync(path, 0o600)
    return key
  } catch (error) {
    throw new CheckoutStateError({ path, reason: `the signing key cannot be read or created (${(error as Error).message})` })
  }
}

function merchantKeyOf(jwk: JWK): MerchantKey {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string' || typeof jwk.d !== 'string') throw new Error('expected a private EC P-256 JWK')
  // RFC 7638 thumbprint: the SHA-256 of the required members in lexicographic order.
  const thumbprint = createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest('base64url')
  const kid = `store-${thumbprint.slice(0, 16)}`
  const privateJwk = { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d }
  return { signing: { kid, alg: 'ES256', privateJwk }, publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid, alg: 'ES256', use: 'sig' } }
}
