// Hostile and broken UCP businesses (real HTTP servers on 127.0.0.1): each gives one clear code and
// message, no crash, nothing past the time-out. Addresses other than loopback are only ever refused
// by the fetch guard before connecting.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DEFAULT_MAPPING } from '../evidence/EvidenceMapping.ts'
import { extractAttested } from '../extractAttested.ts'
import { buildExtractorApp } from '../http/buildExtractorApp.ts'
import { json, redirect, startFakeStorefront, text, type FakeRoute, type FakeStorefront } from '../testing/startFakeStorefront.ts'
import { PERFORMANCE_TEE } from '../testing/specUcpProducts.ts'
import { UcpSource, type UcpSourceOptions } from './UcpSource.ts'

const VARIANT = 'gid://shopify/ProductVariant/2002'

function profileOf(base: string, overrides: Record<string, unknown> = {}): unknown {
  return {
    ucp: {
      version: '2026-04-08',
      services: { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'rest', endpoint: `${base}/ucp` }] },
      capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version: '2026-04-08' }] },
      payment_handlers: {},
      ...overrides,
    },
  }
}

function productReply(product: unknown = PERFORMANCE_TEE): unknown {
  return { ucp: { version: '2026-04-08' }, product }
}

function hanging(): FakeRoute {
  return () => undefined
}

describe('hostile UCP businesses', () => {
  let shop: FakeStorefront
  before(async () => {
    shop = await startFakeStorefront()
  })
  after(() => shop.close())

  /** Serves `routes` (paths of the shop) and extracts price_cents of VARIANT; returns the error thrown. */
  async function failure(routes: Record<string, FakeRoute>, options: UcpSourceOptions = {}): Promise<{ code: string; message: string }> {
    shop.routes.clear()
    for (const [path, route] of Object.entries(routes)) shop.routes.set(path, route)
    const ucp = new UcpSource({ privateAddressesAllowed: [shop.address], ...options })
    const request = { solution: VARIANT, metadata: { business: shop.url }, schema: { price_cents: 'int' } }
    try {
      const result = await extractAttested({ ucp, mapping: DEFAULT_MAPPING }, request)
      assert.fail(`expected a failure, got ${JSON.stringify(result)}`)
    } catch (error) {
      return error as { code: string; message: string }
    }
  }

  const profileRoute = () => json(profileOf(shop.url))

  test('a business that answers too slowly: UCP_UNAVAILABLE at the time-out, asked once', async () => {
    const before = shop.requested.length
    // Long enough for the profile's own reply on a loaded machine: only the product must time out.
    const error = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': hanging() }, { fetchTimeoutMs: 1_500 })
    assert.equal(error.code, 'UCP_UNAVAILABLE')
    assert.match(error.message, /\/ucp\/catalog\/product: no complete reply within 1500 ms/)
    assert.equal(shop.requested.slice(before).filter((path) => path === '/ucp/catalog/product').length, 1, 'a time-out is not retried')
  })

  test('a reply larger than the bound: UCP_BAD_REPLY naming the bound', async () => {
    const error = await failure({ '/.well-known/ucp': json({ ...(profileOf(shop.url) as object), padding: 'x'.repeat(4_096) }) }, { responseBytesMax: 1_024 })
    assert.equal(error.code, 'UCP_BAD_REPLY')
    assert.match(error.message, /reply of \d+ bytes, at most 1024|larger than 1024 bytes/)
  })

  test('invalid JSON: UCP_BAD_REPLY saying so', async () => {
    const error = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': text('{"ucp": {', 200, 'application/json') })
    assert.equal(error.code, 'UCP_BAD_REPLY')
    assert.match(error.message, /the get_product reply is not JSON/)
  })

  test('a reply that breaks the schema: UCP_BAD_REPLY naming the paths', async () => {
    const broken = { ...PERFORMANCE_TEE, title: 42, variants: [] }
    const error = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': json(productReply(broken)) })
    assert.equal(error.code, 'UCP_BAD_REPLY')
    assert.match(error.message, /breaks the UCP 2026-04-08 schema: .*\/product\/title/)
    assert.match(error.message, /\/product\/variants/)
  })

  test('a price that is not an integer in minor units: UCP_PRICE_INVALID naming the path and the value', async () => {
    const variants = PERFORMANCE_TEE.variants.map((variant) => ({ ...variant, price: { amount: 26.5, currency: 'USD' } }))
    const error = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': json(productReply({ ...PERFORMANCE_TEE, variants })) })
    assert.equal(error.code, 'UCP_PRICE_INVALID')
    assert.match(error.message, /\/product\/variants\/0\/price\/amount is 26\.5, not an integer amount in minor units/)
    const huge = PERFORMANCE_TEE.variants.map((variant) => ({ ...variant, price: { amount: 2 ** 60, currency: 'USD' } }))
    const beyond = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': json(productReply({ ...PERFORMANCE_TEE, variants: huge })) })
    assert.equal(beyond.code, 'UCP_PRICE_INVALID')
  })

  test('a long description is read past; an attribute longer than PRODUCT_STRING_CHARS_MAX is UCP_BAD_REPLY at its path', async () => {
    shop.routes.clear()
    shop.routes.set('/.well-known/ucp', profileRoute())
    shop.routes.set('/ucp/catalog/product', json(productReply({ ...PERFORMANCE_TEE, description: { html: `<p>${'long '.repeat(5_000)}</p>` } })))
    const ucp = new UcpSource({ privateAddressesAllowed: [shop.address] })
    const { evidence } = await extractAttested({ ucp, mapping: DEFAULT_MAPPING }, { solution: VARIANT, metadata: { business: shop.url }, schema: { price_cents: 'int' } })
    assert.deepEqual(evidence, { price_cents: 2600 })
    const variants = [{ ...PERFORMANCE_TEE.variants[1], attributes: [{ name: 'Care', value: 'x'.repeat(5_000) }] }]
    const error = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': json(productReply({ ...PERFORMANCE_TEE, variants })) })
    assert.equal(error.code, 'UCP_BAD_REPLY')
    assert.match(error.message, /\/product\/variants\/0\/attributes\/0\/value: 5000 characters, at most 4096/)
  })

  test('get_product redirected to a private address: refused by the guard before connecting', async () => {
    const error = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': redirect('http://10.0.0.1/ucp/catalog/product', 307) })
    assert.equal(error.code, 'STOREFRONT_ADDRESS_REFUSED')
    assert.match(error.message, /redirected from http:\/\/127\.0\.0\.1:\d+\/ucp\/catalog\/product\): address 10\.0\.0\.1 is private/)
  })

  test('plain http to a public address is refused before connecting (UCP needs https); an allowed loopback business may be http', async () => {
    // The resolver answers a public address for the endpoint's name: refused by the guard, no connection opened.
    const lookup = async (hostname: string) => (hostname === 'shop.example' ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }])
    const error = await failure({ '/.well-known/ucp': json(profileOf('http://shop.example')) }, { lookup })
    assert.equal(error.code, 'STOREFRONT_HTTPS_REQUIRED')
    assert.match(error.message, /URL refused: http:\/\/shop\.example\/ucp\/catalog\/product: host shop\.example is public, so only https: is fetched/)
  })

  test('a profile that redirects is not followed (UCP: profile endpoints must not redirect)', async () => {
    const error = await failure({ '/.well-known/ucp': redirect('http://169.254.169.254/latest/meta-data') })
    assert.equal(error.code, 'UCP_BAD_REPLY')
    assert.match(error.message, /redirect 302 to http:\/\/169\.254\.169\.254\/latest\/meta-data not followed/)
  })

  test('a business on loopback without an allowance: refused, never connected to', async () => {
    shop.routes.clear()
    const connections = shop.connectionCount
    const ucp = new UcpSource({ portsAllowed: [Number(new URL(shop.url).port)] })
    await assert.rejects(extractAttested({ ucp, mapping: DEFAULT_MAPPING }, { solution: VARIANT, metadata: { business: shop.url }, schema: {} }), { code: 'STOREFRONT_ADDRESS_REFUSED' })
    assert.equal(shop.connectionCount, connections)
  })

  test('a profile with no usable transport: UCP_NO_TRANSPORT listing what it offers', async () => {
    const services = { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'a2a', endpoint: `${shop.url}/agent.json` }, { version: '2026-04-08', transport: 'embedded' }] }
    const error = await failure({ '/.well-known/ucp': json(profileOf(shop.url, { services })) })
    assert.equal(error.code, 'UCP_NO_TRANSPORT')
    assert.match(error.message, /it lists a2a@2026-04-08, embedded@2026-04-08/)
  })

  test('a profile without catalog lookup: UCP_CAPABILITY_MISSING; no profile at all (404) too', async () => {
    const checkoutOnly = await failure({ '/.well-known/ucp': json(profileOf(shop.url, { capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }] } })) })
    assert.equal(checkoutOnly.code, 'UCP_CAPABILITY_MISSING')
    assert.match(checkoutOnly.message, /does not list the capability dev\.ucp\.shopping\.catalog\.lookup/)
    const none = await failure({})
    assert.equal(none.code, 'UCP_CAPABILITY_MISSING')
    assert.match(none.message, /no UCP profile at .*\/\.well-known\/ucp \(status 404\)/)
  })

  test('another protocol version: UCP_VERSION_UNSUPPORTED naming both; its supported_versions entry for ours is used', async () => {
    const old = await failure({ '/.well-known/ucp': json({ ucp: { version: '2026-01-23', services: {}, payment_handlers: {} } }) })
    assert.equal(old.code, 'UCP_VERSION_UNSUPPORTED')
    assert.match(old.message, /speaks UCP 2026-01-23; this extractor speaks UCP 2026-04-08/)
    shop.routes.clear()
    shop.routes.set('/.well-known/ucp', json({ ucp: { version: '2026-09-01', supported_versions: { '2026-04-08': `${shop.url}/.well-known/ucp/2026-04-08` } } }))
    shop.routes.set('/.well-known/ucp/2026-04-08', json(profileOf(shop.url)))
    shop.routes.set('/ucp/catalog/product', json(productReply()))
    const ucp = new UcpSource({ privateAddressesAllowed: [shop.address] })
    const { evidence } = await extractAttested({ ucp, mapping: DEFAULT_MAPPING }, { solution: VARIANT, metadata: { business: shop.url }, schema: { price_cents: 'int' } })
    assert.deepEqual(evidence, { price_cents: 2600 })
    const capabilityVersion = await failure({ '/.well-known/ucp': json(profileOf(shop.url, { capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version: '2026-01-11' }] } })) })
    assert.equal(capabilityVersion.code, 'UCP_VERSION_UNSUPPORTED')
    assert.match(capabilityVersion.message, /2026-01-11.*2026-04-08/)
  })

  test('a 503 is asked again once; a 4xx is UCP_REQUEST_REFUSED', async () => {
    let calls = 0
    shop.routes.clear()
    shop.routes.set('/.well-known/ucp', profileRoute())
    shop.routes.set('/ucp/catalog/product', (request, response) => {
      calls += 1
      if (calls === 1) return text('busy', 503)(request, response)
      return json(productReply())(request, response)
    })
    const ucp = new UcpSource({ privateAddressesAllowed: [shop.address] })
    const { evidence } = await extractAttested({ ucp, mapping: DEFAULT_MAPPING }, { solution: VARIANT, metadata: { business: shop.url }, schema: { price_cents: 'int' } })
    assert.deepEqual(evidence, { price_cents: 2600 })
    assert.equal(calls, 2)
    const refused = await failure({ '/.well-known/ucp': profileRoute(), '/ucp/catalog/product': text('{"code":"unauthorized"}', 401, 'application/json') })
    assert.equal(refused.code, 'UCP_REQUEST_REFUSED')
    assert.match(refused.message, /status 401/)
  })

  test('MCP: a JSON-RPC error is UCP_REQUEST_REFUSED; a version_unsupported one is UCP_VERSION_UNSUPPORTED', async () => {
    const services = { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'mcp', endpoint: `${shop.url}/mcp` }] }
    const rpcError = (error: unknown): FakeRoute => json({ jsonrpc: '2.0', id: null, error })
    const refused = await failure({ '/.well-known/ucp': json(profileOf(shop.url, { services })), '/mcp': rpcError({ code: -32000, message: 'Rate limit exceeded' }) })
    assert.equal(refused.code, 'UCP_REQUEST_REFUSED')
    assert.match(refused.message, /JSON-RPC error -32000: Rate limit exceeded/)
    const version = await failure({
      '/.well-known/ucp': json(profileOf(shop.url, { services })),
      '/mcp': rpcError({ code: -32001, message: 'Protocol version not supported', data: { code: 'version_unsupported', content: 'This business supports 2026-01-23.' } }),
    })
    assert.equal(version.code, 'UCP_VERSION_UNSUPPORTED')
    assert.match(version.message, /speaks UCP 2026-04-08; the business answered: This business supports 2026-01-23\./)
  })

  test('MCP: a reply sent as text/event-stream is read (the event answering our id)', async () => {
    const services = { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'mcp', endpoint: `${shop.url}/mcp` }] }
    shop.routes.clear()
    shop.routes.set('/.well-known/ucp', json(profileOf(shop.url, { services })))
    shop.routes.set('/mcp', (request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const { id } = JSON.parse(body)
        const reply = { jsonrpc: '2.0', id, result: { structuredContent: productReply() } }
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        response.end(`event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nevent: message\ndata: ${JSON.stringify(reply)}\n\n`)
      })
    })
    const ucp = new UcpSource({ privateAddressesAllowed: [shop.address] })
    const { evidence } = await extractAttested({ ucp, mapping: DEFAULT_MAPPING }, { solution: VARIANT, metadata: { business: shop.url }, schema: { price_cents: 'int', size: 'string' } })
    assert.deepEqual(evidence, { price_cents: 2600, size: 'Medium (M)' })
  })

  test('a dev.verity.domain payee that is not a domain address: UCP_BAD_REPLY naming the config path', async () => {
    const handlers = { 'dev.verity.domain': [{ id: 'verity_domain', version: '2026-04-08', config: { payee: 'not an address' } }] }
    const error = await failure({ '/.well-known/ucp': json(profileOf(shop.url, { payment_handlers: handlers })), '/ucp/catalog/product': json(productReply()) })
    assert.equal(error.code, 'UCP_BAD_REPLY')
    assert.match(error.message, /\/ucp\/payment_handlers\/dev\.verity\.domain\/0\/config\/payee/)
  })

  test('over HTTP: the codes map to statuses (502 price, 422 no transport, 404 not found, 400 bad business)', async () => {
    shop.routes.clear()
    shop.routes.set('/.well-known/ucp', profileRoute())
    shop.routes.set('/ucp/catalog/product', (request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const id = JSON.parse(body).id
        if (id === 'bad-price') return json(productReply({ ...PERFORMANCE_TEE, variants: [{ ...PERFORMANCE_TEE.variants[0], price: { amount: '25.00', currency: 'USD' } }] }))(request, response)
        json({ ucp: { version: '2026-04-08', status: 'error' }, messages: [{ type: 'error', code: 'not_found', content: `Product not found: ${id}`, severity: 'unrecoverable' }] })(request, response)
      })
    })
    const app = await buildExtractorApp({ catalogPath: null, storefrontPrivateAddressesAllowed: [shop.address], logLevel: 'silent' })
    try {
      const post = async (solution: string, metadata: unknown) => {
        const reply = await app.inject({ method: 'POST', url: '/extract', payload: { solution, metadata, schema: { price_cents: 'int' } } })
        return { status: reply.statusCode, body: reply.json() }
      }
      const price = await post('bad-price', { business: shop.url })
      assert.deepEqual([price.status, price.body.code], [502, 'UCP_PRICE_INVALID'])
      const missing = await post('nope', { business: shop.url })
      assert.deepEqual([missing.status, missing.body.code], [404, 'VARIANT_NOT_FOUND'])
      assert.match(missing.body.message, /Product not found: nope/)
      const badBusiness = await post('x', { business: 'ftp://shop.example' })
      assert.deepEqual([badBusiness.status, badBusiness.body.code], [400, 'INVALID_EXTRACT_REQUEST'])
      const profile = await app.inject({ method: 'GET', url: '/ucp/platform-profile' })
      assert.equal(profile.statusCode, 200)
      assert.equal(profile.json().ucp.version, '2026-04-08')
      assert.match(String(profile.headers['cache-control']), /public, max-age=\d+/)
    } finally {
      await app.close()
    }
  })
})
