import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { startStore, type RunningStore } from '@verity/store'
import { callError, callOk } from '../testing/startMcpDevnet.ts'
import { serveHttp, type RunningMcpHttp } from '../transports/serveHttp.ts'

// search_catalog against real UCP businesses on loopback: the demo store (REST, the default
// business), the same store reached through a profile that lists only its MCP binding, and a
// business whose profile breaks the 2026-04-08 schema.

let dir: string
let store: RunningStore
let mcpOnly: { server: Server; url: string }
let broken: { server: Server; url: string }
let mcp: RunningMcpHttp
let client: Client

/** A business on loopback that serves `profile` at /.well-known/ucp and nothing else. */
async function serveProfile(profile: () => unknown): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/ucp') return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-mcp-search-'))
  store = await startStore({ port: 0, payeeKeyFile: join(dir, 'store.json'), stateDir: join(dir, 'store-state'), logLevel: 'silent' })
  const storeProfile = (await (await fetch(`${store.url}/.well-known/ucp`)).json()) as { ucp: { services: Record<string, Array<{ transport: string }>> } }
  const services = storeProfile.ucp.services['dev.ucp.shopping']!.filter((service) => service.transport === 'mcp')
  mcpOnly = await serveProfile(() => ({ ...storeProfile, ucp: { ...storeProfile.ucp, services: { 'dev.ucp.shopping': services } } }))
  broken = await serveProfile(() => ({ ucp: { version: 'April 2026', services: {} } }))
  mcp = await serveHttp({ port: 0, orchestratorUrl: 'http://127.0.0.1:1', domainUrl: 'http://127.0.0.1:1', businessUrl: store.url })
  client = new Client({ name: 'test-agent', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)))
})

after(async () => {
  await client?.close()
  await mcp?.close()
  for (const business of [mcpOnly, broken]) if (business) await new Promise((resolve) => business.server.close(resolve))
  await store?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('search_catalog searches a UCP business', { timeout: 60_000 }, () => {
  test('the default business over REST: variants with the solution and metadata to propose, price in cents, options and attributes', async () => {
    const found = await callOk(client, 'search_catalog', { query: 'tee', category: 't-shirt', options: { Size: 'Medium (M)' }, attributes: { 'Clothing features': 'Moisture wicking' } })
    assert.equal(found.business, store.url)
    assert.deepEqual(found.results.map((hit: { solution: string }) => hit.solution), ['tee-vneck-white-m', 'tee-vneck-heather-grey-m'])
    const [first] = found.results
    assert.deepEqual(first.metadata, { business: store.url })
    assert.deepEqual([first.product_id, first.price_cents, first.currency, first.available], ['tee-vneck', 2499, 'USD', true])
    assert.deepEqual(first.attributes['Clothing features'], ['Moisture wicking', 'Breathable'])
    assert.deepEqual([found.total, found.has_next_page], [1, false])
  })

  test('out-of-stock variants only when asked; pages follow the cursor', async () => {
    const inStock = await callOk(client, 'search_catalog', { query: 'nimbus pro' })
    assert.deepEqual(inStock.results.map((hit: { solution: string }) => hit.solution), ['laptop-pro15-16gb'])
    const all = await callOk(client, 'search_catalog', { query: 'nimbus pro', include_unavailable: true })
    assert.deepEqual(all.results.map((hit: { solution: string; available: boolean }) => [hit.solution, hit.available]), [['laptop-pro15-16gb', true], ['laptop-pro15-32gb', false]])
    const first = await callOk(client, 'search_catalog', { category: 'shoes', limit: 2 })
    assert.equal(first.has_next_page, true)
    const next = await callOk(client, 'search_catalog', { category: 'shoes', limit: 2, cursor: first.cursor })
    assert.deepEqual([...new Set(next.results.map((hit: { product_id: string }) => hit.product_id))], ['sneaker-canvas'])
  })

  test('a `business` whose profile lists only MCP is searched over the MCP binding', async () => {
    const found = await callOk(client, 'search_catalog', { business: mcpOnly.url, query: 'merino' })
    assert.deepEqual([found.business, found.results[0].solution, found.results[0].metadata], [mcpOnly.url, 'pullover-merino-charcoal-m', { business: mcpOnly.url }])
  })

  test("a business whose profile breaks the schema, or whose search refuses the request, is an error naming it", async () => {
    const unusable = await callError(client, 'search_catalog', { business: broken.url, query: 'tee' })
    assert.equal(unusable.code, 'UCP_BUSINESS_UNUSABLE')
    assert.match(unusable.message, new RegExp(`UCP business ${broken.url}: its profile breaks the UCP 2026-04-08 schema \\(/ucp/version`))
    const empty = await callError(client, 'search_catalog', {})
    assert.deepEqual([empty.code, empty.status], ['invalid_request', 400])
    assert.match(empty.message, /a search needs a `query` or at least one filter/)
  })
})
