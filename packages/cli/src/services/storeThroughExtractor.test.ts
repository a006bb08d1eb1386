import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { startExtractor, type RunningExtractor } from '@verity/extractor'
import { startStore, type RunningStore } from '@verity/store'

// The demo store through the real extractor over each UCP binding: REST (the store's own profile,
// REST preferred) and MCP (a profile that lists only the store's MCP endpoint). Issue 28's
// attribute example holds on the store's data: several values of an attribute are a set, a
// Shopify size label is the size, and the payee comes from the dev.verity.domain handler.

let dir: string
let store: RunningStore
let mcpOnly: Server
let mcpOnlyUrl: string
let extractor: RunningExtractor

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-store-extractor-'))
  store = await startStore({ port: 0, payeeKeyFile: join(dir, 'store.json'), stateDir: join(dir, 'store-state'), logLevel: 'silent' })
  const profile = (await (await fetch(`${store.url}/.well-known/ucp`)).json()) as { ucp: { services: Record<string, Array<{ transport: string }>> } }
  profile.ucp.services['dev.ucp.shopping'] = profile.ucp.services['dev.ucp.shopping']!.filter((service) => service.transport === 'mcp')
  mcpOnly = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' }).end(JSON.stringify(profile)))
  await new Promise<void>((resolve) => mcpOnly.listen(0, '127.0.0.1', resolve))
  const mcpOnlyAddress = `127.0.0.1:${(mcpOnly.address() as { port: number }).port}`
  mcpOnlyUrl = `http://${mcpOnlyAddress}`
  extractor = await startExtractor({ port: 0, logLevel: 'silent', storefrontPrivateAddressesAllowed: [store.address, mcpOnlyAddress] })
})

after(async () => {
  await extractor?.close()
  await store?.close()
  await new Promise((resolve) => mcpOnly?.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

async function extract(business: string, solution: string) {
  const reply = await fetch(`${extractor.url}/extract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      intent_id: '550e8400-e29b-41d4-a716-446655440000',
      template_id: 'x',
      solution,
      metadata: { business },
      schema: { price_cents: 'int', size: 'string', fabric: 'string', clothing_features: 'set<string>', category: 'string', payee: 'string' },
    }),
  })
  return { status: reply.status, body: (await reply.json()) as { evidence?: Record<string, unknown>; code?: string; message?: string } }
}

test('a variant of the demo store is evidence over the REST binding and over the MCP binding alike', async () => {
  const expected = { price_cents: 2499, size: 'Medium (M)', fabric: 'Organic cotton', clothing_features: ['Moisture wicking', 'Breathable'], category: 't-shirt', payee: store.payee.address }
  for (const business of [store.url, mcpOnlyUrl]) {
    const { status, body } = await extract(business, 'tee-vneck-white-m')
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.evidence, expected, business)
  }
})

test("an id the store does not know is VARIANT_NOT_FOUND with the store's message", async () => {
  const { status, body } = await extract(store.url, 'tee-vneck-purple-m')
  assert.equal(status, 404)
  assert.equal(body.code, 'VARIANT_NOT_FOUND')
  assert.match(body.message ?? '', /Product not found: tee-vneck-purple-m/)
})
