// The guard on its own: no connection is ever opened here (checkStorefrontTarget only resolves,
// through the injected resolver, and checks), so answers may name any address.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { StorefrontUnavailableError } from '../errors/extractorErrors.ts'
import { StorefrontAddressRefusedError, StorefrontHttpsRequiredError, StorefrontPortRefusedError, StorefrontSchemeRefusedError } from '../errors/storefrontGuardErrors.ts'
import { checkStorefrontTarget } from './checkStorefrontTarget.ts'
import { createStorefrontEgressPolicy, type StorefrontEgressOptions, type StorefrontLookup } from './StorefrontEgressPolicy.ts'

/** A resolver from a table; every name it was asked for is recorded. */
function tableLookup(table: Record<string, string[]>): StorefrontLookup & { asked: string[] } {
  const asked: string[] = []
  const lookup = async (hostname: string) => {
    asked.push(hostname)
    const addresses = table[hostname]
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return Object.assign(lookup, { asked })
}

const NAMES = {
  'shop.example': ['93.184.215.14'],
  'dual.example': ['93.184.215.14', '2606:4700::6810:84e5'],
  'loopback.example': ['127.0.0.1'],
  'ten.example': ['10.0.0.5'],
  'home.example': ['192.168.1.10'],
  'metadata.example': ['169.254.169.254'],
  'cgnat.example': ['100.64.0.1'],
  'ula.example': ['fc00::1'],
  'linklocal6.example': ['fe80::1'],
  'mixed.example': ['93.184.215.14', '10.0.0.5'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'nat64.example': ['64:ff9b::a00:1'],
  'sixtofour.example': ['2002:c0a8:101::1'],
  'weird.example': ['2130706433'],
  'empty.example': [],
}

async function check(href: string, options: StorefrontEgressOptions = {}, redirectedFrom?: string) {
  const policy = createStorefrontEgressPolicy({ lookup: tableLookup(NAMES), ...options })
  return checkStorefrontTarget(new URL(href), policy, { signal: new AbortController().signal, ...(redirectedFrom === undefined ? {} : { redirectedFrom }) })
}

describe('checkStorefrontTarget lets through', () => {
  test('a public name on the default ports, with every address it resolves to', async () => {
    const target = await check('https://dual.example/products/tee')
    assert.equal(target.port, 443)
    assert.deepEqual(target.addresses, [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:4700::6810:84e5', family: 6 },
    ])
    assert.equal((await check('https://shop.example:80/x')).port, 80)
  })

  test('a public address literal, without asking the resolver', async () => {
    const lookup = tableLookup({})
    const target = await check('https://93.184.215.14/x', { lookup })
    assert.deepEqual(target.addresses, [{ address: '93.184.215.14', family: 4 }])
    assert.deepEqual(lookup.asked, [])
  })

  test('a private address only when listed: a range on the allowed ports, address:port on that port alone', async () => {
    assert.equal((await check('http://ten.example/x', { privateAddressesAllowed: ['10.0.0.0/8'] })).addresses[0]?.address, '10.0.0.5')
    const onePort = { privateAddressesAllowed: ['127.0.0.1:8080'] }
    assert.equal((await check('http://loopback.example:8080/x', onePort)).port, 8080)
    assert.equal((await check('http://127.0.0.1:8080/x', onePort)).port, 8080)
    await assert.rejects(check('http://127.0.0.1:8081/x', onePort), StorefrontPortRefusedError)
    await assert.rejects(check('http://127.0.0.1/x', onePort), StorefrontAddressRefusedError)
  })

  test('other ports when configured', async () => {
    assert.equal((await check('https://shop.example:8443/x', { portsAllowed: [8443] })).port, 8443)
  })

  test('plain http: to a listed non-public address only', async () => {
    const target = await check('http://ten.example/x', { privateAddressesAllowed: ['10.0.0.5'] })
    assert.deepEqual(target.addresses, [{ address: '10.0.0.5', family: 4 }])
  })
})

describe('plain http: to a public address (a storefront page or a UCP business)', () => {
  test('is refused with STOREFRONT_HTTPS_REQUIRED: by literal, by name, with any of its addresses public, after a redirect', async () => {
    for (const [href, host] of [
      ['http://93.184.215.14/x', '93.184.215.14'],
      ['http://shop.example/products/tee', 'shop.example'],
      ['http://dual.example/x', 'dual.example'],
      ['http://shop.example:8443/x', 'shop.example'],
    ] as const)
      await assert.rejects(check(href, { portsAllowed: [80, 443, 8443] }), (error: unknown) => {
        assert.ok(error instanceof StorefrontHttpsRequiredError, href)
        assert.equal(error.code, 'STOREFRONT_HTTPS_REQUIRED')
        assert.equal(error.message, `URL refused: ${href}: host ${host} is public, so only https: is fetched (storefronts and UCP businesses on the open network must serve https)`)
        return true
      })
    await assert.rejects(check('http://shop.example/b', {}, 'https://shop.example/a'), (error: unknown) => error instanceof StorefrontHttpsRequiredError && /\(redirected from https:\/\/shop\.example\/a\)/.test(error.message))
  })

  test('stays refused when the name also has a listed private address (every address must pass)', async () => {
    await assert.rejects(check('http://mixed.example/x', { privateAddressesAllowed: ['10.0.0.0/8'] }), StorefrontHttpsRequiredError)
    assert.equal((await check('https://mixed.example/x', { privateAddressesAllowed: ['10.0.0.0/8'] })).addresses.length, 2)
  })
})

describe('checkStorefrontTarget refuses', () => {
  const refusedByName: [string, string][] = [
    ['loopback.example', 'loopback'],
    ['ten.example', 'private'],
    ['home.example', 'private'],
    ['metadata.example', 'linkLocal'],
    ['cgnat.example', 'carrierGradeNat'],
    ['ula.example', 'uniqueLocal'],
    ['linklocal6.example', 'linkLocal'],
    ['mixed.example', 'private'], // one bad address is enough: the connector could pick it
    ['mapped.example', 'loopback'],
    ['nat64.example', 'private'],
    ['sixtofour.example', 'private'],
  ]
  for (const [name, reason] of refusedByName)
    test(`a name resolving to a ${reason} address (${name}), without telling the address`, async () => {
      await assert.rejects(check(`http://${name}/products/x`), (error: unknown) => {
        assert.ok(error instanceof StorefrontAddressRefusedError)
        assert.equal(error.code, 'STOREFRONT_ADDRESS_REFUSED')
        assert.equal(error.fields.reason, reason)
        assert.equal(error.fields.isResolved, true)
        assert.equal(error.message, `storefront URL refused: http://${name}/products/x: host ${name} resolves to a ${reason} address; only public addresses are fetched unless storefrontPrivateAddressesAllowed lists one`)
        return true
      })
    })

  const refusedLiterals: [string, string, string][] = [
    ['http://127.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://127.1/', '127.0.0.1', 'loopback'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '::ffff:7f00:1', 'loopback'],
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
    ['http://10.1.2.3/', '10.1.2.3', 'private'],
    ['http://192.168.0.1/', '192.168.0.1', 'private'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'linkLocal'],
    ['http://100.64.0.1/', '100.64.0.1', 'carrierGradeNat'],
    ['http://224.0.0.1/', '224.0.0.1', 'multicast'],
    ['http://255.255.255.255/', '255.255.255.255', 'broadcast'],
    ['http://[fc00::1]/', 'fc00::1', 'uniqueLocal'],
    ['http://[fe80::1]/', 'fe80::1', 'linkLocal'],
  ]
  for (const [href, address, reason] of refusedLiterals)
    test(`${href}: the address the URL parser reads (${address}) is ${reason}`, async () => {
      const lookup = tableLookup({})
      await assert.rejects(check(href, { lookup }), (error: unknown) => {
        assert.ok(error instanceof StorefrontAddressRefusedError)
        assert.equal(error.fields.address, address)
        assert.equal(error.fields.reason, reason)
        assert.equal(error.fields.isResolved, false)
        assert.match(error.message, new RegExp(`: address ${address.replace(/\./g, '\\.')} is ${reason};`))
        return true
      })
      assert.deepEqual(lookup.asked, [])
    })

  for (const href of ['http://localhost/', 'http://LOCALHOST./', 'http://shop.localhost/', 'https://a.b.localhost:443/'])
    test(`${href}: localhost names, without asking the resolver`, async () => {
      const lookup = tableLookup({ localhost: ['93.184.215.14'], 'shop.localhost': ['93.184.215.14'] })
      await assert.rejects(check(href, { lookup }), (error: unknown) => error instanceof StorefrontAddressRefusedError && error.fields.reason === 'localhost')
      assert.deepEqual(lookup.asked, [])
    })

  test('ports other than 80 and 443, before resolving', async () => {
    const lookup = tableLookup(NAMES)
    await assert.rejects(check('http://shop.example:6379/', { lookup }), (error: unknown) => {
      assert.ok(error instanceof StorefrontPortRefusedError)
      assert.equal(error.fields.port, 6379)
      assert.equal(
        error.message,
        'storefront URL refused: http://shop.example:6379/: port 6379 is not allowed (allowed: 80, 443); the extractor\'s operator allows a port with ' +
          '--storefront-ports-allowed, or one address:port of their own with --storefront-private-addresses-allowed HOST:6379 (verity up takes it too)',
      )
      return true
    })
    await assert.rejects(check('https://shop.example:80/', { lookup, portsAllowed: [443] }), StorefrontPortRefusedError)
    assert.deepEqual(lookup.asked, [])
  })

  test('schemes other than http and https', async () => {
    for (const href of ['ftp://shop.example/x', 'file:///etc/passwd', 'gopher://shop.example/', 'data:text/plain,x'])
      await assert.rejects(check(href, {}, 'http://shop.example/start'), (error: unknown) => {
        assert.ok(error instanceof StorefrontSchemeRefusedError)
        assert.match(error.message, /\(redirected from http:\/\/shop\.example\/start\): scheme [a-z]+: is not fetched, only http: and https:$/)
        return true
      })
  })

  test('names that do not resolve, or resolve to something that is not an address: 502 STOREFRONT_UNAVAILABLE', async () => {
    await assert.rejects(check('http://nowhere.example/'), (error: unknown) => error instanceof StorefrontUnavailableError && /cannot resolve nowhere\.example \(ENOTFOUND\)/.test(error.message))
    await assert.rejects(check('http://empty.example/'), (error: unknown) => error instanceof StorefrontUnavailableError && /has no address/.test(error.message))
    await assert.rejects(check('http://weird.example/'), (error: unknown) => error instanceof StorefrontUnavailableError && /not an IP address/.test(error.message))
  })
})

describe('createStorefrontEgressPolicy', () => {
  test('refuses a bad port at start', () => {
    for (const port of [0, 65_536, 80.5, Number.NaN])
      assert.throws(() => createStorefrontEgressPolicy({ portsAllowed: [port] }), /option storefrontPortsAllowed=".*": expected a port 1-65535/)
  })
})
