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
