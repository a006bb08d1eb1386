// The storefront fetch guard behind the real extractor, over real HTTP on loopback. Shop A is the
// one test server the extractor is told it may fetch from; shop B is another loopback server that
// must never see a request (nor a connection). Names resolve through an injected resolver that
// only answers loopback addresses, and the system resolver is blocked for this file, so a
// connection that asked DNS again (instead of using the checked address) would fail here.
import assert from 'node:assert/strict'
import dns from 'node:dns'
import { isIP } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { startExtractor, type RunningExtractor } from '../startExtractor.ts'
import { json, redirect, startFakeStorefront, type FakeStorefront } from '../testing/startFakeStorefront.ts'
import type { StorefrontLookup } from './StorefrontEgressPolicy.ts'

const SHIRT = {
  product: {
    id: 7001,
    title: 'Linen Shirt',
    vendor: 'Coastline',
    product_type: 'Shirts',
    options: [{ name: 'Size', position: 1, values: ['M'] }],
    variants: [{ id: 9001, title: 'M', option1: 'M', price: '49.90' }],
  },
}

const NAMES: Record<string, string[]> = {
  'shop-a.example': ['127.0.0.1'],
  'rebind.example': ['127.0.0.1'],
  'loopback.example': ['127.0.0.1'],
  'v6-loopback.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  // A public address: only ever checked, never connected to (the guard refuses plain http to it first).
  'public.example': ['93.184.215.14'],
}

const resolverAsked: string[] = []
const resolver: StorefrontLookup = async (hostname) => {
  resolverAsked.push(hostname)
  const addresses = NAMES[hostname]
  if (addresses === undefined) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return addresses.map((address) => ({ address }))
}

const systemLookup = dns.lookup
const systemAsked: string[] = []
let shopA: FakeStorefront
let shopB: FakeStorefront
let hostHeaders: string[]
/** Allows shop A only, on the default ports otherwise. */
let extractor: RunningExtractor
/** Allows shop A only, but lets every URL on shop B's port through the port check: the address check must refuse. */
let portsOpen: RunningExtractor

async function extract(solution: string, base = extractor.url): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/extract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ solution, metadata: {}, schema: { price_cents: 'int', vendor: 'string' } }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function assertShopBUntouched(): void {
  assert.deepEqual(shopB.requested, [])
  assert.equal(shopB.connectionCount, 0)
}

before(async () => {
  // Blocks the system resolver for this process: the guard resolves with `resolver`, connections use the checked address.
  // (Address literals pass: looking them up sends nothing, and fastify's listen() does it.)
  dns.lookup = ((hostname: string, ...rest: unknown[]) => {
    if (isIP(hostname) !== 0) return (systemLookup as (...args: unknown[]) => void)(hostname, ...rest)
    systemAsked.push(hostname)
    const callback = rest.at(-1) as (error: Error) => void
    process.nextTick(() => callback(Object.assign(new Error(`system DNS blocked in this test: ${hostname}`), { code: 'ENOTFOUND' })))
  }) as typeof dns.lookup
  shopB = await startFakeStorefront({ '/products/linen.json': json(SHIRT) })
  const portB = new URL(shopB.url).port
  shopA = await startFakeStorefront({
    '/products/linen.json': (request, response) => {
      hostHeaders.push(request.headers.host ?? '')
      json(SHIRT)(request, response)
    },
    '/products/to-b.json': redirect(`${shopB.url}/products/linen.json`),
    '/products/to-b-by-name.json': redirect(`http://rebind.example:${portB}/products/linen.json`),
    '/products/to-b-mapped.json': redirect(`http://[::ffff:127.0.0.1]:${portB}/products/linen.json`),
    '/products/to-a.json': redirect('/products/linen.json'),
    '/products/to-public.json': redirect('http://public.example/products/linen.json'),
  })
  const common = { port: 0, logLevel: 'silent', catalogPath: null, storefrontLookup: resolver, storefrontPrivateAddressesAllowed: [shopA.address] }
  extractor = await startExtractor(common)
  portsOpen = await startExtractor({ ...common, storefrontPortsAllowed: [80, 443, Number(portB)] })
})

after(async () => {
  await extractor.close()
  await portsOpen.close()
  await shopA.close()
  await shopB.close()
  dns.lookup = systemLookup
})

describe('the allowed test server', () => {
  test('is fetched by address, and through a redirect on itself', async () => {
    hostHeaders = []
    assert.deepEqual(await extract(`${shopA.url}/products/linen`), { status: 200, body: { evidence: { price_cents: 4990, vendor: 'Coastline' } } })
    assert.equal((await extract(`${shopA.url}/products/to-a`)).status, 200)
  })

  test('is fetched by a name, at the address checked, with the name kept in the Host header', async () => {
    hostHeaders = []
    resolverAsked.length = 0
    const reply = await extract(`http://shop-a.example:${new URL(shopA.url).port}/products/linen`)
    assert.equal(reply.status, 200, JSON.stringify(reply.body))
    assert.deepEqual(hostHeaders, [`shop-a.example:${new URL(shopA.url).port}`])
    assert.deepEqual(resolverAsked, ['shop-a.example'])
    assert.deepEqual(systemAsked, [])
  })
})

describe('loopback in every spelling is refused before any connection', () => {
  const spellings = (port: string): [string, string][] => [
    [`http://127.0.0.1:${port}/products/linen`, 'address 127.0.0.1 is loopback'],
    [`http://2130706433:${port}/products/linen`, 'address 127.0.0.1 is loopback'],
    [`http://0x7f.1:${port}/products/linen`, 'address 127.0.0.1 is loopback'],
    [`http://0177.0.0.1:${port}/products/linen`, 'address 127.0.0.1 is loopback'],
    [`http://127.1:${port}/products/linen`, 'address 127.0.0.1 is loopback'],
    [`http://[::1]:${port}/products/linen`, 'address ::1 is loopback'],
    [`http://[::ffff:127.0.0.1]:${port}/products/linen`, 'address ::ffff:7f00:1 is loopback'],
    [`http://localhost:${port}/products/linen`, 'host localhost is a localhost name'],
    [`http://loopback.example:${port}/products/linen`, 'host loopback.example resolves to a loopback address'],
    [`http://v6-loopback.example:${port}/products/linen`, 'host v6-loopback.example resolves to a loopback address'],
    [`http://mapped.example:${port}/products/linen`, 'host mapped.example resolves to a loopback address'],
  ]
  test('on an allowed port: 422 STOREFRONT_ADDRESS_REFUSED naming the reason', async () => {
    for (const [solution, reason] of spellings(new URL(shopB.url).port)) {
      const reply = await extract(solution, portsOpen.url)
      assert.equal(reply.status, 422, `${solution}: ${JSON.stringify(reply.body)}`)
      assert.equal(reply.body.code, 'STOREFRONT_ADDRESS_REFUSED')
      assert.match(reply.body.message as string, new RegExp(`^storefront URL refused: http://[^ ]+: ${reason.replace(/[.[\]]/g, '\\$&')}; `))
    }
    assertShopBUntouched()
  })

  test('on the default port 80 too (nothing is connected to)', async () => {
    const reply = await extract('http://127.0.0.1/products/linen')
    assert.equal(reply.status, 422)
    assert.equal(reply.body.code, 'STOREFRONT_ADDRESS_REFUSED')
  })

  test('a port that is not allowed: 422 STOREFRONT_PORT_REFUSED', async () => {
    const reply = await extract(`${shopB.url}/products/linen`)
    assert.equal(reply.status, 422)
    assert.equal(reply.body.code, 'STOREFRONT_PORT_REFUSED')
    assert.match(reply.body.message as string, /port \d+ is not allowed \(allowed: 80, 443\); .* --storefront-private-addresses-allowed HOST:\d+ \(verity up takes it too\)$/)
    assertShopBUntouched()
  })

  test('an allowed address:port does not open the same address on another port', async () => {
    const reply = await extract(`${shopB.url}/products/linen`, portsOpen.url)
    assert.equal(reply.status, 422)
    assert.equal(reply.body.code, 'STOREFRONT_ADDRESS_REFUSED')
    assertShopBUntouched()
  })
})

describe('a redirect from the allowed server to another loopback server', () => {
  test('is refused by port when that port is not allowed, naming where it came from', async () => {
    const reply = await extract(`${shopA.url}/products/to-b`)
    assert.equal(reply.status, 422)
    assert.equal(reply.body.code, 'STOREFRONT_PORT_REFUSED')
    assert.match(reply.body.message as string, /\(redirected from http:\/\/127\.0\.0\.1:\d+\/products\/to-b\.json\)/)
    assertShopBUntouched()
  })

  test('is refused by address when the port is allowed: by address, by name, IPv4-mapped', async () => {
    for (const handle of ['to-b', 'to-b-by-name', 'to-b-mapped']) {
      const reply = await extract(`${shopA.url}/products/${handle}`, portsOpen.url)
      assert.equal(reply.status, 422, `${handle}: ${JSON.stringify(reply.body)}`)
      assert.equal(reply.body.code, 'STOREFRONT_ADDRESS_REFUSED')
      assert.match(reply.body.message as string, /\(redirected from http:\/\/127\.0\.0\.1:\d+\/products\/to-b/)
    }
    assert.ok(shopA.requested.includes('/products/to-b-by-name.json'))
    assertShopBUntouched()
  })
})

describe('plain http to a public address (a storefront page, as for UCP businesses)', () => {
  test('is refused before any connection: 422 STOREFRONT_HTTPS_REQUIRED, directly and after a redirect', async () => {
    resolverAsked.length = 0
    const direct = await extract('http://public.example/products/linen')
    assert.equal(direct.status, 422, JSON.stringify(direct.body))
    assert.equal(direct.body.code, 'STOREFRONT_HTTPS_REQUIRED')
    assert.equal(direct.body.message, 'URL refused: http://public.example/products/linen.json: host public.example is public, so only https: is fetched (storefronts and UCP businesses on the open network must serve https)')
    const redirected = await extract(`${shopA.url}/products/to-public`)
    assert.equal(redirected.status, 422, JSON.stringify(redirected.body))
    assert.equal(redirected.body.code, 'STOREFRONT_HTTPS_REQUIRED')
    assert.match(redirected.body.message as string, /\(redirected from http:\/\/127\.0\.0\.1:\d+\/products\/to-public\.json\)/)
    // The name was resolved (to check its address) and nothing else happened: no connection can follow a refusal.
    assert.deepEqual(resolverAsked, ['public.example', 'public.example'])
  })

  test('the listed loopback shop is still fetched over plain http', async () => {
    assert.equal((await extract(`${shopA.url}/products/linen`)).status, 200)
  })
})

describe('other schemes', () => {
  test('a solution that is not http(s) is 400 and fetches nothing', async () => {
    for (const solution of [`ftp://127.0.0.1:${new URL(shopB.url).port}/products/linen`, 'gopher://127.0.0.1/products/linen', 'file:///etc/passwd']) {
      const reply = await extract(solution, portsOpen.url)
      assert.equal(reply.status, 400, solution)
      assert.equal(reply.body.code, 'UNSUPPORTED_SOLUTION')
    }
    assertShopBUntouched()
  })
})

describe('the system resolver', () => {
  test('was never asked: every name went through the guard, every connection to a checked address', () => {
    assert.deepEqual(systemAsked, [])
  })
})
