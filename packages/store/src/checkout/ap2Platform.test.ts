// The store as an AP2 business for any platform (issue 43, item 3): a standard AP2 platform, written
// from AP2's specification (its open Checkout Mandate has only AP2's constraints, no Verity intent,
// its root key listed by `kid` in its UCP profile's `signing_keys`), completes a checkout at the
// store in conformance mode (the mock payment handler) and gets AP2's signed Checkout Receipt; a
// chain whose constraints the cart breaks, or signed by a key its profile does not list, is refused
// before any payment, naming the rule.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash, createPublicKey, verify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deriveAp2MandateKey, deriveUcpRequestKey, Ed25519Signer } from '@verity/core'
import { ApiError, closeCheckoutMandate, issueOpenCheckoutMandate, UcpCheckoutClient } from '@verity/sdk'
import { UCP_VERSION } from '@verity/wire'
import { startStore, type RunningStore } from '../startStore.ts'

const PROFILE_URL = 'https://platform.example/.well-known/ucp-platform.json'
const ITEM = 'bouquet_roses'
const DESTINATION = { id: 'home', street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }

describe('a standard AP2 platform buys at the store (conformance mode, mock payment handler)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-ap2-platform-'))
  const platformKey = deriveUcpRequestKey(Ed25519Signer.generate())
  const agentKey = deriveAp2MandateKey(Ed25519Signer.generate())
  let store: RunningStore
  let client: UcpCheckoutClient

  before(async () => {
    const profile = { ucp: { version: UCP_VERSION, capabilities: { 'dev.ucp.shopping.checkout': [{ version: UCP_VERSION }], 'dev.ucp.shopping.ap2_mandate': [{ version: UCP_VERSION, extends: 'dev.ucp.shopping.checkout' }] } }, signing_keys: [platformKey.publicJwk] }
    store = await startStore({ port: 0, conformance: true, simulationSecret: 'conformance-secret', stateDir: join(dir, 'state'), logLevel: 'silent', knownPlatformProfiles: { [PROFILE_URL]: profile } })
    client = new UcpCheckoutClient(store.url, { profileUrl: PROFILE_URL, requestKey: platformKey })
  })
  after(async () => {
    await store?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function readyCheckout(): Promise<Record<string, unknown> & { id: string }> {
    const created = await client.create({ line_items: [{ item: { id: ITEM }, quantity: 1 }], buyer: { email: 'ada@example.com' }, fulfillment: { methods: [{ type: 'shipping', destinations: [DESTINATION], selected_destination_id: 'home' }] } })
    const group = (created['fulfillment'] as { methods: { groups: { id: string }[] }[] }).methods[0]!.groups[0]!
    const ready = await client.update(created.id, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'std-ship' }] }] } })
    assert.equal(ready.status, 'ready_for_complete')
    return client.get(ready.id)
  }

  async function chainFor(checkout: Record<string, unknown>, options: { openFor?: Record<string, unknown>; root?: typeof platformKey } = {}): Promise<string> {
    const openMandate = await issueOpenCheckoutMandate({ platformKey: options.root ?? platformKey, mandateKey: agentKey.publicJwk, checkout: options.openFor ?? checkout })
    return (await closeCheckoutMandate({ openMandate, checkout, mandateKey: agentKey, audience: store.url })).checkoutMandate
  }

  const mockCard = { id: 'instr_1', handler_id: 'mock_payment_handler', type: 'card', credential: { type: 'token', token: 'success_token' } }

  test('completes with a chain of AP2\'s own constraints and returns AP2\'s Checkout Receipt, signed by the store and bound to the closed mandate', async () => {
    const checkout = await readyCheckout()
    assert.deepEqual(checkout['merchant'], { id: store.url, name: new URL(store.url).host, website: store.url }, 'AP2\'s merchant of the checkout')
    const checkoutMandate = await chainFor(checkout)
    const completed = await client.complete(checkout.id, { payment: { instruments: [mockCard] }, ap2: { checkout_mandate: checkoutMandate } })
    assert.equal(completed.status, 'completed')
    const receipt = (completed['ap2'] as { checkout_receipt: string }).checkout_receipt
    const [header, payload, signature] = receipt.split('.') as [string, string, string]
    const storeKeys = ((await (await fetch(`${store.url}/.well-known/ucp`)).json()) as { signing_keys: Record<string, unknown>[] }).signing_keys
    const key = storeKeys.find((candidate) => candidate['kid'] === JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).kid)
    assert.ok(key !== undefined && verify('sha256', Buffer.from(`${header}.${payload}`), { key: createPublicKey({ key: key as never, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    const closed = checkoutMandate.slice(checkoutMandate.indexOf('~~') + 2)
    assert.deepEqual([claims.status, claims.iss, claims.reference, claims.order_id], ['Success', store.url, createHash('sha256').update(closed).digest('base64url'), (completed['order'] as { id: string }).id])
  })

  test('a cart the open mandate\'s line_items do not allow, or a root key the platform\'s profile does not list, is refused before any payment', async () => {
    const checkout = await readyCheckout()
    const otherCart = { ...checkout, line_items: [{ id: 'li_x', item: { id: 'pot_ceramic', title: 'Ceramic pot' }, quantity: 1 }] }
    for (const [chain, code, reason] of [
      [await chainFor(checkout, { openFor: otherCart }), 'mandate_scope_mismatch', /AP2_CONSTRAINT_UNRESOLVED: checkout.line_items: bouquet_roses \(1\) of the checkout fit no requirement/],
      [await chainFor(checkout, { root: deriveUcpRequestKey(Ed25519Signer.generate()) }), 'agent_missing_key', /AP2_PLATFORM_KEY_UNKNOWN/],
    ] as const) {
      const refusal = await client.complete(checkout.id, { payment: { instruments: [mockCard] }, ap2: { checkout_mandate: chain } }).catch((caught: unknown) => caught)
      assert.ok(refusal instanceof ApiError, String(refusal))
      assert.equal(refusal.status, 403, refusal.message)
      assert.equal(refusal.serverCode, code, refusal.message)
      assert.match(refusal.message, reason)
    }
    assert.equal((await client.get(checkout.id)).status, 'ready_for_complete', 'nothing was paid, no order placed')
  })
})
