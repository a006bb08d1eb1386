// Attack (issue 42, attack 4): a proven checkout is a public bearer object.
// Attacker: a reader of public streams, i.e. a stranger who knows the id of a checkout session
// (it is the proposal's `solution` in `GET /proofs/{id}` and on the event stream).
// Attack: with that id alone, read the buyer's name, e-mail and street address from the store
// (with no UCP-Agent, with the orchestrator's platform profile, with a profile of one's own, and
// through the web server's `/api/store/…` proxy), then update, cancel or complete the session.
// Before the fix every read answered the buyer's data and a cancel burned the user's intent (an
// intent has one proposal).
// Expected: every read is refused without a byte of the buyer's data (401 signature_missing
// unsigned, 403 checkout_forbidden signed by someone other than the opener, 404 at the web
// server, which no longer forwards sessions or orders); update, cancel and complete are refused
// the same way and change nothing; the order is not readable either; the user's agent then
// completes the checkout and the order is placed. On the whole devnet (startStack), real proofs.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { agentKeyOfSigner, Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { checkoutWithIntent, DomainClient, OrchestratorClient, signIntent, ucpPlatformOf, UcpCheckoutClient } from '@verity/sdk'
import { startStack, type RunningStack } from '../../packages/cli/src/services/startStack.ts'

const TEMPLATE = readFileSync(new URL('../../packages/policy/examples/payable-checkout.template', import.meta.url), 'utf8')
const TEE = 'tee-classic-white-m'
const BUYER = { email: 'ada.lovelace@example.com', first_name: 'Ada', last_name: 'Lovelace' }
const STREET = '12 Analytical Engine Row'
/** What must never reach the stranger. */
const SECRETS = [BUYER.email, BUYER.last_name, STREET]

describe('attack: a stranger who knows a checkout session id', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-attack-session-hijack-'))
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()
  const stranger = Ed25519Signer.generate()
  let stack: RunningStack
  let orchestrator: OrchestratorClient
  let business: string

  before(async () => {
    stack = await startStack({ dataDir: join(dir, 'devnet'), ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0, web: 0 }, store: true, web: true, logLevel: 'silent' })
    business = stack.store!.url
    const issuer = Ed25519Signer.fromKeyFile(stack.devnetDollar.keyPath)
    const credited = [{ address: formatAddress(user.ownerId, 1), amount: 100_000n }]
    const mint = signVerifiable(issuer, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation: { Create: { metadata: { name: 'Devnet Dollar', symbol: 'USD' }, credited } } })
    await new DomainClient(stack.domain.url).execute([jsonValue(mint) as never])
    orchestrator = new OrchestratorClient(stack.orchestrator.url)
  })
  after(async () => {
    await stack?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** A raw request to the store: what anyone can send. */
  async function raw(method: string, url: string, headers: Record<string, string>, body?: unknown) {
    const response = await fetch(url, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    return { status: response.status, text: await response.text() }
  }
  const assertRefused = (answer: { status: number; text: string }, what: string) => {
    assert.ok(answer.status >= 400 && answer.status < 500, `${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`)
    for (const secret of SECRETS) assert.ok(!answer.text.includes(secret), `${what} leaked ${secret}`)
  }

  test("knowing the proven session's id opens nothing; the user's checkout still completes", async () => {
    const templateId = await orchestrator.submitTemplate(TEMPLATE)
    const intentId = randomUUID()
    const payee = stack.store!.payee.address
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 5000, payment_token: stack.devnetDollar.token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [payee] }
    await orchestrator.submitIntent(signIntent({ id: intentId, templateId, fields, signer: user, agents: [agentKeyOfSigner(agent)] }))
    // The user's agent opens the session and has it proven.
    const opener = new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent }))
    const destination = { id: 'home', first_name: BUYER.first_name, last_name: BUYER.last_name, street_address: STREET, address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }
    const created = await opener.create({ line_items: [{ item: { id: TEE }, quantity: 1 }], buyer: BUYER, fulfillment: { methods: [{ type: 'shipping', destinations: [destination], selected_destination_id: 'home' }] } })
    const group = (created['fulfillment'] as any).methods[0].groups[0]
    await opener.update(created.id, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'standard' }] }] } })
    await orchestrator.propose(intentId, { solution: created.id, metadata: { business, checkout: true } }, { agent })
    for (let tries = 0; tries < 900 && (await orchestrator.getIntentStatus(intentId)) !== 'success'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 200))
    assert.equal(await orchestrator.getIntentStatus(intentId), 'success')

    // The stranger reads the public proof bundle: the session id, and the digest a verifier needs.
    const bundle = (await (await fetch(`${stack.orchestrator.url}/proofs/${intentId}`)).json()) as any
    const sessionId = bundle.proposal.solution as string
    assert.equal(sessionId, created.id)
    assert.equal(typeof bundle.evidence.checkout_digest, 'string')
    for (const secret of SECRETS) assert.ok(!JSON.stringify(bundle).includes(secret), `the proof bundle carries ${secret}`)

    const session = `${business}/ucp/checkout-sessions/${encodeURIComponent(sessionId)}`
    const agents = {
      none: {},
      'the orchestrator\'s profile': { 'ucp-agent': `profile="${stack.orchestrator.url}/extractor/ucp/platform-profile"` },
      'a profile of its own': { 'ucp-agent': 'profile="https://stranger.example/.well-known/ucp"' },
    }
    for (const [name, headers] of Object.entries(agents)) assertRefused(await raw('GET', session, headers), `GET with ${name}`)
    assertRefused(await raw('GET', `${stack.web!.url}/api/store/ucp/checkout-sessions/${encodeURIComponent(sessionId)}`, {}), 'GET through the web proxy')
    // Signed, but by the stranger's own key (a profile listing it): authenticated, and still not the opener.
    const strangerClient = new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent: stranger }))
    for (const [what, attempt] of [
      ['a signed GET', () => strangerClient.get(sessionId)],
      ['a signed PUT', () => strangerClient.update(sessionId, { buyer: { email: 'thief@example.com' } })],
      ['a signed complete', () => strangerClient.complete(sessionId, { payment: { instruments: [{ id: 'i1', handler_id: 'verity_domain', type: 'dev.verity.mandate_payment', credential: { type: 'dev.verity.mandate_payment', token: 'x' } }] }, ap2: { checkout_mandate: 'x~~y' } } as never)],
    ] as const) {
      const error = await attempt().then((answer) => answer, (caught: unknown) => caught)
      assert.ok(error instanceof Error && (error as any).status === 403, `${what}: ${JSON.stringify(error)}`)
      assert.equal((error as any).serverCode, 'checkout_forbidden', what)
      for (const secret of SECRETS) assert.ok(!String((error as Error).message).includes(secret), `${what} leaked ${secret}`)
    }
    for (const [name, headers] of Object.entries(agents)) {
      assertRefused(await raw('PUT', session, headers, { buyer: { email: 'thief@example.com' } }), `PUT with ${name}`)
      assertRefused(await raw('POST', `${session}/cancel`, headers), `cancel with ${name}`)
      assertRefused(await raw('POST', `${session}/complete`, headers, { payment: { instruments: [] } }), `complete with ${name}`)
    }
    const still = await opener.get(sessionId)
    assert.equal(still.status, 'ready_for_complete', 'nothing the stranger sent changed the session')
    assert.equal((still['buyer'] as { email: string }).email, BUYER.email)

    // The user's agent completes it: the intent was not burned.
    const bought = await checkoutWithIntent({ business, orchestrator, intentId, agent })
    assert.equal(bought.checkout.status, 'completed')
    const orderId = bought.order!.id
    for (const [name, headers] of Object.entries(agents)) {
      assertRefused(await raw('GET', `${business}/ucp/orders/${encodeURIComponent(orderId)}`, headers), `GET order with ${name}`)
      assertRefused(await raw('GET', `${business}/orders/${encodeURIComponent(orderId)}`, headers), `GET order (root) with ${name}`)
    }
    assertRefused(await raw('GET', `${stack.web!.url}/api/store/ucp/orders/${encodeURIComponent(orderId)}`, {}), 'GET order through the web proxy')
  })
})
