// A checkout session belongs to the platform that opened it (issue 42): the profile its UCP-Agent
// named and the key its signature was made with (RFC 9421, UCP signatures.md). Over real HTTP on
// loopback, with platforms that serve their profiles and sign their requests.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, test } from 'node:test'
import type { PaymentHandler } from './payment/PaymentHandler.ts'
import { startStore, type RunningStore } from '../startStore.ts'
import { signedHeadersOf, startPlatformServer, type PlatformServer } from '../testing/platformServer.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-session-owner-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const TEE = 'tee-classic-white-m'
const EMAIL = 'owner@example.com'
const STREET = '7 Private Lane'
const US = { id: 'home', street_address: STREET, address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }
const instrument = { id: 'i1', handler_id: 'test_pay', type: 'verity', credential: { type: 'token', token: 'tok' } }
const handler: PaymentHandler = { name: 'dev.verity.test_pay', declaration: { id: 'test_pay', version: '2026-04-08' }, authorize: async () => ({ status: 'applied', reference: 'pay' }) }

async function setUp(options: { readers?: (platform: PlatformServer) => string[]; conformance?: boolean } = {}) {
  const [owner, stranger] = [await startPlatformServer({ isAp2: false }), await startPlatformServer({ isAp2: false })]
  closers.push(() => owner.close(), () => stranger.close())
  const store = await startStore({
    port: 0,
    payeeKeyFile: join(dir, 'payee.json'),
    stateDir: mkdtempSync(join(dir, 'state-')),
    logLevel: 'silent',
    paymentHandlers: [handler],
    ...(options.readers === undefined ? {} : { checkoutReaders: options.readers(stranger) }),
    ...(options.conformance === true ? { conformance: true, simulationSecret: 'simulate-it' } : {}),
  })
  closers.push(() => store.close())
  return { owner, stranger, store }
}

type Reply = { status: number; text: string; body: any }

/** A request as `platform` sends it: signed (unless `isUnsigned`), with `tamper` applied to the body after signing. */
async function call(store: RunningStore, platform: PlatformServer, method: string, path: string, body?: unknown, options: { headers?: Record<string, string>; isUnsigned?: boolean; tamper?: (text: string) => string; profileUrl?: string } = {}): Promise<Reply> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const sent = { 'ucp-agent': `profile="${options.profileUrl ?? platform.profileUrl}"`, ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers }
  const url = `${store.url}${path}`
  const headers = options.isUnsigned === true ? sent : signedHeadersOf(platform, method, url, sent, text)
  const response = await fetch(url, { method, headers, ...(text === undefined ? {} : { body: options.tamper?.(text) ?? text }) })
  const answer = await response.text()
  return { status: response.status, text: answer, body: JSON.parse(answer) }
}

async function openSession(store: RunningStore, owner: PlatformServer): Promise<string> {
  const created = await call(store, owner, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity: 1 }], buyer: { email: EMAIL }, fulfillment: { methods: [{ type: 'shipping', destinations: [US], selected_destination_id: 'home' }] } })
  assert.equal(created.status, 201, created.text)
  const group = created.body.fulfillment.methods[0].groups[0]
  const ready = await call(store, owner, 'PUT', `/ucp/checkout-sessions/${created.body.id}`, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'standard' }] }] } })
  assert.equal(ready.body.status, 'ready_for_complete', ready.text)
  return created.body.id
}

function assertRefused(reply: Reply, status: number, code: string, what: string): void {
  assert.equal(reply.status, status, `${what}: ${reply.text}`)
  assert.equal(reply.body.messages[0].code, code, what)
  assert.ok(!reply.text.includes(EMAIL) && !reply.text.includes(STREET), `${what} leaked the buyer's data`)
}

test("another platform's signed requests are refused: get, update, cancel, complete; the session is unchanged", async () => {
  const { owner, stranger, store } = await setUp()
  const id = await openSession(store, owner)
  const session = `/ucp/checkout-sessions/${id}`
  assertRefused(await call(store, stranger, 'GET', session), 403, 'checkout_forbidden', 'get')
  assertRefused(await call(store, stranger, 'PUT', session, { buyer: { email: 'thief@example.com' } }), 403, 'checkout_forbidden', 'update')
  assertRefused(await call(store, stranger, 'POST', `${session}/cancel`, undefined, { headers: { 'idempotency-key': 'stranger-cancel' } }), 403, 'checkout_forbidden', 'cancel')
  assertRefused(await call(store, stranger, 'POST', `${session}/complete`, { payment: { instruments: [instrument] } }), 403, 'checkout_forbidden', 'complete')
  assert.match((await call(store, stranger, 'GET', session)).body.messages[0].content, /belongs to the platform that opened it/)
  const mine = await call(store, owner, 'GET', session)
  assert.equal(mine.status, 200)
  assert.equal(mine.body.status, 'ready_for_complete')
  assert.equal(mine.body.buyer.email, EMAIL)
  const paid = await call(store, owner, 'POST', `${session}/complete`, { payment: { instruments: [instrument] } }, { headers: { 'idempotency-key': 'owner-pays' } })
  assert.equal(paid.body.status, 'completed', paid.text)
  const order = `/orders/${paid.body.order.id}`
  assertRefused(await call(store, stranger, 'GET', order), 403, 'order_forbidden', 'get order')
  assertRefused(await call(store, stranger, 'GET', `/ucp${order}`), 403, 'order_forbidden', 'get order (REST endpoint)')
  assert.equal((await call(store, owner, 'GET', order)).status, 200)
})

test('an unsigned request is 401 signature_missing, even naming the opener\'s profile; a key the profile does not list is 401 key_not_found', async () => {
  const { owner, stranger, store } = await setUp()
  const id = await openSession(store, owner)
  assertRefused(await call(store, owner, 'GET', `/ucp/checkout-sessions/${id}`, undefined, { isUnsigned: true }), 401, 'signature_missing', 'unsigned get')
  assertRefused(await call(store, owner, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: TEE }, quantity: 1 }] }, { isUnsigned: true }), 401, 'signature_missing', 'unsigned create')
  // The stranger claims the opener's profile but signs with its own key.
  assertRefused(await call(store, stranger, 'GET', `/ucp/checkout-sessions/${id}`, undefined, { profileUrl: owner.profileUrl }), 401, 'key_not_found', 'the opener\'s profile, another key')
})

test('a body changed after signing is 400 digest_mismatch and changes nothing', async () => {
  const { owner, store } = await setUp()
  const id = await openSession(store, owner)
  const tampered = await call(store, owner, 'PUT', `/ucp/checkout-sessions/${id}`, { buyer: { email: 'ok@example.com' } }, { tamper: (text) => text.replace('ok@example.com', 'no@example.com') })
  assertRefused(tampered, 400, 'digest_mismatch', 'tampered body')
  assert.equal((await call(store, owner, 'GET', `/ucp/checkout-sessions/${id}`)).body.buyer.email, EMAIL)
})

test("another platform reusing an idempotency key gets a conflict, never the opener's kept reply", async () => {
  const { owner, stranger, store } = await setUp()
  const request = { line_items: [{ item: { id: TEE }, quantity: 1 }], buyer: { email: EMAIL } }
  assert.equal((await call(store, owner, 'POST', '/ucp/checkout-sessions', request, { headers: { 'idempotency-key': 'shared-key' } })).status, 201)
  assertRefused(await call(store, stranger, 'POST', '/ucp/checkout-sessions', request, { headers: { 'idempotency-key': 'shared-key' } }), 409, 'idempotency_conflict', 'reused key')
})

test('a verifier the business names (checkoutReaders) may read a session, signed, and do nothing else', async () => {
  const { owner, stranger, store } = await setUp({ readers: (verifier) => [verifier.profileUrl] })
  const id = await openSession(store, owner)
  const read = await call(store, stranger, 'GET', `/ucp/checkout-sessions/${id}`)
  assert.equal(read.status, 200, read.text)
  assert.equal(read.body.id, id)
  assertRefused(await call(store, stranger, 'GET', `/ucp/checkout-sessions/${id}`, undefined, { isUnsigned: true }), 401, 'signature_missing', 'an unsigned read claiming the verifier\'s profile')
  assertRefused(await call(store, stranger, 'PUT', `/ucp/checkout-sessions/${id}`, { buyer: { email: 'thief@example.com' } }), 403, 'checkout_forbidden', 'the verifier updating')
  assertRefused(await call(store, stranger, 'POST', `/ucp/checkout-sessions/${id}/cancel`, undefined, { headers: { 'idempotency-key': 'verifier-cancel' } }), 403, 'checkout_forbidden', 'the verifier canceling')
})

test('conformance mode: an unsigned session belongs to the profile URL that opened it', async () => {
  const { owner, stranger, store } = await setUp({ conformance: true })
  const created = await call(store, owner, 'POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: 'bouquet_roses' }, quantity: 1 }], buyer: { email: EMAIL } }, { isUnsigned: true })
  assert.equal(created.status, 201, created.text)
  assert.equal((await call(store, owner, 'GET', `/ucp/checkout-sessions/${created.body.id}`, undefined, { isUnsigned: true })).status, 200)
  assertRefused(await call(store, stranger, 'GET', `/ucp/checkout-sessions/${created.body.id}`, undefined, { isUnsigned: true }), 403, 'checkout_forbidden', 'another profile, unsigned')
})
