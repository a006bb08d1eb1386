// An order event is kept by the very transaction that writes the order: a store that dies right
// after that commit (nothing of it runs any more) still sends the event when it starts again.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { DEMO_CATALOG_PATH, loadStoreCatalog } from '../../catalog/loadStoreCatalog.ts'
import { buildStoreApp } from '../../http/buildStoreApp.ts'
import { startStore } from '../../startStore.ts'
import { signedHeadersOf, startPlatformServer, type PlatformServer } from '../../testing/platformServer.ts'
import type { PaymentHandler } from '../payment/PaymentHandler.ts'
import { DEMO_SHOP_RULES_PATH, loadShopRules } from '../shop/ShopRules.ts'
import { loadOrCreateMerchantKey } from '../signing/merchantSigningKey.ts'
import { CheckoutStateStore, type StateWrite } from '../state/CheckoutStateStore.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-outbox-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** The state file of a store killed the moment a transaction writing an order has committed: the database is closed and nothing after the commit runs. */
class KilledAfterOrderCommit extends CheckoutStateStore {
  override write(write: StateWrite): void {
    super.write(write)
    if (write.order === undefined) return
    this.close()
    throw new Error('killed right after the order transaction')
  }
}

const handler: PaymentHandler = { name: 'dev.verity.test_pay', declaration: { id: 'test_pay', version: '2026-04-08' }, authorize: async () => ({ status: 'applied', reference: 'pay_1' }) }
const instrument = { id: 'instr_1', handler_id: 'test_pay', type: 'verity', credential: { type: 'token', token: 'tok' } }
const US = { id: 'home', street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }
const SECRET = 'orders-secret-1'

/** The store app on a state file that dies after its next order transaction (requests by inject). */
async function dyingStore(stateDir: string): Promise<FastifyInstance> {
  const checkout = { state: new KilledAfterOrderCommit(join(stateDir, 'checkout.db')), rules: loadShopRules(DEMO_SHOP_RULES_PATH), key: loadOrCreateMerchantKey(join(stateDir, 'signing-key.json')), handlers: [handler], platformHostsAllowed: [], ordersSecret: SECRET }
  const app = await buildStoreApp({ catalog: loadStoreCatalog(DEMO_CATALOG_PATH), baseUrl: 'http://127.0.0.1:8095', payee: undefined, logLevel: 'silent', checkout })
  app.addHook('onClose', async () => checkout.state.close())
  return app
}

/** A request of `platform`, signed with its key (the store answers a session only to its opener). */
async function call(app: FastifyInstance, platform: PlatformServer, method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body)
  const sent = { host: 'store.test', 'ucp-agent': `profile="${platform.profileUrl}"`, 'content-type': 'application/json', ...headers }
  const response = await app.inject({ method, url, headers: signedHeadersOf(platform, method, `http://store.test${url}`, sent, payload), payload })
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

/** What the state file keeps once the store is gone: the checkout's order and the events waiting (type and order id). */
function kept(stateDir: string, checkoutId: string) {
  const state = new CheckoutStateStore(join(stateDir, 'checkout.db'))
  try {
    const orderId = state.session(checkoutId)?.orderId
    return { orderId, order: orderId === undefined ? undefined : state.order(orderId), events: state.outbox(10).map((entry) => [entry.eventType, (JSON.parse(entry.body) as { id: string }).id]) }
  } finally {
    state.close()
  }
}

/** Starts the store again on the state file and waits for the platform to get an event of `eventType`. */
async function restartUntil(stateDir: string, platform: PlatformServer, eventType: string) {
  const store = await startStore({ port: 0, payeeKeyFile: join(dir, 'payee.json'), stateDir, logLevel: 'silent' })
  try {
    for (let tries = 0; !platform.webhooks.some((hook) => hook.headers['x-event-type'] === eventType) && tries < 150; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
    return platform.webhooks.find((hook) => hook.headers['x-event-type'] === eventType)
  } finally {
    await store.close()
  }
}

test('a store killed right after the order transaction sends order_placed, and order_shipped, when it starts again', async () => {
  const platform = await startPlatformServer({ isAp2: false })
  const stateDir = mkdtempSync(join(dir, 'state-'))
  try {
    const placing = await dyingStore(stateDir)
    let id = ''
    let lineId = ''
    try {
      const created = await call(placing, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: 'tee-classic-white-m' }, quantity: 1 }] })
      id = created.body.id
      lineId = created.body.line_items[0].id
      const withAddress = await call(placing, platform, 'PUT', `/ucp/checkout-sessions/${id}`, { fulfillment: { methods: [{ type: 'shipping', destinations: [US], selected_destination_id: 'home' }] } })
      const group = withAddress.body.fulfillment.methods[0].groups[0]
      const ready = await call(placing, platform, 'PUT', `/ucp/checkout-sessions/${id}`, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'standard' }] }] } })
      assert.equal(ready.body.status, 'ready_for_complete')
      assert.equal((await call(placing, platform, 'POST', `/ucp/checkout-sessions/${id}/complete`, { payment: { instruments: [instrument] } })).status, 500, 'killed')
    } finally {
      await placing.close()
    }
    const placedKept = kept(stateDir, id)
    const orderId = placedKept.orderId!
    assert.equal(placedKept.order?.checkoutId, id, 'the order committed')
    assert.deepEqual(placedKept.events, [['order_placed', orderId]], 'with its event')
    assert.equal(platform.webhooks.length, 0, 'nothing sent before the kill')
    const placed = await restartUntil(stateDir, platform, 'order_placed')
    assert.equal(placed?.body['id'], orderId, 'order_placed sent after the restart')
    assert.match(String(placed?.headers['signature-input']), /^sig1=\(/, 'signed as ever')

    const shipping = await dyingStore(stateDir)
    try {
      const shipped = { fulfillment: { events: [{ id: 'ship-1', occurred_at: new Date().toISOString(), type: 'shipped', line_items: [{ id: lineId, quantity: 1 }], tracking_number: 'T1' }] } }
      assert.equal((await call(shipping, platform, 'PUT', `/ucp/orders/${orderId}`, shipped, { authorization: `Bearer ${SECRET}` })).status, 500, 'killed')
    } finally {
      await shipping.close()
    }
    const afterShipping = kept(stateDir, id)
    assert.equal(afterShipping.order?.events[0]?.id, 'ship-1')
    assert.deepEqual(afterShipping.events, [['order_shipped', orderId]])
    const event = await restartUntil(stateDir, platform, 'order_shipped')
    assert.equal((event?.body['fulfillment'] as { events: { tracking_number: string }[] } | undefined)?.events[0]?.tracking_number, 'T1')
  } finally {
    await platform.close()
  }
})
