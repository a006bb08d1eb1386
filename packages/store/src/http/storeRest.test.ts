import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { DEMO_CATALOG_PATH, loadStoreCatalog } from '../catalog/loadStoreCatalog.ts'
import { LOOKUP_IDS_MAX, STORE_REQUEST_BODY_BYTES_MAX } from '../limits.ts'
import { checkedReplyCount, requestChecked, UCP_AGENT } from '../testing/checkedReplies.ts'
import { buildStoreApp } from './buildStoreApp.ts'

const BASE = 'http://127.0.0.1:8095'
const PAYEE = { address: '4eYtSEsDVfDDat5vu5gZHyNGhpJRvnTjbqGNfk4hMYrq,1', token: 'native', domainUrl: 'http://127.0.0.1:3000' }
let app: FastifyInstance

before(async () => {
  app = await buildStoreApp({ catalog: loadStoreCatalog(DEMO_CATALOG_PATH), baseUrl: BASE, payee: PAYEE, logLevel: 'silent' })
})
after(async () => {
  await app.close()
  assert.ok(checkedReplyCount.value > 20, 'every reply above was checked against the UCP schemas')
})

const post = (url: string, body: unknown, headers: Record<string, string> = UCP_AGENT) => requestChecked(app, { url, body, headers })
const ids = (products: Array<{ id: string; variants: Array<{ id: string }> }>) => products.map((product) => `${product.id}:${product.variants.map((variant) => variant.id).join(',')}`)

describe('GET /.well-known/ucp', () => {
  test('lists dev.ucp.shopping over REST and MCP, the catalog capabilities and the dev.verity.domain payee, cacheable', async () => {
    const reply = await requestChecked(app, { method: 'GET', url: '/.well-known/ucp' })
    assert.equal(reply.status, 200)
    assert.equal(reply.headers['cache-control'], 'public, max-age=300')
    const { ucp } = reply.body
    assert.equal(ucp.version, '2026-04-08')
    assert.deepEqual(ucp.services['dev.ucp.shopping'].map((s: { transport: string; endpoint: string }) => [s.transport, s.endpoint]), [['rest', `${BASE}/ucp`], ['mcp', `${BASE}/ucp/mcp`]])
    assert.deepEqual(Object.keys(ucp.capabilities).sort(), ['dev.ucp.shopping.catalog.lookup', 'dev.ucp.shopping.catalog.search'])
    assert.deepEqual(ucp.payment_handlers['dev.verity.domain'], [{ id: 'verity_domain', version: '2026-04-08', config: { payee: PAYEE.address, token: 'native', domain_url: PAYEE.domainUrl } }])
  })
})

describe('POST /ucp/catalog/search', () => {
  test('query words and filters (categories, price, options, attributes) all hold; matching variants only, available first', async () => {
    const reply = await post('/ucp/catalog/search', {
      query: 'cotton tee',
      filters: { categories: ['t-shirt', 'Polos'], price: { max: 2500 }, options: { size: 'medium (m)' }, attributes: { 'Target gender': 'Unisex' } },
    })
    assert.equal(reply.status, 200)
    assert.deepEqual(ids(reply.body.products), ['tee-classic:tee-classic-white-m,tee-classic-black-m,tee-classic-navy-m'])
    assert.deepEqual(reply.body.pagination, { has_next_page: false, total_count: 1 })
    assert.deepEqual(reply.body.ucp.capabilities, { 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] })
  })

  test('an attribute with several values matches any of them; a category matches a step of a taxonomy path', async () => {
    const reply = await post('/ucp/catalog/search', { filters: { categories: ['Clothing Tops'], attributes: { clothing_features: 'Moisture wicking' } } })
    assert.deepEqual(reply.body.products.map((product: { id: string }) => product.id), ['tee-vneck'])
  })

  test('pages of `limit` products with a cursor to the next page; a foreign cursor is refused', async () => {
    const first = await post('/ucp/catalog/search', { filters: { categories: ['shoes'] }, pagination: { limit: 2 } })
    assert.deepEqual(first.body.products.map((product: { id: string }) => product.id), ['shoes-runner', 'shoes-boot'])
    assert.equal(first.body.pagination.has_next_page, true)
    assert.equal(first.body.pagination.total_count, 3)
    const second = await post('/ucp/catalog/search', { filters: { categories: ['shoes'] }, pagination: { limit: 2, cursor: first.body.pagination.cursor } })
    assert.deepEqual(second.body.products.map((product: { id: string }) => product.id), ['sneaker-canvas'])
    assert.deepEqual(second.body.pagination, { has_next_page: false, total_count: 3 })
    const forged = await post('/ucp/catalog/search', { query: 'shoes', pagination: { cursor: 'not-ours' } })
    assert.equal(forged.status, 400)
    assert.equal(forged.body.messages[0].code, 'invalid_cursor')
  })

  test('no match is an empty list, not an error', async () => {
    const reply = await post('/ucp/catalog/search', { query: 'submarine' })
    assert.deepEqual([reply.status, reply.body.products], [200, []])
  })

  test('a search without query or filter, an unknown filter or a request breaking the schema is a 400 naming the problem', async () => {
    const empty = await post('/ucp/catalog/search', {})
    assert.equal(empty.status, 400)
    assert.match(empty.body.messages[0].content, /a search needs a `query` or at least one filter/)
    const unknown = await post('/ucp/catalog/search', { query: 'tee', filters: { colour: 'White' } })
    assert.equal(unknown.status, 400)
    assert.match(unknown.body.messages[0].content, /unknown filter "colour"/)
    const wrong = await post('/ucp/catalog/search', { query: 'tee', filters: { price: { max: 19.99 } } })
    assert.equal(wrong.status, 400)
    assert.equal(wrong.body.messages[0].code, 'invalid_request')
    assert.match(wrong.body.messages[0].content, /\/filters\/price\/max/)
  })
})

describe('POST /ucp/catalog/product (get_product)', () => {
  test('a variant id comes first and fixes the selection', async () => {
    const reply = await post('/ucp/catalog/product', { id: 'tee-classic-white-m', selected: [{ name: 'Color', label: 'Black' }] })
    const { product } = reply.body
    assert.equal(product.variants[0].id, 'tee-classic-white-m')
    assert.deepEqual(product.variants[0].price, { amount: 1999, currency: 'USD' })
    assert.deepEqual(product.selected, [{ name: 'Color', label: 'White' }, { name: 'Size', label: 'Medium (M)' }])
    assert.deepEqual(product.attributes.filter((a: { name: string }) => a.name === 'Fabric'), [{ name: 'Fabric', value: 'Cotton' }])
  })

  test('a product id narrows by `selected`, relaxing from the end of `preferences`, with availability signals', async () => {
    const reply = await post('/ucp/catalog/product', {
      id: 'tee-classic',
      selected: [{ name: 'Color', label: 'Navy' }, { name: 'Size', label: 'Double Extra Large (XXL)' }],
      preferences: ['Color', 'Size'],
    })
    const { product } = reply.body
    assert.deepEqual(product.selected, [{ name: 'Color', label: 'Navy' }])
    assert.deepEqual(product.variants.map((variant: { id: string }) => variant.id), ['tee-classic-navy-s', 'tee-classic-navy-m', 'tee-classic-navy-l', 'tee-classic-navy-xl'])
    const sizes = product.options.find((option: { name: string }) => option.name === 'Size').values
    assert.deepEqual(sizes.find((value: { label: string }) => value.label === 'Extra Large (XL)'), { label: 'Extra Large (XL)', available: false, exists: true })
  })

  test('a product id without selections lists every variant, the first available one featured, its options as `selected`', async () => {
    const { product } = (await post('/ucp/catalog/product', { id: 'laptop-pro15' })).body
    assert.deepEqual(product.variants.map((variant: { id: string }) => variant.id), ['laptop-pro15-16gb', 'laptop-pro15-32gb'])
    assert.deepEqual(product.selected, [{ name: 'Memory', label: '16 GB' }, { name: 'Storage', label: '1 TB' }])
  })

  test('an unknown id is HTTP 200 with ucp.status "error" and a not_found message (an application outcome)', async () => {
    const reply = await post('/ucp/catalog/product', { id: 'no-such-thing' })
    assert.equal(reply.status, 200)
    assert.equal(reply.body.ucp.status, 'error')
    assert.deepEqual(reply.body.messages, [{ type: 'error', code: 'not_found', content: 'Product not found: no-such-thing', severity: 'unrecoverable' }])
  })

  test('a variant the filters exclude is not found', async () => {
    const reply = await post('/ucp/catalog/product', { id: 'polo-pique-navy-m', filters: { price: { max: 2500 } } })
    assert.equal(reply.body.ucp.status, 'error')
  })
})

describe('POST /ucp/catalog/lookup', () => {
  test('ids resolve to variants (exact) or featured variants (featured), one product each; unknown ids are not_found messages', async () => {
    const reply = await post('/ucp/catalog/lookup', { ids: ['tee-classic', 'tee-classic-white-s', 'tee-classic', 'socks-3pack', 'ghost'] })
    assert.equal(reply.status, 200)
    assert.deepEqual(
      reply.body.products.map((product: { id: string; variants: Array<{ id: string; inputs: unknown }> }) => [product.id, product.variants.map((variant) => [variant.id, variant.inputs])]),
      [
        ['tee-classic', [['tee-classic-white-s', [{ id: 'tee-classic', match: 'featured' }, { id: 'tee-classic-white-s', match: 'exact' }]]]],
        ['socks-3pack', [['socks-3pack', [{ id: 'socks-3pack', match: 'featured' }]]]],
      ],
    )
    assert.deepEqual(reply.body.messages, [{ type: 'info', code: 'not_found', content: 'ghost' }])
  })

  test(`more than ${LOOKUP_IDS_MAX} ids is a 400 request_too_large`, async () => {
    const reply = await post('/ucp/catalog/lookup', { ids: Array.from({ length: LOOKUP_IDS_MAX + 1 }, (_, index) => `id-${index}`) })
    assert.deepEqual([reply.status, reply.body.messages[0].code], [400, 'request_too_large'])
  })
})

describe('transport errors', () => {
  test('no UCP-Agent header, or one that is not a profile URL, is a 400 invalid_profile_url', async () => {
    for (const headers of [{} as Record<string, string>, { 'ucp-agent': 'profile=https://x.example' }, { 'ucp-agent': 'profile="not a url"' }, { 'ucp-agent': 'profile="file:///etc/passwd"' }]) {
      const reply = await post('/ucp/catalog/search', { query: 'tee' }, headers)
      assert.deepEqual([reply.status, reply.body.messages[0].code], [400, 'invalid_profile_url'], JSON.stringify(headers))
    }
  })

  test('a body that is not JSON is a 400, another content type a 415, a body over the limit a 413', async () => {
    const broken = await requestChecked(app, { url: '/ucp/catalog/search', payload: '{"query": ', headers: UCP_AGENT })
    assert.deepEqual([broken.status, broken.body.messages[0].code], [400, 'invalid_request'])
    const text = await requestChecked(app, { url: '/ucp/catalog/search', payload: 'query=tee', headers: { ...UCP_AGENT, 'content-type': 'text/plain' } })
    assert.deepEqual([text.status, text.body.messages[0].code], [415, 'unsupported_media_type'])
    const huge = await post('/ucp/catalog/search', { query: 'x'.repeat(STORE_REQUEST_BODY_BYTES_MAX) })
    assert.deepEqual([huge.status, huge.body.messages[0].code], [413, 'request_too_large'])
  })

  test('GET /metrics counts requests by route pattern and status', async () => {
    const metrics = await app.inject({ method: 'GET', url: '/metrics' })
    assert.equal(metrics.statusCode, 200)
    assert.match(metrics.body, /verity_http_requests_total\{[^}]*route="\/ucp\/catalog\/search"[^}]*status="200"[^}]*\} \d+/)
  })

  test('an unknown route is a 404 not_found in the UCP error shape; a Request-Id is echoed', async () => {
    const reply = await post('/ucp/checkout-sessions', {})
    assert.deepEqual([reply.status, reply.body.messages[0].code], [404, 'not_found'])
    const traced = await post('/ucp/catalog/search', { query: 'tee' }, { ...UCP_AGENT, 'request-id': '7b4d8a52-9d44-4d0c-b8a3-0f3c53a3a5a1' })
    assert.equal(traced.headers['request-id'], '7b4d8a52-9d44-4d0c-b8a3-0f3c53a3a5a1')
  })
})
