import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import Fastify from 'fastify'
import { extractorRoutes } from './extractorRoutes.ts'
import { startExtractor, type RunningExtractor } from '../startExtractor.ts'
import { html, json, jsonLdPage, redirect, startFakeStorefront, text, type FakeStorefront } from '../testing/startFakeStorefront.ts'

const CATALOG = [
  {
    id: 'tee',
    title: 'Tee',
    vendor: 'Acme',
    product_type: 't-shirt',
    tags: ['cotton', 'basics'],
    currency: 'USD',
    options: ['Color', 'Size'],
    attributes: { audience: 'unisex', material: 'cotton', sizes_eu: [40, 42, 44], organic: true },
    variants: [
      { id: 'tee-white-m', options: { Color: 'White', Size: 'M' }, price_cents: 1999, available: true },
      { id: 'tee-white-l', options: { Color: 'White', Size: 'L' }, price_cents: 1999, available: false },
      { id: 'tee-black-m', options: { Color: 'Black', Size: 'M' }, price: '21.50', available: true },
    ],
  },
  { id: 'mug', title: 'Mug', price_cents: 900, attributes: { capacity_ml: 350 } },
]

const SHOPIFY_SHIRT = {
  product: {
    id: 7001,
    title: 'Linen Shirt',
    handle: 'linen-shirt',
    vendor: 'Coastline',
    product_type: 'Shirts',
    tags: 'linen, summer,  men',
    options: [
      { name: 'Color', position: 1, values: ['White', 'Sand'] },
      { name: 'Size', position: 2, values: ['M', 'L'] },
    ],
    variants: [
      { id: 9001, title: 'White / M', option1: 'White', option2: 'M', option3: null, price: '49.90', sku: 'LS-W-M' },
      { id: 9002, title: 'White / L', option1: 'White', option2: 'L', option3: null, price: '49.90', sku: 'LS-W-L' },
      { id: 9003, title: 'Sand / M', option1: 'Sand', option2: 'M', option3: null, price: '54.00', sku: 'LS-S-M' },
    ],
  },
}

const SHOPIFY_SOCKS_JS = {
  id: 8001,
  title: 'Wool Socks',
  handle: 'wool-socks',
  vendor: 'Knitworks',
  type: 'Socks',
  tags: ['wool', 'winter'],
  options: [{ name: 'Size', position: 1, values: ['S', 'M'] }],
  variants: [
    { id: 8101, title: 'S', option1: 'S', options: ['S'], price: 1450, available: true },
    { id: 8102, title: 'M', option1: 'M', options: ['M'], price: 1450, available: false },
  ],
}

const JACKET_LD = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Trail Jacket',
  brand: { '@type': 'Brand', name: 'Summit' },
  category: 'Jackets',
  color: 'Red',
  size: 'L',
  material: 'Gore-Tex',
  additionalProperty: [
    { '@type': 'PropertyValue', name: 'waterproof_mm', value: 20000 },
    { '@type': 'PropertyValue', name: 'hood', value: true },
    { '@type': 'PropertyValue', name: 'weight_kg', value: 0.65 },
  ],
  offers: { '@type': 'Offer', price: '189.95', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
}

const LAMP_LD = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'Lamps' },
    {
      '@type': 'Product',
      name: 'Desk Lamp',
      brand: 'Glow',
      offers: [
        { '@type': 'Offer', url: '/item/lamp?variant=11', price: 19.99, priceCurrency: 'USD', availability: 'InStock', sku: 'LAMP-BLK' },
        { '@type': 'Offer', url: '/item/lamp?variant=12', price: 24.5, priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock', sku: 'LAMP-BRS' },
      ],
    },
  ],
}

let dir: string
let catalogPath: string
let shop: FakeStorefront
let extractor: RunningExtractor

async function post(body: unknown, base = extractor.url): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/extract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function evidenceOf(solution: string, schema: Record<string, string>, metadata: unknown = {}): Promise<Record<string, unknown>> {
  const reply = await post({ intent_id: '5b1f6a3e-0000-4000-8000-000000000001', template_id: 'T', solution, metadata, schema })
  assert.equal(reply.status, 200, JSON.stringify(reply.body))
  return reply.body.evidence as Record<string, unknown>
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-extractor-'))
  catalogPath = join(dir, 'shop.json')
  writeFileSync(catalogPath, JSON.stringify(CATALOG))
  shop = await startFakeStorefront({
    '/products/linen-shirt.json': json(SHOPIFY_SHIRT),
    '/products/wool-socks.js': json(SHOPIFY_SOCKS_JS),
    '/products/trail-jacket': html(jsonLdPage('{ broken', { '@type': 'BreadcrumbList' }, JACKET_LD)),
    '/item/lamp': html(jsonLdPage(LAMP_LD)),
    '/products/moved.json': redirect('/products/linen-shirt.json', 301),
    '/products/evil.json': redirect('file:///etc/passwd'),
    '/products/loop.json': redirect('/products/loop.json'),
    '/products/garbled.json': text('{"product": {"variants": ', 200, 'application/json'),
    '/products/shapeless.json': json({ product: { id: 1, variants: 'none' } }),
    '/products/failing.json': text('upstream exploded', 500),
    '/products/no-markup': html('<html><body>no structured data</body></html>'),
    '/products/huge.json': (_request, response) => {
      const body = JSON.stringify({ product: { id: 1, title: 'x'.repeat(8_192), variants: [{ id: 1 }] } })
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      response.end(body)
    },
    '/products/huge-chunked.json': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      for (let index = 0; index < 16; index += 1) response.write(' '.repeat(1_024))
      response.end('{}')
    },
    '/products/slow.json': () => {}, // never answers
  })
  extractor = await startExtractor({
    port: 0,
    logLevel: 'silent',
    catalogPath,
    catalogPollIntervalMs: 20,
    fetchTimeoutMs: 300,
    responseBytesMax: 4_096,
    redirectsMax: 2,
    // The fake shop is on loopback, which the fetch guard refuses unless told: allow that one server.
    storefrontPrivateAddressesAllowed: [shop.address],
  })
})

after(async () => {
  await extractor.close()
  await shop.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('catalog source', () => {
  test('fills every type from a selected variant', async () => {
    const evidence = await evidenceOf(
      'catalog:tee',
      {
        price_cents: 'int',
        color: 'string',
        size: 'string',
        brand: 'string',
        category: 'string',
        tags: 'set<string>',
        available: 'bool',
        sizes_eu: 'set<int>',
        organic: 'optional bool',
        audience: 'optional string',
        currency: 'string',
      },
      { options: { Color: 'White', Size: 'M' } },
    )
    assert.deepEqual(evidence, {
      price_cents: 1999,
      color: 'White',
      size: 'M',
      brand: 'Acme',
      category: 't-shirt',
      tags: ['cotton', 'basics'],
      available: true,
      sizes_eu: [40, 42, 44],
      organic: true,
      audience: 'unisex',
      currency: 'USD',
    })
  })

  test('selects by metadata variant_id, by a catalog variant id, and by option names in any case', async () => {
    assert.deepEqual(await evidenceOf('catalog:tee', { price_cents: 'int', color: 'string' }, { variant_id: 'tee-black-m' }), {
      price_cents: 2150,
      color: 'Black',
    })
    assert.deepEqual(await evidenceOf('catalog:tee-white-l', { available: 'bool', size: 'string' }), { available: false, size: 'L' })
    assert.deepEqual(await evidenceOf('catalog:tee', { size: 'string', price_cents: 'int' }, { options: { color: 'black' } }), {
      size: 'M',
      price_cents: 2150,
    })
  })

  test('without a selection, fields the variants disagree on are left out and shared ones kept', async () => {
    const evidence = await evidenceOf('catalog:tee', { price_cents: 'int', color: 'string', brand: 'string', available: 'bool' })
    assert.deepEqual(evidence, { brand: 'Acme' })
    // Two white variants share the color and price but not the size.
    const white = await evidenceOf('catalog:tee', { price_cents: 'int', color: 'string', size: 'string' }, { options: { Color: 'White' } })
    assert.deepEqual(white, { price_cents: 1999, color: 'White' })
  })

  test('leaves out unknown fields and values of the wrong type', async () => {
    const evidence = await evidenceOf('catalog:mug', { price_cents: 'string', capacity_ml: 'int', color: 'string', brand: 'string', tags: 'set<string>' })
    assert.deepEqual(evidence, { capacity_ml: 350 })
    assert.deepEqual(await evidenceOf('catalog:tee-white-m', { audience: 'int', sizes_eu: 'set<string>', organic: 'string' }), {})
  })

  test('unknown product and unknown variant are 404', async () => {
    const unknown = await post({ solution: 'catalog:nope', metadata: {}, schema: {} })
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.code, 'PRODUCT_NOT_FOUND')
    assert.match(unknown.body.message as string, /catalog:nope/)
    const noVariant = await post({ solution: 'catalog:tee', metadata: { options: { Color: 'Green' } }, schema: {} })
    assert.equal(noVariant.status, 404)
    assert.equal(noVariant.body.code, 'VARIANT_NOT_FOUND')
  })

  test('reloads the catalog when the file changes, and keeps the last good one when it breaks', async () => {
    const waitFor = async (check: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 500 && !(await check()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10))
      assert.ok(await check(), 'the change was not picked up')
    }
    writeFileSync(catalogPath, JSON.stringify([...CATALOG, { id: 'cap', title: 'Cap', price_cents: 1500 }]))
    await waitFor(async () => (await post({ solution: 'catalog:cap', schema: { price_cents: 'int' } })).status === 200)
    assert.deepEqual(await evidenceOf('catalog:cap', { price_cents: 'int' }), { price_cents: 1500 })
    writeFileSync(catalogPath, '[{"id": "broken", "price_cents": 1.5}]')
    // The bad file is reported and skipped: give the poller many turns, then check the old catalog serves.
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.deepEqual(await evidenceOf('catalog:cap', { price_cents: 'int' }), { price_cents: 1500 })
    assert.equal((await post({ solution: 'catalog:broken', schema: {} })).status, 404)
    writeFileSync(catalogPath, JSON.stringify(CATALOG))
    await waitFor(async () => (await post({ solution: 'catalog:cap', schema: {} })).status === 404)
  })
})

describe('storefront source', () => {
  test('reads Shopify product JSON: exact cents from "49.90", comma tags, options, ?variant=', async () => {
    const schema = { price_cents: 'int', color: 'string', size: 'string', vendor: 'string', category: 'string', tags: 'set<string>', sku: 'string', available: 'bool' }
    const evidence = await evidenceOf(`${shop.url}/products/linen-shirt?variant=9003`, schema)
    // `.json` does not say whether a variant is in stock: availability is left out.
    assert.deepEqual(evidence, {
      price_cents: 5400,
      color: 'Sand',
      size: 'M',
      vendor: 'Coastline',
      category: 'Shirts',
      tags: ['linen', 'summer', 'men'],
      sku: 'LS-S-M',
    })
    assert.deepEqual(await evidenceOf(`${shop.url}/products/linen-shirt`, { price_cents: 'int', size: 'string' }, { options: { Color: 'White' } }), {
      price_cents: 4990,
    })
    assert.deepEqual(await evidenceOf(`${shop.url}/products/linen-shirt`, { size: 'string' }, { variant_id: 9002 }), { size: 'L' })
  })

  test('falls back to .js (prices in cents) when .json is missing', async () => {
    const evidence = await evidenceOf(
      `${shop.url}/products/wool-socks`,
      { price_cents: 'int', size: 'string', available: 'bool', category: 'string', tags: 'set<string>' },
      { variant_id: '8102' },
    )
    assert.deepEqual(evidence, { price_cents: 1450, size: 'M', available: false, category: 'Socks', tags: ['wool', 'winter'] })
  })

  test('falls back to JSON-LD Product markup in the page', async () => {
    const evidence = await evidenceOf(`${shop.url}/products/trail-jacket`, {
      price_cents: 'int',
      currency: 'string',
      available: 'bool',
      brand: 'string',
      category: 'string',
      color: 'string',
      size: 'string',
      material: 'string',
      waterproof_mm: 'int',
      hood: 'bool',
      weight_kg: 'string',
    })
    assert.deepEqual(evidence, {
      price_cents: 18995,
      currency: 'EUR',
      available: true,
      brand: 'Summit',
      category: 'Jackets',
      color: 'Red',
      size: 'L',
      material: 'Gore-Tex',
      waterproof_mm: 20000,
      hood: true,
    })
  })

  test('reads JSON-LD offers as variants, from any page URL, with exact cents from a JSON number', async () => {
    assert.deepEqual(await evidenceOf(`${shop.url}/item/lamp?variant=11`, { price_cents: 'int', available: 'bool', brand: 'string' }), {
      price_cents: 1999,
      available: true,
      brand: 'Glow',
    })
    assert.deepEqual(await evidenceOf(`${shop.url}/item/lamp`, { price_cents: 'int', available: 'bool' }, { variant_id: 'LAMP-BRS' }), {
      price_cents: 2450,
      available: false,
    })
  })

  test('follows an http redirect', async () => {
    assert.deepEqual(await evidenceOf(`${shop.url}/products/moved`, { vendor: 'string' }), { vendor: 'Coastline' })
  })

  test('unknown product is 404', async () => {
    const reply = await post({ solution: `${shop.url}/products/ghost`, metadata: null, schema: { color: 'string' } })
    assert.equal(reply.status, 404)
    assert.equal(reply.body.code, 'PRODUCT_NOT_FOUND')
  })

  test('storefront down is 502 with the cause', async () => {
    const gone = await startFakeStorefront()
    await gone.close()
    const allowing = await startExtractor({ port: 0, logLevel: 'silent', catalogPath: null, storefrontPrivateAddressesAllowed: [gone.address] })
    try {
      const reply = await post({ solution: `${gone.url}/products/anything`, schema: {} }, allowing.url)
      assert.equal(reply.status, 502)
      assert.equal(reply.body.code, 'STOREFRONT_UNAVAILABLE')
      assert.match(reply.body.message as string, /ECONNREFUSED/)
    } finally {
      await allowing.close()
    }
  })

  const refused: [string, string, RegExp][] = [
    ['garbled', 'STOREFRONT_BAD_REPLY', /malformed reply/],
    ['shapeless', 'STOREFRONT_BAD_REPLY', /variants/],
    ['failing', 'STOREFRONT_UNAVAILABLE', /status 500/],
    ['no-markup', 'STOREFRONT_BAD_REPLY', /no JSON-LD Product/],
    ['loop', 'STOREFRONT_BAD_REPLY', /more than 2 redirects/],
    ['huge', 'STOREFRONT_BAD_REPLY', /at most 4096/],
    ['huge-chunked', 'STOREFRONT_BAD_REPLY', /larger than 4096 bytes/],
    ['slow', 'STOREFRONT_UNAVAILABLE', /no complete reply within 300 ms/],
  ]
  for (const [handle, code, message] of refused)
    test(`${handle} storefront reply is 502 ${code}`, async () => {
      const reply = await post({ solution: `${shop.url}/products/${handle}`, metadata: {}, schema: { color: 'string' } })
      assert.equal(reply.status, 502, JSON.stringify(reply.body))
      assert.equal(reply.body.code, code)
      assert.match(reply.body.message as string, message)
    })

  test('a redirect to a non-http(s) URL is 422 STOREFRONT_SCHEME_REFUSED', async () => {
    const reply = await post({ solution: `${shop.url}/products/evil`, metadata: {}, schema: { color: 'string' } })
    assert.equal(reply.status, 422, JSON.stringify(reply.body))
    assert.equal(reply.body.code, 'STOREFRONT_SCHEME_REFUSED')
    assert.match(reply.body.message as string, /file:\/\/\/etc\/passwd \(redirected from http:\/\/127\.0\.0\.1:\d+\/products\/evil\.json\): scheme file: is not fetched/)
  })
})

describe('bad requests', () => {
  const cases: [string, unknown, RegExp][] = [
    ['no solution', { metadata: {}, schema: {} }, /solution/],
    ['empty solution', { solution: '  ', schema: {} }, /solution/],
    ['unknown scheme', { solution: 'ftp://shop.example/products/x', schema: {} }, /expected catalog:<product-id>, an http\(s\) product URL, or a UCP id with metadata.business/],
    ['credentials in the URL', { solution: 'http://user:pw@127.0.0.1/products/x', schema: {} }, /credentials/],
    ['bad schema type', { solution: 'catalog:tee', schema: { price: 'float' } }, /schema\.price: unknown type "float"/],
    ['bad field name', { solution: 'catalog:tee', schema: { 'a-b': 'int' } }, /schema\.a-b/],
    ['no schema', { solution: 'catalog:tee' }, /schema/],
    ['bad metadata options', { solution: 'catalog:tee', metadata: { options: { Color: 3 } }, schema: {} }, /metadata\.options\.Color/],
    ['bad metadata variant_id', { solution: 'catalog:tee', metadata: { variant_id: { id: 1 } }, schema: {} }, /metadata\.variant_id/],
    ['invalid JSON', '{"solution": ', /not valid JSON/],
  ]
  for (const [name, body, message] of cases)
    test(`${name} is 400`, async () => {
      const reply = await post(body)
      assert.equal(reply.status, 400, JSON.stringify(reply.body))
      assert.match(reply.body.message as string, message)
    })

  test('a body over the limit is refused', async () => {
    const reply = await post({ solution: 'catalog:tee', metadata: { padding: 'x'.repeat(70_000) }, schema: {} })
    assert.equal(reply.status, 413)
    assert.ok(typeof reply.body.message === 'string')
  })

  test('storefronts outside the allowed hosts are refused', async () => {
    const strict = await startExtractor({ port: 0, logLevel: 'silent', catalogPath: null, storefrontHostsAllowed: ['shop.example'] })
    try {
      const reply = await post({ solution: `${shop.url}/products/linen-shirt`, schema: {} }, strict.url)
      assert.equal(reply.status, 400)
      assert.match(reply.body.message as string, /not an allowed storefront/)
      const noCatalog = await post({ solution: 'catalog:tee', schema: {} }, strict.url)
      assert.equal(noCatalog.status, 400)
    } finally {
      await strict.close()
    }
  })
})

describe('service', () => {
  test('the demo catalog serves the quickstart ids, and /openapi.json documents /extract', async () => {
    const demo = await startExtractor({ port: 0, logLevel: 'silent', catalogPollIntervalMs: 0 })
    try {
      const reply = await post(
        { solution: 'catalog:tee-classic', metadata: { options: { Color: 'White', Size: 'M' } }, schema: { price_cents: 'int', color: 'string', size: 'string' } },
        demo.url,
      )
      assert.deepEqual(reply.body, { evidence: { price_cents: 1999, color: 'White', size: 'M' } })
      const openapi = (await (await fetch(`${demo.url}/openapi.json`)).json()) as { paths: Record<string, unknown> }
      assert.ok(openapi.paths['/extract'])
    } finally {
      await demo.close()
    }
  })

  test('mounts as a plugin under a prefix of another app, leaving its parser and errors alone', async () => {
    const host = Fastify({ logger: false })
    host.post('/echo', async (request) => request.body)
    await host.register(extractorRoutes, { prefix: '/extractor', catalogPath, catalogPollIntervalMs: 0 })
    try {
      const reply = await host.inject({
        method: 'POST',
        url: '/extractor/extract',
        payload: { solution: 'catalog:tee', metadata: { variant_id: 'tee-black-m' }, schema: { price_cents: 'int', color: 'string' } },
      })
      assert.equal(reply.statusCode, 200)
      assert.deepEqual(reply.json(), { evidence: { price_cents: 2150, color: 'Black' } })
      const missing = await host.inject({ method: 'POST', url: '/extractor/extract', payload: { solution: 'catalog:none', schema: {} } })
      assert.equal(missing.statusCode, 404)
      assert.equal((await host.inject({ method: 'POST', url: '/echo', payload: { a: 1 } })).json().a, 1)
    } finally {
      await host.close()
    }
  })
})
