import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { DEMO_CATALOG_PATH, loadStoreCatalog } from '../catalog/loadStoreCatalog.ts'
import { checkedReplyCount, requestChecked } from '../testing/checkedReplies.ts'
import { buildStoreApp } from './buildStoreApp.ts'

let app: FastifyInstance
const META = { 'ucp-agent': { profile: 'https://agent.example/.well-known/ucp' } }

before(async () => {
  app = await buildStoreApp({ catalog: loadStoreCatalog(DEMO_CATALOG_PATH), baseUrl: 'http://127.0.0.1:8095', payee: undefined, logLevel: 'silent' })
})
after(async () => {
  await app.close()
  assert.ok(checkedReplyCount.value > 8, 'every reply above was checked against the UCP schemas')
})

let nextId = 1
const rpc = (method: string, params?: unknown) => requestChecked(app, { url: '/ucp/mcp', body: { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) } })
const call = (name: string, catalog: unknown, meta: unknown = META) => rpc('tools/call', { name, arguments: { meta, catalog } })

describe('MCP binding: JSON-RPC 2.0 at /ucp/mcp', () => {
  test('initialize, ping and tools/list make it usable from an MCP client', async () => {
    const init = await rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } })
    assert.deepEqual(init.body.result.capabilities, { tools: {} })
    assert.equal(init.body.result.protocolVersion, '2025-06-18')
    const notified = await requestChecked(app, { url: '/ucp/mcp', body: { jsonrpc: '2.0', method: 'notifications/initialized' } })
    assert.equal(notified.status, 202)
    assert.deepEqual((await rpc('ping')).body.result, {})
    const tools = (await rpc('tools/list')).body.result.tools
    assert.deepEqual(tools.map((tool: { name: string }) => tool.name), ['search_catalog', 'lookup_catalog', 'get_product'])
    assert.deepEqual(tools[2].inputSchema.required, ['meta', 'catalog'])
  })

  test('get_product answers the UCP reply in structuredContent (and as JSON text)', async () => {
    const reply = await call('get_product', { id: 'tee-vneck-white-m' })
    assert.equal(reply.status, 200)
    const { product } = reply.body.result.structuredContent
    assert.equal(product.variants[0].id, 'tee-vneck-white-m')
    assert.deepEqual(product.attributes.filter((a: { name: string }) => a.name === 'Clothing features').map((a: { value: string }) => a.value), ['Moisture wicking', 'Breathable'])
  })

  test('search_catalog and lookup_catalog answer as over REST', async () => {
    const search = await call('search_catalog', { query: 'laptop', filters: { price: { max: 150_000 } } })
    assert.deepEqual(search.body.result.structuredContent.products.map((p: { id: string }) => p.id), ['laptop-air13'])
    const lookup = await call('lookup_catalog', { ids: ['laptop-pro15-32gb'] })
    assert.equal(lookup.body.result.structuredContent.products[0].variants[0].availability.available, false)
    const missing = await call('get_product', { id: 'ghost' })
    assert.equal(missing.body.result.structuredContent.ucp.status, 'error')
  })

  test('a call without the platform profile is JSON-RPC -32001 invalid_profile_url', async () => {
    const reply = await call('get_product', { id: 'tee-classic' }, {})
    assert.equal(reply.status, 400)
    assert.equal(reply.body.error.code, -32001)
    assert.equal(reply.body.error.data.code, 'invalid_profile_url')
  })

  test('bad params, an unknown tool or method, a batch and a body that is not JSON each get their JSON-RPC error', async () => {
    const params = await call('get_product', { id: 42 })
    assert.deepEqual([params.status, params.body.error.code, params.body.error.data.code], [400, -32602, 'invalid_request'])
    const tool = await call('create_checkout', {})
    assert.deepEqual([tool.body.error.code, tool.body.id], [-32602, nextId - 1])
    const method = await rpc('resources/list')
    assert.deepEqual([method.status, method.body.error.code], [404, -32601])
    const batch = await requestChecked(app, { url: '/ucp/mcp', body: [{ jsonrpc: '2.0', id: 1, method: 'ping' }] })
    assert.deepEqual([batch.status, batch.body.error.code], [400, -32600])
    const parse = await requestChecked(app, { url: '/ucp/mcp', payload: '{"jsonrpc": "2.0",' })
    assert.deepEqual([parse.status, parse.body.error.code, parse.body.id], [400, -32700, null])
    const notRpc = await requestChecked(app, { url: '/ucp/mcp', body: { id: 3, method: 'ping' } })
    assert.deepEqual([notRpc.body.error.code, notRpc.body.id], [-32600, 3])
  })

  test('a body over the limit is refused before it is read, as a JSON-RPC error', async () => {
    const reply = await call('search_catalog', { query: 'x'.repeat(70_000) })
    assert.deepEqual([reply.status, reply.body.error.code, reply.body.error.data.code], [413, -32600, 'request_too_large'])
  })
})
