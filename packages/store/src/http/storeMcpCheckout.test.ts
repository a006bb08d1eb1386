// Checkout over the store's MCP binding (checkout-mcp.md): the same sessions, idempotency and refusals as REST.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { UcpCheckout, validateUcp } from '@verity/wire'
import type { PaymentHandler } from '../checkout/payment/PaymentHandler.ts'
import { startStore, type RunningStore } from '../startStore.ts'
import { signedHeadersOf, startPlatformServer, type PlatformServer } from '../testing/platformServer.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-mcp-checkout-'))
let store: RunningStore
let platform: PlatformServer
let payments = 0
const handler: PaymentHandler = { name: 'dev.verity.test_pay', declaration: { id: 'test_pay', version: '2026-04-08' }, authorize: async () => (payments++, { status: 'applied', reference: 'pay' }) }

before(async () => {
  platform = await startPlatformServer({ isAp2: false })
  store = await startStore({ port: 0, payeeKeyFile: join(dir, 'payee.json'), stateDir: join(dir, 'state'), logLevel: 'silent', paymentHandlers: [handler] })
})
after(async () => {
  await store.close()
  await platform.close()
  rmSync(dir, { recursive: true, force: true })
})

let nextId = 1
/** A tool call as `caller` sends it: the HTTP request signed with its key (its signature covers the body, `meta` included). */
async function tool(name: string, args: Record<string, unknown>, key?: string, caller: PlatformServer = platform): Promise<{ status: number; body: any }> {
  const meta = { 'ucp-agent': { profile: caller.profileUrl }, ...(key === undefined ? {} : { 'idempotency-key': key }) }
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: { meta, ...args } } })
  const url = `${store.url}/ucp/mcp`
  const response = await fetch(url, { method: 'POST', headers: signedHeadersOf(caller, 'POST', url, { 'content-type': 'application/json' }, body), body })
  return { status: response.status, body: await response.json() }
}

test('tools/list has the checkout tools beside the catalog ones', async () => {
  const response = await fetch(`${store.url}/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
  const names = ((await response.json()) as any).result.tools.map((entry: any) => entry.name)
  assert.deepEqual(names, ['search_catalog', 'lookup_catalog', 'get_product', 'create_checkout', 'get_checkout', 'update_checkout', 'complete_checkout', 'cancel_checkout', 'get_order'])
})

test('a checkout over MCP: create, update, complete with an idempotency key (replayed, not paid twice), the order', async () => {
  const created = await tool('create_checkout', { checkout: { line_items: [{ item: { id: 'tee-classic-white-m' }, quantity: 1 }] } })
  const checkout = created.body.result.structuredContent
  assert.ok(validateUcp(UcpCheckout, checkout).ok)
  assert.equal(created.body.result.content[0].text, JSON.stringify(checkout))
  const destination = { id: 'home', postal_code: '62704', address_country: 'US' }
  await tool('update_checkout', { id: checkout.id, checkout: { fulfillment: { methods: [{ type: 'shipping', destinations: [destination], selected_destination_id: 'home', groups: [{ selected_option_id: 'standard' }] }] } } })
  const got = (await tool('get_checkout', { id: checkout.id })).body.result.structuredContent
  assert.equal(got.status, 'ready_for_complete')
  const missingKey = await tool('complete_checkout', { id: checkout.id, checkout: { payment: { instruments: [{ id: 'i', handler_id: 'test_pay', type: 'verity' }] } } })
  assert.equal(missingKey.body.error.code, -32602)
  assert.match(missingKey.body.error.data.content, /idempotency-key/)
  const pay = { id: checkout.id, checkout: { payment: { instruments: [{ id: 'i', handler_id: 'test_pay', type: 'verity' }] } } }
  const first = await tool('complete_checkout', pay, 'mcp-pay-1')
  const second = await tool('complete_checkout', pay, 'mcp-pay-1')
  assert.equal(first.body.result.structuredContent.status, 'completed')
  assert.deepEqual(second.body.result, first.body.result)
  assert.equal(payments, 1)
  const order = (await tool('get_order', { id: first.body.result.structuredContent.order.id })).body.result.structuredContent
  assert.equal(order.checkout_id, checkout.id)
  const again = await tool('cancel_checkout', { id: checkout.id }, 'mcp-cancel-1')
  assert.deepEqual([again.status, again.body.error.code, again.body.error.data.code], [409, -32000, 'checkout_not_modifiable'])
})

test('over MCP an unknown item is a business outcome (a result with ucp.status "error"), a missing profile a -32001 error', async () => {
  const unknown = await tool('create_checkout', { checkout: { line_items: [{ item: { id: 'pink-wumpus' }, quantity: 1 }] } })
  assert.deepEqual([unknown.body.result.structuredContent.ucp.status, unknown.body.result.structuredContent.messages[0].code], ['error', 'not_found'])
  const response = await fetch(`${store.url}/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_checkout', arguments: { meta: {}, id: 'chk_x' } } }) })
  const body = (await response.json()) as any
  assert.deepEqual([body.error.code, body.error.data.code], [-32001, 'invalid_profile_url'])
})

test('over MCP too a session answers only to its opener: another platform\'s signed call is 403 checkout_forbidden, an unsigned one 401', async () => {
  const created = await tool('create_checkout', { checkout: { line_items: [{ item: { id: 'tee-classic-white-m' }, quantity: 1 }], buyer: { email: 'mcp-owner@example.com' } } })
  const id = created.body.result.structuredContent.id as string
  const other = await startPlatformServer({ isAp2: false })
  try {
    const stolen = await tool('get_checkout', { id }, undefined, other)
    assert.equal(stolen.status, 403)
    assert.equal(stolen.body.error.data.code, 'checkout_forbidden')
    assert.doesNotMatch(JSON.stringify(stolen.body), /mcp-owner@example.com/)
    const canceled = await tool('cancel_checkout', { id }, 'other-cancel', other)
    assert.equal(canceled.body.error.data.code, 'checkout_forbidden')
    const unsigned = await fetch(`${store.url}/ucp/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'get_checkout', arguments: { meta: { 'ucp-agent': { profile: platform.profileUrl } }, id } } }) })
    assert.equal(unsigned.status, 401)
    assert.equal(((await unsigned.json()) as any).error.data.code, 'signature_missing')
    assert.equal((await tool('get_checkout', { id })).body.result.structuredContent.buyer.email, 'mcp-owner@example.com')
  } finally {
    await other.close()
  }
})
