import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { checkEvidenceAttestation, type EvidenceAttestation } from '@verity/core'
import { startExtractor, type RunningExtractor } from './startExtractor.ts'
import { json, jsonLdPage, html, startFakeStorefront, type FakeStorefront } from './testing/startFakeStorefront.ts'

const SHIRT_JSON = {
  product: {
    id: 1,
    title: 'Linen Shirt',
    vendor: 'Acme',
    product_type: 'shirt',
    tags: [],
    options: [{ name: 'Size' }],
    variants: [{ id: 11, title: 'M', option1: 'M', price: '25.00', available: true }],
  },
}
const LAMP_PAGE = jsonLdPage({ '@type': 'Product', name: 'Lamp', offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'USD' } })
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

describe('attested extraction: every reply is signed by the extractor key, over what it fetched', () => {
  let shop: FakeStorefront
  let extractor: RunningExtractor
  let keyDir: string
  let unkeyed: RunningExtractor

  before(async () => {
    shop = await startFakeStorefront({ '/products/linen-shirt.json': json(SHIRT_JSON), '/item/lamp': html(LAMP_PAGE) })
    keyDir = mkdtempSync(join(tmpdir(), 'verity-extractor-key-'))
    const common = { port: 0, logLevel: 'silent', storefrontPrivateAddressesAllowed: [shop.address] }
    extractor = await startExtractor({ ...common, keyFile: join(keyDir, 'key.json') })
    unkeyed = await startExtractor(common)
  })
  after(async () => {
    await extractor.close()
    await unkeyed.close()
    await shop.close()
    rmSync(keyDir, { recursive: true, force: true })
  })

  async function extract(url: string, body: Record<string, unknown>) {
    const response = await fetch(`${url}/extract`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    assert.equal(response.status, 200)
    return (await response.json()) as { evidence: Record<string, unknown>; attestation?: EvidenceAttestation }
  }

  test('a storefront reply lists each document really fetched with its status and the SHA-256 of its body', async () => {
    const request = { intent_id: 'i-1', template_id: 't-1', solution: `${shop.url}/products/linen-shirt`, metadata: { options: { Size: 'M' } }, schema: { price_cents: 'int' } }
    const reply = await extract(extractor.url, request)
    assert.deepEqual(reply.evidence, { price_cents: 2500 })
    const attestation = reply.attestation!
    assert.deepEqual(attestation.sources, [{ url: `${shop.url}/products/linen-shirt.json`, status: 200, body_sha256: sha256Hex(JSON.stringify(SHIRT_JSON)) }])
    const check = checkEvidenceAttestation(attestation, { ...request, evidence: reply.evidence })
    assert.ok(check.ok)
    // The key is the one in the key file, and stays across restarts of the extractor.
    const again = await startExtractor({ port: 0, logLevel: 'silent', keyFile: join(keyDir, 'key.json') })
    try {
      const later = await extract(again.url, { solution: 'catalog:tee-classic-white-m', schema: { price_cents: 'int' } })
      assert.equal(later.attestation!.signature.Ed25519.pub_key, attestation.signature.Ed25519.pub_key)
    } finally {
      await again.close()
    }
  })

  test('a page without a Shopify path is fetched once and attested with its page hash', async () => {
    const request = { solution: `${shop.url}/item/lamp`, schema: { price_cents: 'int' } }
    const reply = await extract(extractor.url, request)
    assert.deepEqual(reply.attestation!.sources, [{ url: `${shop.url}/item/lamp`, status: 200, body_sha256: sha256Hex(LAMP_PAGE) }])
    assert.ok(checkEvidenceAttestation(reply.attestation, { ...request, evidence: reply.evidence }).ok)
  })

  test('a catalog reply is attested with no sources; evidence changed afterwards no longer verifies', async () => {
    const request = { solution: 'catalog:tee-classic-white-m', schema: { price_cents: 'int', color: 'string' } }
    const reply = await extract(extractor.url, request)
    assert.deepEqual(reply.attestation!.sources, [])
    assert.ok(checkEvidenceAttestation(reply.attestation, { ...request, evidence: reply.evidence }).ok)
    const forged = checkEvidenceAttestation(reply.attestation, { ...request, evidence: { ...reply.evidence, price_cents: 1 } })
    assert.equal(forged.ok, false)
  })

  test('GET /metrics counts the extractions by status', async () => {
    const text = await (await fetch(`${extractor.url}/metrics`)).text()
    assert.match(text, /^verity_http_requests_total\{method="POST",route="\/extract",status="200",service="extractor"\} [1-9]\d*$/m)
  })

  test('an extractor without a key file answers unattested, in the spec shape', async () => {
    const reply = await extract(unkeyed.url, { solution: 'catalog:tee-classic-white-m', schema: { price_cents: 'int' } })
    assert.deepEqual(Object.keys(reply), ['evidence'])
  })
})
