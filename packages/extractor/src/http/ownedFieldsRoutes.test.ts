// Extractor-owned evidence fields over real HTTP (docs/extractor.md, "Extractor-owned fields"): a
// catalog entry and a storefront page that declare `business`, `checkout_digest`, `quantity`, ...
// establish none of them; a storefront's business is the origin read; a mapping that maps an owned
// field stops the start.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { DEFAULT_MAPPING } from '../evidence/EvidenceMapping.ts'
import { startExtractor, type RunningExtractor } from '../startExtractor.ts'
import { html, jsonLdPage, redirect, startFakeStorefront, type FakeStorefront } from '../testing/startFakeStorefront.ts'
import { buildExtractorApp } from './buildExtractorApp.ts'

const ALLOWED_STORE = 'https://allowed-store.example'
const CLAIMS = { business: ALLOWED_STORE, checkout_digest: 'forged', checkout_id: 'chk_forged', quantity: 1, total_cents: 1, payee: '11111111111111111111111111111111,1' }

const CATALOG = [{ id: 'tee', title: 'Tee', price_cents: 2400, currency: 'USD', attributes: { ...CLAIMS, line_items: ['tee*1'] } }]

const TEE_LD = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Tee',
  additionalProperty: Object.entries(CLAIMS).map(([name, value]) => ({ '@type': 'PropertyValue', name, value })),
  offers: { '@type': 'Offer', price: '24.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
}

const SCHEMA = { business: 'string', checkout_digest: 'string', checkout_id: 'string', quantity: 'int', total_cents: 'int', payee: 'string', line_items: 'set<string>', price_cents: 'int' }

let dir: string
let shop: FakeStorefront
let mirror: FakeStorefront
let extractor: RunningExtractor

async function evidenceOf(solution: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${extractor.url}/extract`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ solution, schema: SCHEMA }) })
  const body = (await response.json()) as Record<string, unknown>
  assert.equal(response.status, 200, JSON.stringify(body))
  return body.evidence as Record<string, unknown>
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-owned-fields-'))
  writeFileSync(join(dir, 'shop.json'), JSON.stringify(CATALOG))
  mirror = await startFakeStorefront({ '/tee': html(jsonLdPage(TEE_LD)) })
  shop = await startFakeStorefront({ '/tee': html(jsonLdPage(TEE_LD)), '/moved': redirect(`${mirror.url}/tee`) })
  extractor = await startExtractor({ port: 0, logLevel: 'silent', catalogPath: join(dir, 'shop.json'), storefrontPrivateAddressesAllowed: [shop.address, mirror.address] })
})

after(async () => {
  await extractor?.close()
  await shop?.close()
  await mirror?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('extractor-owned fields over HTTP', () => {
  test('a catalog entry has no business, and its attributes establish no owned field', async () => {
    assert.deepEqual(await evidenceOf('catalog:tee'), { price_cents: 2400 })
  })

  test("a storefront page's business is the origin it was read from, not its additionalProperty", async () => {
    assert.deepEqual(await evidenceOf(`${shop.url}/tee`), { business: shop.url, price_cents: 2400 })
  })

  test('after a redirect, the business is the origin of the page actually read', async () => {
    assert.equal((await evidenceOf(`${shop.url}/moved`)).business, mirror.url)
  })

  test('a mapping file that maps an owned field stops the start with MAPPING_FIELD_OWNED', async () => {
    const mappingPath = join(dir, 'owned.mapping.json')
    writeFileSync(mappingPath, JSON.stringify({ fabric: ['attribute:material'], checkout_digest: ['attribute:checkout_digest'] }))
    await assert.rejects(startExtractor({ port: 0, logLevel: 'silent', catalogPath: join(dir, 'shop.json'), mappingPath }), {
      code: 'MAPPING_FIELD_OWNED',
      message: new RegExp(`mapping ${mappingPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: "checkout_digest" is an evidence field the extractor establishes itself`),
    })
  })

  test('mapping rules passed in code are refused the same way', async () => {
    const mapping = new Map([...DEFAULT_MAPPING, ['payee', ['attribute:payee']]])
    await assert.rejects(buildExtractorApp({ logLevel: 'silent', dependencies: { mapping } }), { code: 'MAPPING_FIELD_OWNED', message: /dependencies\.mapping: "payee"/ })
  })
})
