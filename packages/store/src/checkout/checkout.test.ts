// The checkout and orders of the demo store over real HTTP on loopback: a platform (agent) on
// loopback serves its profile and receives order webhooks; payment handlers are test doubles.
import assert from 'node:assert/strict'
import { createHash, createPublicKey, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, test } from 'node:test'
import { deriveUcpRequestKey, Ed25519Signer, verifyMerchantAuthorization } from '@verity/core'
import { UcpCheckout, UcpOrder, validateUcp, describeUcpViolations } from '@verity/wire'
import { startStore, type RunningStore } from '../startStore.ts'
import { DEMO_SHOP_RULES_PATH } from './shop/ShopRules.ts'
import { signedHeadersOf, startPlatformServer, type PlatformServer } from '../testing/platformServer.ts'
import type { MandateCheck, MandateCheckInput } from './payment/MandateCheck.ts'
import type { PaymentHandler, PaymentRequest, PaymentResult } from './payment/PaymentHandler.ts'
import { requestComponents, signatureBaseOf } from './webhooks/signRestRequest.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-checkout-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** A payment handler double: answers what `decide` says and records every call. */
function handlerDouble(decide: (request: PaymentRequest) => PaymentResult = () => ({ status: 'applied', reference: 'pay_1' })) {
  const calls: PaymentRequest[] = []
  const handler: PaymentHandler = {
    name: 'dev.verity.test_pay',
    declaration: { id: 'test_pay', version: '2026-04-08' },
    async authorize(request) {
      calls.push(request)
      return decide(request)
    },
  }
  return { handler, calls }
}

async function setUp(options: { isAp2?: boolean; mandateCheck?: MandateCheck; decide?: (request: PaymentRequest) => PaymentResult; stateDir?: string; shopRulesPath?: string; ordersSecret?: string } = {}) {
  const platform = await startPlatformServer({ isAp2: options.isAp2 ?? false })
  closers.push(() => platform.close())
  const { handler, calls } = handlerDouble(options.decide)
  const stateDir = options.stateDir ?? mkdtempSync(join(dir, 'state-'))
  const store = await startStore({
    port: 0,
    payeeKeyFile: join(dir, 'payee.json'),
    stateDir,
    logLevel: 'silent',
    paymentHandlers: [handler],
    ...(options.mandateCheck === undefined ? {} : { mandateCheck: options.mandateCheck }),
    ...(options.shopRulesPath === undefined ? {} : { shopRulesPath: options.shopRulesPath }),
    ...(options.ordersSecret === undefined ? {} : { ordersSecret: options.ordersSecret }),
  })
  closers.push(() => store.close())
  return { platform, store, calls, stateDir }
}

type Reply = { status: number; body: any }

/** One request as `platform` sends it: signed with its key (a platform given as a bare profile URL has none: unsigned). */
async function call(store: RunningStore, platform: Pick<PlatformServer, 'profileUrl' | 'requestKey'> | string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const profile = typeof platform === 'string' ? platform : platform.profileUrl
  const text = body === undefined ? undefined : JSON.stringify(body)
  const sent = { 'ucp-agent': `profile="${profile}"`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...lowerCased(headers) }
  const url = `${store.url}${path}`
  const response = await fetch(url, { method, headers: typeof platform === 'string' ? sent : signedHeadersOf(platform, method, url, sent, text), ...(text === undefined ? {} : { body: text }) })
  return { status: response.status, body: await response.json() }
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
}

function assertCheckout(reply: Reply, status: number): any {
  assert.equal(reply.status, status, JSON.stringify(reply.body))
  const checked = validateUcp(UcpCheckout, reply.body)
  assert.ok(checked.ok, checked.ok ? '' : describeUcpViolations(checked.violations))
  return reply.body
}

/** The webhook carries the body's digest and an RFC 9421 signature by the key the store's profile publishes. */
function assertSignedWebhook(hook: PlatformServer['webhooks'][number], url: string, jwk: Record<string, string>): void {
  assert.equal(hook.headers['content-digest'], `sha-256=:${createHash('sha256').update(hook.raw).digest('base64')}:`)
  const input = String(hook.headers['signature-input'])
  assert.match(input, new RegExp(`^sig1=\\("@method" "@authority" "@path" "ucp-agent" "content-digest" "content-type"\\);created=\\d+;keyid="${jwk['kid']}"$`))
  const components = requestComponents(new URL(url), { 'ucp-agent': String(hook.headers['ucp-agent']), 'content-digest': String(hook.headers['content-digest']), 'content-type': String(hook.headers['content-type']) })
  const signature = Buffer.from(String(hook.headers['signature']).replace(/^sig1=:|:$/g, ''), 'base64')
  const base = signatureBaseOf(components, input.slice('sig1='.length))
  assert.ok(verify('sha256', Buffer.from(base), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, signature), 'the webhook signature verifies')
  assert.equal(verify('sha256', Buffer.from(base.replace('"@method": POST', '"@method": PUT')), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, signature), false)
}

const TEE = 'tee-classic-white-m'
const US = { id: 'home', street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }
const instrument = { id: 'instr_1', handler_id: 'test_pay', type: 'verity', credential: { type: 'token', token: 'tok' } }
const amountOf = (checkout: any, type: string) => checkout.totals.find((total: any) => total.type === type)?.amount

async function readyCheckout(store: RunningStore, platform: PlatformServer, quantity = 1): Promise<any> {
  const created = assertCheckout(await call(store, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity }], buyer: { email: 'ann@example.com', consent: { marketing: false, analytics: true } } }), 201)
  const withAddress = assertCheckout(await call(store, platform, 'PUT', `/ucp/checkout-sessions/${created.id}`, { fulfillment: { methods: [{ type: 'shipping', destinations: [US], selected_destination_id: 'home' }] } }), 200)
  const group = withAddress.fulfillment.methods[0].groups[0]
  return assertCheckout(await call(store, platform, 'PUT', `/ucp/checkout-sessions/${created.id}`, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'standard' }] }] } }), 200)
}

test('a buyer checks out: catalog prices, shipping by destination, a discount code, consent kept, signed replies, the handler paid, the order placed and sent to the webhook', async () => {
  const { platform, store, calls } = await setUp()
  const created = assertCheckout(await call(store, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE, price: 1 }, quantity: 2 }], buyer: { email: 'ann@example.com', consent: { marketing: true } } }), 201)
  assert.equal(created.status, 'incomplete')
  assert.equal(created.line_items[0].item.price, 1999, 'the catalog price, not the one sent')
  assert.deepEqual(created.buyer.consent, { marketing: true })
  const us = assertCheckout(await call(store, platform, 'PUT', `/ucp/checkout-sessions/${created.id}`, { fulfillment: { methods: [{ type: 'shipping', destinations: [US], selected_destination_id: 'home' }] } }), 200)
  assert.deepEqual(us.fulfillment.methods[0].groups[0].options.map((option: any) => option.id), ['standard', 'express-us'])
  const abroad = assertCheckout(await call(store, platform, 'PUT', `/ucp/checkout-sessions/${created.id}`, { fulfillment: { methods: [{ type: 'shipping', destinations: [{ ...US, id: 'ca', address_country: 'CA' }], selected_destination_id: 'ca', groups: [{ selected_option_id: 'express-intl' }] }] }, discounts: { codes: ['welcome10', 'NOPE'] } }), 200)
  assert.equal(abroad.status, 'ready_for_complete')
  assert.deepEqual(abroad.discounts.applied.map((discount: any) => [discount.code, discount.amount]), [['WELCOME10', 400]])
  assert.deepEqual([amountOf(abroad, 'subtotal'), amountOf(abroad, 'discount'), amountOf(abroad, 'fulfillment'), amountOf(abroad, 'total')], [3998, -400, 2500, 6098])
  const profile = (await (await fetch(`${store.url}/.well-known/ucp`)).json()) as any
  assert.deepEqual(await verifyMerchantAuthorization(abroad, profile.signing_keys), { ok: true, kid: profile.signing_keys[0].kid, alg: 'ES256' })
  const completed = assertCheckout(await call(store, platform, 'POST', `/ucp/checkout-sessions/${created.id}/complete`, { payment: { instruments: [instrument] } }), 200)
  assert.equal(completed.status, 'completed')
  assert.equal(calls.length, 1)
  assert.equal(calls[0]!.amountMinor, 6098)
  assert.equal(calls[0]!.checkout.id, created.id)
  assert.equal((await verifyMerchantAuthorization(calls[0]!.checkout, profile.signing_keys)).ok, true, 'the handler gets the signed checkout')
  const order = await call(store, platform, 'GET', `/ucp/orders/${completed.order.id}`)
  assert.equal(order.status, 200)
  assert.ok(validateUcp(UcpOrder, order.body).ok)
  assert.equal(order.body.checkout_id, created.id)
  assert.equal(order.body.fulfillment.expectations[0].description, 'International Express')
  assert.equal(completed.order.permalink_url, `${store.url}/orders/${completed.order.id}`)
  const terms = completed.links.find((link: any) => link.type === 'terms_of_service')
  assert.equal(terms.url, `${store.url}/policies/terms`)
  assert.match(await (await fetch(terms.url)).text(), /demonstration shop/)
  for (let tries = 0; platform.webhooks.length === 0 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  assert.equal(platform.webhooks[0]?.headers['x-event-type'], 'order_placed')
  assert.equal(platform.webhooks[0]?.body['id'], completed.order.id)
  assertSignedWebhook(platform.webhooks[0]!, platform.webhookUrl, profile.signing_keys[0])
  const again = await call(store, platform, 'POST', `/ucp/checkout-sessions/${created.id}/complete`, { payment: { instruments: [instrument] } })
  assert.equal(again.status, 409)
  assert.equal(again.body.messages[0].code, 'checkout_not_modifiable')
  assert.equal(calls.length, 1, 'never charged twice')
})

test('Idempotency-Key: a replay gets the same status and body, another body under the key is 409, and concurrent completes pay once', async () => {
  const { platform, store, calls } = await setUp()
  const body = { line_items: [{ item: { id: TEE }, quantity: 1 }] }
  const first = await call(store, platform, 'POST', '/ucp/checkout-sessions', body, { 'idempotency-key': 'create-1' })
  const replay = await call(store, platform, 'POST', '/ucp/checkout-sessions', body, { 'idempotency-key': 'create-1' })
  assert.equal(replay.status, 201)
  assert.deepEqual(replay.body, first.body)
  const other = await call(store, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity: 2 }] }, { 'idempotency-key': 'create-1' })
  assert.equal(other.status, 409)
  assert.equal(other.body.messages[0].code, 'idempotency_conflict')
  const ready = await readyCheckout(store, platform)
  const completes = await Promise.all([1, 2, 3].map(() => call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } }, { 'idempotency-key': 'complete-1' })))
  assert.deepEqual(completes.map((reply) => reply.status), [200, 200, 200])
  assert.deepEqual(completes[1]!.body, completes[0]!.body)
  assert.equal(calls.length, 1, 'three requests, one payment')
})

test('a declined payment places no order and the session can be paid again; an unknown handler is refused before any payment', async () => {
  let isDeclined = true
  const { platform, store, calls } = await setUp({ decide: () => (isDeclined ? { status: 'declined', code: 'insufficient_funds', reason: 'not enough in the vault' } : { status: 'applied', reference: 'pay_2' }) })
  const ready = await readyCheckout(store, platform)
  const unknown = await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [{ ...instrument, handler_id: 'nope' }] } })
  assert.equal(unknown.status, 400)
  assert.equal(unknown.body.messages[0].code, 'payment_handler_unknown')
  assert.equal(calls.length, 0)
  const declined = await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } })
  assert.equal(declined.status, 402)
  assert.equal(declined.body.messages[0].code, 'insufficient_funds')
  const after = assertCheckout(await call(store, platform, 'GET', `/ucp/checkout-sessions/${ready.id}`), 200)
  assert.equal(after.status, 'ready_for_complete')
  assert.equal(after.order, undefined)
  isDeclined = false
  const paid = assertCheckout(await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } }), 200)
  assert.equal(paid.status, 'completed')
})

test('stock: completing takes the units (the last one goes to one buyer), a declined payment gives them back', async () => {
  const rules = JSON.parse(readFileSync(DEMO_SHOP_RULES_PATH, 'utf8')) as Record<string, unknown>
  const rulesPath = join(dir, 'one-tee.json')
  writeFileSync(rulesPath, JSON.stringify({ ...rules, stock: { [TEE]: 1 } }))
  let isDeclined = true
  const { platform, store, calls } = await setUp({ shopRulesPath: rulesPath, decide: () => (isDeclined ? { status: 'declined', code: 'payment_failed', reason: 'no' } : { status: 'applied', reference: 'ok' }) })
  const first = await readyCheckout(store, platform)
  const second = await readyCheckout(store, platform)
  const pay = { payment: { instruments: [instrument] } }
  assert.equal((await call(store, platform, 'POST', `/ucp/checkout-sessions/${first.id}/complete`, pay)).status, 402)
  isDeclined = false
  assert.equal((await call(store, platform, 'POST', `/ucp/checkout-sessions/${second.id}/complete`, pay)).status, 200, 'the declined checkout gave the unit back')
  const late = await call(store, platform, 'POST', `/ucp/checkout-sessions/${first.id}/complete`, pay)
  assert.deepEqual([late.status, late.body.messages[0].code], [409, 'out_of_stock'])
  assert.equal(calls.length, 2, 'the late buyer is not charged')
  const sold = assertCheckout(await call(store, platform, 'GET', `/ucp/checkout-sessions/${second.id}`), 200)
  assert.equal(sold.messages, undefined, 'the buyer who has the unit is not told it is out of stock')
  assert.equal(assertCheckout(await call(store, platform, 'GET', `/ucp/checkout-sessions/${first.id}`), 200).messages[0].code, 'out_of_stock')
})

test('order updates with the orders secret: a shipped event updates the order and goes to the webhook as order_shipped; a bad adjustment is 422', async () => {
  const { platform, store } = await setUp({ ordersSecret: 'orders-secret-1' })
  const ready = await readyCheckout(store, platform, 2)
  const order = (await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } })).body.order
  const bearer = { authorization: 'Bearer orders-secret-1' }
  const shipped = { fulfillment: { events: [{ id: 'ship-1', occurred_at: new Date().toISOString(), type: 'shipped', line_items: [{ id: ready.line_items[0].id, quantity: 1 }], tracking_number: 'T1' }] } }
  assert.equal((await call(store, platform, 'PUT', `/orders/${order.id}`, shipped, { authorization: 'Bearer wrong' })).status, 403)
  const updated = await call(store, platform, 'PUT', `/ucp/orders/${order.id}`, shipped, bearer)
  assert.equal(updated.status, 200)
  assert.deepEqual([updated.body.line_items[0].quantity, updated.body.line_items[0].status], [{ original: 2, total: 2, fulfilled: 1 }, 'partial'])
  const again = await call(store, platform, 'PUT', `/ucp/orders/${order.id}`, shipped, bearer)
  assert.equal(again.body.fulfillment.events.length, 1, 'an event id is appended once')
  const bad = await call(store, platform, 'PUT', `/ucp/orders/${order.id}`, { adjustments: [{ id: 'a1', type: 'refund', occurred_at: new Date().toISOString(), status: 'INVALID' }] }, bearer)
  assert.deepEqual([bad.status, bad.body.messages[0].code], [422, 'invalid_request'])
  for (let tries = 0; !platform.webhooks.some((hook) => hook.headers['x-event-type'] === 'order_shipped') && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  const event = platform.webhooks.find((hook) => hook.headers['x-event-type'] === 'order_shipped')
  assert.equal((event?.body['fulfillment'] as any)?.events[0].tracking_number, 'T1')
})

test('a handler that fails leaves the session complete_in_progress (no update, no cancel, no order) until a retried complete pays once', async () => {
  let isDown = true
  const { platform, store, calls } = await setUp({
    decide: () => {
      if (isDown) throw new Error('domain unreachable')
      return { status: 'applied', reference: 'pay_3' }
    },
  })
  const ready = await readyCheckout(store, platform)
  const failed = await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } })
  assert.equal(failed.status, 502)
  assert.equal(failed.body.messages[0].code, 'payment_failed')
  const stuck = assertCheckout(await call(store, platform, 'GET', `/ucp/checkout-sessions/${ready.id}`), 200)
  assert.deepEqual([stuck.status, stuck.order], ['complete_in_progress', undefined])
  assert.equal((await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/cancel`)).status, 409)
  assert.equal((await call(store, platform, 'PUT', `/ucp/checkout-sessions/${ready.id}`, { discounts: { codes: ['FIVEOFF'] } })).status, 409)
  isDown = false
  const paid = assertCheckout(await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } }), 200)
  assert.equal(paid.status, 'completed')
  assert.equal(calls.length, 2, 'asked again for the same checkout id (the handler must not charge twice)')
  assert.equal(calls[1]!.checkout.id, calls[0]!.checkout.id)
})

test('AP2 negotiated: complete needs ap2.checkout_mandate and the mandate check; a refused mandate pays nothing and places no order', async () => {
  const seen: MandateCheckInput[] = []
  let verdict: Awaited<ReturnType<MandateCheck>> = { ok: false, code: 'mandate_scope_mismatch', reason: 'the mandate is for another cart' }
  const { platform, store, calls } = await setUp({ isAp2: true, mandateCheck: async (input) => (seen.push(input), verdict) })
  const profile = (await (await fetch(`${store.url}/.well-known/ucp`)).json()) as any
  assert.ok(profile.ucp.capabilities['dev.ucp.shopping.ap2_mandate'])
  const ready = await readyCheckout(store, platform)
  assert.ok(ready.ucp.capabilities['dev.ucp.shopping.ap2_mandate'], 'the reply says AP2 is active')
  const bare = await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } })
  assert.equal(bare.status, 400)
  assert.equal(bare.body.messages[0].code, 'mandate_required')
  const mandate = { payment: { instruments: [instrument] }, ap2: { checkout_mandate: 'aGVhZGVy.cGF5bG9hZA.c2ln~a2I' } }
  const refused = await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, mandate)
  assert.equal(refused.status, 403)
  assert.equal(refused.body.messages[0].code, 'mandate_scope_mismatch')
  assert.equal(calls.length, 0, 'nothing charged')
  assert.equal(assertCheckout(await call(store, platform, 'GET', `/ucp/checkout-sessions/${ready.id}`), 200).order, undefined)
  assert.equal(seen[0]!.checkoutMandate, 'aGVhZGVy.cGF5bG9hZA.c2ln~a2I')
  assert.equal(seen[0]!.checkout.id, ready.id)
  assert.equal(seen[0]!.platformProfileUrl, platform.profileUrl)
  verdict = { ok: true }
  const paid = assertCheckout(await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, mandate), 200)
  assert.equal(paid.status, 'completed')
  assert.equal(calls[0]!.checkoutMandate, 'aGVhZGVy.cGF5bG9hZA.c2ln~a2I')
})

test('a restart keeps acknowledged checkouts, orders, idempotency replies, undelivered webhooks and the signing key', async () => {
  const stateDir = mkdtempSync(join(dir, 'restart-'))
  const first = await setUp({ stateDir })
  first.platform.setWebhookStatus(503)
  const ready = await readyCheckout(first.store, first.platform)
  const completed = await call(first.store, first.platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } }, { 'idempotency-key': 'pay-it' })
  const kid = ((await (await fetch(`${first.store.url}/.well-known/ucp`)).json()) as any).signing_keys[0].kid
  await first.store.close()
  assert.equal(first.platform.webhooks.length, 0, 'not delivered before the stop')
  first.platform.setWebhookStatus(200)
  const store = await startStore({ port: 0, payeeKeyFile: join(dir, 'payee.json'), stateDir, logLevel: 'silent' })
  for (let tries = 0; first.platform.webhooks.length === 0 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  assert.deepEqual([first.platform.webhooks[0]?.headers['x-event-type'], first.platform.webhooks[0]?.body['id']], ['order_placed', completed.body.order.id], 'sent after the restart')
  await store.close()
  // Started again, the store still knows whose session it was: its opener replays, and reads the order.
  const { handler, calls } = handlerDouble()
  const second = await startStore({ port: 0, payeeKeyFile: join(dir, 'payee.json'), stateDir, logLevel: 'silent', paymentHandlers: [handler] })
  closers.push(() => second.close())
  const replay = await call(second, first.platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } }, { 'idempotency-key': 'pay-it' })
  assert.deepEqual(replay, completed)
  assert.equal(calls.length, 0)
  assert.equal((await call(second, first.platform, 'GET', `/orders/${completed.body.order.id}`)).status, 200)
  const other = await startPlatformServer({ isAp2: false })
  closers.push(() => other.close())
  assert.equal((await call(second, other, 'GET', `/orders/${completed.body.order.id}`)).status, 403, 'nor to another platform after the restart')
  assert.equal(((await (await fetch(`${second.url}/.well-known/ucp`)).json()) as any).signing_keys[0].kid, kid)
})

test('a platform the store knows (--known-platforms) is negotiated from its known profile, without any fetch', async () => {
  const url = 'https://agent.example/.well-known/ucp'
  const requestKey = deriveUcpRequestKey(Ed25519Signer.generate())
  const profile = { ucp: { version: '2026-04-08', capabilities: { 'dev.ucp.shopping.ap2_mandate': [{ version: '2026-04-08' }] } }, signing_keys: [requestKey.publicJwk] }
  const store = await startStore({ port: 0, payeeKeyFile: join(dir, 'payee.json'), stateDir: mkdtempSync(join(dir, 'known-')), logLevel: 'silent', knownPlatformProfiles: { [url]: profile }, mandateCheck: async () => ({ ok: true }) })
  closers.push(() => store.close())
  const created = assertCheckout(await call(store, { profileUrl: url, requestKey }, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity: 1 }] }), 201)
  assert.ok(created.ucp.capabilities['dev.ucp.shopping.ap2_mandate'], 'AP2 negotiated from the known profile')
  await assert.rejects(startStore({ port: 0, payeeKeyFile: join(dir, 'payee.json'), stateDir: mkdtempSync(join(dir, 'known-')), logLevel: 'silent', knownPlatformProfiles: { [url]: { ucp: {} } } }), { code: 'PROFILE_MALFORMED' })
})

test('negotiation: a public profile host is refused before any connection, an unknown version is 422, a missing UCP-Agent is 400', async () => {
  const { platform, store } = await setUp()
  const publicHost = await call(store, 'https://platform.example/profile.json', 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity: 1 }] })
  assert.equal(publicHost.status, 424)
  assert.equal(publicHost.body.messages[0].code, 'profile_unreachable')
  assert.match(publicHost.body.messages[0].content, /neither loopback nor one of the platform hosts/)
  const future = await call(store, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity: 1 }] }, { 'ucp-agent': `profile="${platform.profileUrl}"; version="2099-01-01"` })
  assert.equal(future.status, 422)
  assert.equal(future.body.messages[0].code, 'version_unsupported')
  const response = await fetch(`${store.url}/ucp/checkout-sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"line_items":[]}' })
  assert.equal(response.status, 400)
})

test('business outcomes and refusals: unknown item, out of stock, clamped quantity, no fulfillment, canceled sessions, order updates and the test-only shipping route', async () => {
  const { platform, store } = await setUp()
  const unknown = await call(store, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: 'pink-wumpus' }, quantity: 1 }] })
  assert.equal(unknown.status, 200)
  assert.deepEqual([unknown.body.ucp.status, unknown.body.messages[0].code], ['error', 'not_found'])
  const soldOut = assertCheckout(await call(store, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: 'tee-classic-navy-xl' }, quantity: 1 }] }), 201)
  assert.deepEqual(soldOut.messages?.map((message: any) => message.code), ['out_of_stock'])
  const many = assertCheckout(await call(store, platform, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity: 5000 }] }), 201)
  assert.equal(many.line_items[0].quantity, 1000)
  assert.equal(many.messages[0].code, 'quantity_adjusted')
  const early = await call(store, platform, 'POST', `/ucp/checkout-sessions/${many.id}/complete`, { payment: { instruments: [instrument] } })
  assert.equal(early.status, 400)
  assert.match(early.body.messages[0].content, /Fulfillment address and option must be selected/)
  assert.equal(assertCheckout(await call(store, platform, 'POST', `/ucp/checkout-sessions/${many.id}/cancel`), 200).status, 'canceled')
  assert.equal((await call(store, platform, 'PUT', `/ucp/checkout-sessions/${many.id}`, { line_items: [{ item: { id: TEE }, quantity: 1 }] })).status, 409)
  const ready = await readyCheckout(store, platform)
  const order = (await call(store, platform, 'POST', `/ucp/checkout-sessions/${ready.id}/complete`, { payment: { instruments: [instrument] } })).body.order
  const update = { fulfillment: { events: [{ id: 'e1', occurred_at: new Date().toISOString(), type: 'shipped', line_items: [{ id: ready.line_items[0].id, quantity: 1 }] }] } }
  assert.equal((await call(store, platform, 'PUT', `/orders/${order.id}`, update)).status, 403, 'order updates need the secret')
  assert.equal((await call(store, platform, 'POST', `/testing/simulate-shipping/${order.id}`, undefined, { 'simulation-secret': 'x' })).status, 404, 'no simulation outside conformance mode')
})
