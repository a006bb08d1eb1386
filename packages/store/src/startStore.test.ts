import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { optionsTableMarkdown } from '@verity/server'
import { readStoreOptions, STORE_OPTIONS } from './config/storeOptions.ts'
import { startStore } from './startStore.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-store-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('over real HTTP: the payee is the vault of the key file (created 0600 on first start), on the payee shard', async () => {
  const keyFile = join(dir, 'keys', 'store.json')
  const store = await startStore({ port: 0, payeeKeyFile: keyFile, payeeShard: 2, stateDir: join(dir, 'state'), logLevel: 'silent' })
  try {
    assert.equal(statSync(keyFile).mode & 0o777, 0o600)
    const address = formatAddress(Ed25519Signer.fromKeyFile(keyFile).ownerId, 2)
    assert.deepEqual(store.payee, { address, token: 'native' })
    assert.match(store.address, /^127\.0\.0\.1:\d+$/)
    const profile = (await (await fetch(`${store.url}/.well-known/ucp`)).json()) as any
    assert.equal(profile.ucp.services['dev.ucp.shopping'][0].endpoint, `${store.url}/ucp`)
    assert.equal(profile.ucp.payment_handlers['dev.verity.domain'][0].config.payee, address)
  } finally {
    await store.close()
  }
})

test('a bad --payee or --payee-token, or a bad catalog, stops the start with the reason', async () => {
  await assert.rejects(startStore({ port: 0, payee: 'alice', logLevel: 'silent' }), /option payee="alice": .*expected "<owner_id>,<shard>"/)
  await assert.rejects(startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), payeeToken: 'USD', logLevel: 'silent' }), /option payeeToken="USD"/)
  await assert.rejects(startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), baseUrl: 'ftp://shop.example', logLevel: 'silent' }), /option baseUrl="ftp:\/\/shop.example": expected an http\(s\) URL/)
  await assert.rejects(startStore({ port: 0, catalogPath: join(dir, 'none.json'), payeeKeyFile: join(dir, 'k.json'), logLevel: 'silent' }), { code: 'STORE_CATALOG_INVALID' })
})

test('--base-url names the endpoints of the profile (a trailing slash dropped)', async () => {
  const store = await startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir: join(dir, 'state'), baseUrl: 'https://shop.example/demo/', logLevel: 'silent' })
  try {
    assert.equal(store.url, 'https://shop.example/demo')
    const profile = (await (await fetch(`http://${store.address}/.well-known/ucp`)).json()) as any
    assert.deepEqual(profile.ucp.services['dev.ucp.shopping'].map((service: { endpoint: string }) => service.endpoint), ['https://shop.example/demo/ucp', 'https://shop.example/demo/ucp/mcp'])
  } finally {
    await store.close()
  }
})

test('options come from flags or VERITY_STORE_* variables, a flag winning', () => {
  const values = readStoreOptions(['--port', '9001', '--payee-token', 'native'], { VERITY_STORE_PORT: '9002', VERITY_STORE_CATALOG: 'shop.json', VERITY_STORE_PAYEE_SHARD: '3' })
  assert.deepEqual(values, { port: 9001, catalogPath: 'shop.json', payeeShard: 3, payeeToken: 'native' })
  assert.throws(() => readStoreOptions(['--prot', '1'], {}), { code: 'INVALID_OPTION' })
})

test('docs/operations.md lists every option of the store', () => {
  const docs = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8')
  assert.ok(docs.includes(optionsTableMarkdown('store', STORE_OPTIONS)), 'regenerate the store table of docs/operations.md')
})

test('conformance mode is off by default, needs a simulation secret, and serves the suite\'s flower shop with the mock payment handler', async () => {
  await assert.rejects(startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir: join(dir, 'conf-0'), conformance: true, logLevel: 'silent' }), { code: 'INVALID_OPTION' })
  await assert.rejects(startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir: join(dir, 'conf-0'), simulationSecret: 'long-enough-secret', logLevel: 'silent' }), /only with --conformance/)
  const plain = await startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir: join(dir, 'conf-1'), logLevel: 'silent' })
  try {
    const profile = (await (await fetch(`${plain.url}/.well-known/ucp`)).json()) as any
    assert.equal(profile.ucp.payment_handlers['dev.ucp.conformance.mock_payment'], undefined)
  } finally {
    await plain.close()
  }
  const store = await startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir: join(dir, 'conf-2'), conformance: true, simulationSecret: 'long-enough-secret', logLevel: 'silent' })
  try {
    const profile = (await (await fetch(`${store.url}/.well-known/ucp`)).json()) as any
    assert.deepEqual(profile.ucp.payment_handlers['dev.ucp.conformance.mock_payment'].map((handler: any) => handler.id), ['mock_payment_handler'])
    const lookup = await fetch(`${store.url}/ucp/catalog/lookup`, { method: 'POST', headers: { 'content-type': 'application/json', 'ucp-agent': 'profile="http://127.0.0.1:1/p.json"' }, body: JSON.stringify({ ids: ['bouquet_roses'] }) })
    assert.equal(((await lookup.json()) as any).products[0].variants[0].price.amount, 3500)
    const refused = await fetch(`${store.url}/testing/simulate-shipping/order_x`, { method: 'POST', headers: { 'simulation-secret': 'wrong' } })
    assert.equal(refused.status, 403)
    const unknown = await fetch(`${store.url}/testing/simulate-shipping/order_x`, { method: 'POST', headers: { 'simulation-secret': 'long-enough-secret' } })
    assert.equal(unknown.status, 404)
  } finally {
    await store.close()
  }
})

test('a second store on a state directory a running one holds is refused naming the holder; closing the first frees it', async () => {
  const stateDir = join(dir, 'held-state')
  const store = await startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir, logLevel: 'silent' })
  try {
    await assert.rejects(startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir, logLevel: 'silent' }), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'DATA_DIR_LOCKED')
      assert.match(error.message, new RegExp(`^data directory ${stateDir} is in use \\(store\\): held by pid ${process.pid} `))
      return true
    })
  } finally {
    await store.close()
  }
  const again = await startStore({ port: 0, payeeKeyFile: join(dir, 'k.json'), stateDir, logLevel: 'silent' })
  await again.close()
})
