import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { test } from 'node:test'
import type { JWK } from 'jose'
import { signMerchantAuthorization, verifyMerchantAuthorization, type MerchantSigningKey } from './merchantAuthorization.ts'

function keyOf(kid: string): { key: MerchantSigningKey; publicJwk: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  return { key: { kid, alg: 'ES256', privateJwk: privateKey.export({ format: 'jwk' }) as JWK }, publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' } }
}

const checkout = { id: 'chk_1', currency: 'USD', totals: [{ type: 'subtotal', amount: 2500 }, { type: 'total', amount: 2500 }], line_items: [{ id: 'li_1', quantity: 1 }] }

test('a signed checkout verifies with the published key, whatever its own ap2 and key order', async () => {
  const { key, publicJwk } = keyOf('store-1')
  const jws = await signMerchantAuthorization(checkout, key)
  assert.match(jws, /^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+$/)
  const reordered = { line_items: checkout.line_items, totals: checkout.totals, currency: 'USD', id: 'chk_1', ap2: { merchant_authorization: jws, checkout_mandate: 'x' } }
  assert.deepEqual(await verifyMerchantAuthorization(reordered, [publicJwk]), { ok: true, kid: 'store-1', alg: 'ES256' })
})

test('a changed total, an unknown kid, another key, a missing or malformed value are refused with a reason', async () => {
  const { key, publicJwk } = keyOf('store-1')
  const other = keyOf('store-1').publicJwk
  const jws = await signMerchantAuthorization(checkout, key)
  const changed = { ...checkout, totals: [{ type: 'subtotal', amount: 2500 }, { type: 'total', amount: 1 }], ap2: { merchant_authorization: jws } }
  const cases: [Record<string, unknown>, Record<string, unknown>[], RegExp][] = [
    [changed, [publicJwk], /does not verify/],
    [{ ...checkout, ap2: { merchant_authorization: jws } }, [{ ...publicJwk, kid: 'other' }], /no signing key with kid/],
    [{ ...checkout, ap2: { merchant_authorization: jws } }, [other], /does not verify/],
    [checkout, [publicJwk], /no ap2.merchant_authorization/],
    [{ ...checkout, ap2: { merchant_authorization: 'a.b.c' } }, [publicJwk], /not a detached JWS/],
  ]
  for (const [value, keys, reason] of cases) {
    const check = await verifyMerchantAuthorization(value, keys)
    assert.equal(check.ok, false)
    assert.match((check as { reason: string }).reason, reason)
  }
})

test('an alg other than ES256/ES384/ES512 is refused before any key is looked at', async () => {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'store-1' })).toString('base64url')
  const check = await verifyMerchantAuthorization({ ...checkout, ap2: { merchant_authorization: `${header}..AAAA` } }, [])
  assert.deepEqual(check, { ok: false, reason: 'the JWS alg "HS256" is not ES256, ES384 or ES512' })
})
