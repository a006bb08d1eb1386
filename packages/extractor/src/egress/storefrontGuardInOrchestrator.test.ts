// The storefront fetch guard inside a real orchestrator: its embedded extractor, set from the
// orchestrator's settings (the `--storefront-*` flags), both as mounted under /extractor and as
// called by proposal jobs. Shop A is allowed (one address:port), shop B is another loopback server.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { canonicalJsonBytes, Ed25519Signer } from '@verity/core'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { json, startFakeStorefront, type FakeStorefront } from '../testing/startFakeStorefront.ts'
import { readSseEvents, type SseReader } from '../testing/readSseEvents.ts'

// A template the shop's shirt does not fit: a proposal ends in `failure` with the evidence
// extracted, so no proof is needed to see that the fetch happened.
const TEMPLATE = `name shirt_guard
evidence {
  category: string
}
requires {
  evidence.category == "t-shirt";
}
`

const SHIRT = { product: { id: 1, title: 'Linen Shirt', product_type: 'Shirts', variants: [{ id: 11, price: '49.90' }] } }

describe('the storefront fetch guard in the orchestrator\'s embedded extractor', () => {
  let dataDir: string
  let shopA: FakeStorefront
  let shopB: FakeStorefront
  let orchestrator: RunningOrchestrator
  let events: SseReader
  let templateId: string
  const signer = Ed25519Signer.generate()

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const response = await fetch(`${orchestrator.url}${path}`, {
      method,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
    })
    const text = await response.text()
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text) }
  }

  async function propose(solution: string) {
    const id = randomUUID()
    const intent = { id, policy_id: templateId, attrs: { fields: {} } }
    const signed = { authorship: { Signed: signer.sign(canonicalJsonBytes(intent)) }, intent }
    assert.equal((await call('POST', '/intents', signed)).status, 200)
    assert.equal((await call('POST', `/intents/${id}/proposal`, { solution, metadata: null })).status, 200)
    return (await events.waitFor((event) => event.data.intent_id === id && event.event !== 'expired')).data
  }

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'verity-extractor-guard-'))
    shopA = await startFakeStorefront({ '/products/linen.json': json(SHIRT) })
    shopB = await startFakeStorefront({ '/products/linen.json': json(SHIRT) })
    orchestrator = await startOrchestrator({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'silent',
      storefrontPrivateAddressesAllowed: [shopA.address],
      extractorAttemptsMax: 1,
    })
    const created = await call('POST', '/templates', TEMPLATE)
    assert.equal(created.status, 200, JSON.stringify(created.json))
    templateId = created.json.template_id
    events = await readSseEvents(`${orchestrator.url}/events`)
  })

  after(async () => {
    events?.close()
    await orchestrator?.close()
    await shopA.close()
    await shopB.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('POST /extractor/extract refuses the orchestrator\'s own loopback port, and another loopback server, with 422', async () => {
    for (const solution of [`${orchestrator.url}/products/x`, `${shopB.url}/products/linen`, 'http://127.0.0.1/products/linen', 'http://[::1]/products/linen']) {
      const reply = await call('POST', '/extractor/extract', { solution, schema: { category: 'string' } })
      assert.equal(reply.status, 422, `${solution}: ${JSON.stringify(reply.json)}`)
      assert.match(reply.json.code, /^STOREFRONT_(PORT|ADDRESS)_REFUSED$/)
    }
    assert.deepEqual(shopB.requested, [])
    assert.equal(shopB.connectionCount, 0)
  })

  test('a proposal for a refused URL fails with a reason that names the refusal; nothing is fetched', async () => {
    const byPort = await propose(`${shopB.url}/products/linen`)
    assert.equal(byPort.type, 'failure')
    assert.equal(byPort.evidence, null)
    assert.match(String(byPort.reason), /STOREFRONT_PORT_REFUSED: storefront URL refused: http:\/\/127\.0\.0\.1:\d+\/products\/linen\.json: port \d+ is not allowed \(allowed: 80, 443\)/)
    const byAddress = await propose('http://127.0.0.1/products/linen')
    assert.equal(byAddress.type, 'failure')
    assert.match(String(byAddress.reason), /STOREFRONT_ADDRESS_REFUSED: storefront URL refused: http:\/\/127\.0\.0\.1\/products\/linen\.json: address 127\.0\.0\.1 is loopback; /)
    assert.equal(shopB.connectionCount, 0)
  })

  test('the server the settings allow is fetched (the proposal fails on its constraint, with the evidence)', async () => {
    const outcome = await propose(`${shopA.url}/products/linen`)
    assert.equal(outcome.type, 'failure', JSON.stringify(outcome))
    assert.deepEqual(outcome.evidence, { category: 'Shirts' })
    assert.ok(shopA.requested.includes('/products/linen.json'))
  })
})
