// The store as an AP2 business for any platform (issue 43, item 3): a standard AP2 platform, written
// from AP2's specification (its open Checkout Mandate has only AP2's constraints, no Verity intent,
// its root key listed by `kid` in its UCP profile's `signing_keys`), completes a checkout at the
// store in conformance mode (the mock payment handler) and gets AP2's signed Checkout Receipt; a
// chain whose constraints the cart breaks, or signed by a key its profile does not list, is refused
// before any payment, naming the rule.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deriveAp2MandateKey, deriveUcpRequestKey, Ed25519Signer, signUcpRequest } from '@verity/core'
import { ApiError, checkoutJwtOf, closeCheckoutMandate, issueOpenCheckoutMandate, UcpCheckoutClient } from '@verity/sdk'
import { UCP_VERSION } from '@verity/wire'
import { startStore, type RunningStore } from '../startStore.ts'

const PROFILE_URL = 'https://platform.example/.well-known/ucp-platform.json'
const ITEM = 'bouquet_roses'
/** AP2's reference SDK beside the project (shared/ap2-sdk), and the platform written with it (scripts/testing/ap2SdkPlatform.py). */
const AP2_SDK_DIR = fileURLToPath(new URL('../../../../../shared/ap2-sdk/', import.meta.url))
const AP2_SDK_PLATFORM = fileURLToPath(new URL('../../../../scripts/testing/ap2SdkPlatform.py', import.meta.url))
/** Longest the SDK's environment may take to make (a local package index) and the platform to run. */
const AP2_SDK_RUN_TIMEOUT_MS = 240_000
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

  /** The Checkout Mandate chain a platform written with AP2's own SDK makes for `checkout`, or why it cannot run here. */
  function chainByAp2Sdk(checkout: Record<string, unknown>): { chain: string } | { skipped: string } {
    if (!existsSync(join(AP2_SDK_DIR, 'check-chain.sh'))) return { skipped: `AP2's SDK is not at ${AP2_SDK_DIR}` }
    // check-chain.sh makes the SDK's Python environment when it is missing (then stops: no arguments).
    const home = process.env['AP2SDK_HOME'] ?? join(homedir(), '.cache', 'ap2-sdk')
    const prepared = spawnSync('bash', [join(AP2_SDK_DIR, 'check-chain.sh')], { encoding: 'utf8', timeout: AP2_SDK_RUN_TIMEOUT_MS })
    const python = join(home, 'venv', 'bin', 'python')
    if (!existsSync(python)) return { skipped: `AP2's SDK environment could not be made: ${(prepared.stderr ?? '').trim().split('\n').filter((line) => line.startsWith('check-chain:')).join('; ') || 'no Python'}` }
    const input = JSON.stringify({ platform_jwk: { ...platformKey.privateJwk, kid: platformKey.kid }, checkout, checkout_jwt: checkoutJwtOf(checkout), aud: store.url, log_path: join(dir, 'ap2-sdk.log') })
    const run = `import runpy, sys; sys.path.insert(0, ${JSON.stringify(join(AP2_SDK_DIR, 'src'))}); runpy.run_path(${JSON.stringify(AP2_SDK_PLATFORM)}, run_name='__main__')`
    const result = spawnSync(python, ['-E', '-s', '-c', run], { input, encoding: 'utf8', timeout: AP2_SDK_RUN_TIMEOUT_MS })
    assert.equal(result.status, 0, result.stderr)
    return { chain: (JSON.parse(result.stdout) as { checkout_mandate: string }).checkout_mandate }
  }

  const mockCard = { id: 'instr_1', handler_id: 'mock_payment_handler', type: 'card', credential: { type: 'token', token: 'success_token' } }

  /** A complete sent as is, to read the whole answer (status, body, headers). */
  async function rawComplete(id: string, body: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const { endpoint } = await client.negotiate()
    const jsonText = JSON.stringify(body)
    const url = new URL(`${endpoint.replace(/\/$/, '')}/checkout-sessions/${encodeURIComponent(id)}/complete`)
    const headers: Record<string, string> = { 'ucp-agent': `profile="${PROFILE_URL}"`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' }
    Object.assign(headers, signUcpRequest({ method: 'POST', url, headers, body: jsonText, key: platformKey }))
    const response = await fetch(url, { method: 'POST', headers, body: jsonText })
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers }
  }

  /** A receipt's claims, once its signature verifies with a key of the store's profile. */
  async function receiptClaims(jwt: string | null): Promise<Record<string, unknown>> {
    assert.ok(jwt !== null, 'the receipt is there')
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const storeKeys = ((await (await fetch(`${store.url}/.well-known/ucp`)).json()) as { signing_keys: Record<string, unknown>[] }).signing_keys
    const key = storeKeys.find((candidate) => candidate['kid'] === JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).kid)
    assert.ok(key !== undefined && verify('sha256', Buffer.from(`${header}.${payload}`), { key: createPublicKey({ key: key as never, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
  }

  const closedHash = (chain: string) => createHash('sha256').update(chain.slice(chain.indexOf('~~') + 2)).digest('base64url')

  test('a refused complete keeps UCP\'s status and error, and carries AP2\'s signed Error Checkout Receipt beside it (header AP2-Checkout-Receipt); a declined payment of a Payment Mandate chain also the Error Payment Receipt', async () => {
    const checkout = await readyCheckout()
    const otherCart = { ...checkout, line_items: [{ id: 'li_x', item: { id: 'pot_ceramic', title: 'Ceramic pot' }, quantity: 1 }] }
    const refusedChain = await chainFor(checkout, { openFor: otherCart })
    const refused = await rawComplete(checkout.id, { payment: { instruments: [mockCard] }, ap2: { checkout_mandate: refusedChain } })
    assert.equal(refused.status, 403)
    assert.deepEqual(Object.keys(refused.body).sort(), ['messages', 'ucp'], 'UCP\'s error_response, nothing added')
    assert.equal((refused.body['ucp'] as { status?: string }).status, 'error')
    assert.equal((refused.body['messages'] as { code?: string }[])[0]!.code, 'mandate_scope_mismatch')
    const receipt = await receiptClaims(refused.headers.get('ap2-checkout-receipt'))
    assert.deepEqual([receipt.status, receipt.iss, receipt.reference, receipt.error, receipt.order_id], ['Error', store.url, closedHash(refusedChain), 'unresolved_constraint', undefined])
    assert.match(String(receipt.error_description), /AP2_CONSTRAINT_UNRESOLVED: checkout.line_items/)
    assert.equal(refused.headers.get('ap2-payment-receipt'), null, 'a card token is no Payment Mandate')

    const chain = await chainFor(checkout)
    const paymentMandate = 'open-payment-mandate~~closed-payment-mandate'
    // The mock handler declines any token but its success_token: here one shaped as a Payment Mandate chain.
    const declined = await rawComplete(checkout.id, { payment: { instruments: [{ ...mockCard, credential: { type: 'token', token: paymentMandate } }] }, ap2: { checkout_mandate: chain } })
    assert.equal(declined.status, 402)
    assert.deepEqual(Object.keys(declined.body).sort(), ['messages', 'ucp'])
    assert.equal((declined.body['messages'] as { code?: string }[])[0]!.code, 'payment_failed')
    const checkoutReceipt = await receiptClaims(declined.headers.get('ap2-checkout-receipt'))
    assert.deepEqual([checkoutReceipt.status, checkoutReceipt.reference, checkoutReceipt.error], ['Error', closedHash(chain), 'payment_failed'])
    const paymentReceipt = await receiptClaims(declined.headers.get('ap2-payment-receipt'))
    assert.deepEqual([paymentReceipt.status, paymentReceipt.reference, paymentReceipt.payment_id, paymentReceipt.error, paymentReceipt.psp_confirmation_id], ['Error', closedHash(paymentMandate), 'instr_1', 'payment_failed', undefined])
    assert.match(String(paymentReceipt.error_description), /unknown test token/)
    assert.equal((await client.get(checkout.id)).status, 'ready_for_complete', 'nothing was paid, no order placed')
  })

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
    // Readable after the fact: a later read by the opener answers the same receipts; the session answers no one else.
    const later = await client.get(checkout.id)
    assert.equal(later.status, 'completed')
    assert.equal((later['ap2'] as { checkout_receipt?: string }).checkout_receipt, receipt)
    const stranger = new UcpCheckoutClient(store.url, { profileUrl: PROFILE_URL, requestKey: deriveUcpRequestKey(Ed25519Signer.generate()) })
    const refused = await stranger.get(checkout.id).catch((caught: unknown) => caught)
    assert.ok(refused instanceof ApiError && refused.status >= 400 && refused.status < 500, String(refused))
    assert.doesNotMatch(refused.message, /checkout_receipt/)
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

  test('a platform written with AP2\'s own reference SDK (its MandateClient signs the open mandate and presents the closed one) completes at the store', async (context) => {
    const checkout = await readyCheckout()
    const made = chainByAp2Sdk(checkout)
    if ('skipped' in made) {
      context.skip(made.skipped)
      return
    }
    const completed = await client.complete(checkout.id, { payment: { instruments: [mockCard] }, ap2: { checkout_mandate: made.chain } })
    assert.equal(completed.status, 'completed')
    assert.match((completed['ap2'] as { checkout_receipt: string }).checkout_receipt, /^[\w-]+\.[\w-]+\.[\w-]+$/)
  })
})
