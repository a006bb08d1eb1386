// `verity checkout` against the devnet (startStack with the demo store): the store's
// dev.verity.domain handler evaluates the Verity constraint, the domain applies the mandate
// payment of the checkout total, and only then is the order placed. Real proofs, real HTTP.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { agentKeyOfSigner, deriveAp2MandateKey, deriveUcpRequestKey, Ed25519Signer, formatAddress, parseJsonBigint } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { compileTemplate } from '@verity/policy'
import { ApiError, bindMandateKey, closeCheckoutMandate, DomainClient, issueVerityMandates, issueOpenCheckoutMandate, issuePaymentMandate, OrchestratorClient, sealedIntentParts, sealIntent, signIntent, UcpCheckoutClient, ucpPlatformOf, verityIntentConstraintOf } from '@verity/sdk'
import { startStack, type RunningStack } from '../services/startStack.ts'
import { checkAp2Chain } from '../testing/checkAp2Chain.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

const TEMPLATE = readFileSync(new URL('../../../policy/examples/payable-checkout.template', import.meta.url), 'utf8')
const TEE = 'tee-classic-white-m'
const ADDRESS = ['--email', 'ada@example.com', '--first-name', 'Ada', '--last-name', 'Lovelace', '--street', '1 Main St', '--city', 'Springfield', '--region', 'IL', '--postal-code', '62704', '--country', 'US']

const verity = runCliCaptured

describe('verity checkout at the demo store', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-checkout-cli-'))
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()
  const agentKey = join(dir, 'agent.json')
  let stack: RunningStack
  let orchestrator: OrchestratorClient
  let templateId: string
  let payee: string
  let business: string

  before(async () => {
    agent.toKeyFile(agentKey)
    stack = await startStack({ dataDir: join(dir, 'devnet'), ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'silent' })
    business = stack.store!.url
    payee = stack.store!.payee.address
    const issuer = Ed25519Signer.fromKeyFile(stack.devnetDollar.keyPath)
    const mint = signVerifiable(issuer, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: 1,
      operation: { Create: { metadata: { name: 'Devnet Dollar', symbol: 'USD' }, credited: [{ address: formatAddress(user.ownerId, 1), amount: 100_000n }] } },
    })
    await new DomainClient(stack.domain.url).execute([jsonValue(mint) as never])
    orchestrator = new OrchestratorClient(stack.orchestrator.url)
    templateId = await orchestrator.submitTemplate(TEMPLATE)
  })
  after(async () => {
    await stack?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  function intentFields(): Record<string, unknown> {
    return { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 5000, payment_token: stack.devnetDollar.token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [payee] }
  }

  /** A payable intent of the user's, in the clear, bound to `agents` (default: the agent; every payable intent names its agents, docs/protocol.md "Agent-bound intents"). */
  async function newIntent(options: { agents?: Ed25519Signer[] } = {}): Promise<string> {
    const id = randomUUID()
    const agents = { agents: (options.agents ?? [agent]).map(agentKeyOfSigner) }
    await orchestrator.submitIntent(signIntent({ id, templateId, fields: intentFields(), signer: user, ...agents }))
    return id
  }

  /** Proposes `sessionId` for `intentId`, signed by `proposer` (default: the agent), and waits for the proof. */
  async function prove(intentId: string, sessionId: string, proposer: Ed25519Signer = agent): Promise<void> {
    await orchestrator.propose(intentId, { solution: sessionId, metadata: { business, checkout: true } }, { agent: proposer })
    for (let tries = 0; tries < 900 && (await orchestrator.getIntentStatus(intentId)) !== 'success'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 200))
    assert.equal(await orchestrator.getIntentStatus(intentId), 'success')
  }

  async function balanceOf(ownerId: string): Promise<bigint> {
    const vault = await new DomainClient(stack.domain.url).getVault(ownerId)
    const holdings = (vault as { data?: { TokenHoldings?: { fungibles?: Record<string, bigint | number> } } } | null)?.data?.TokenHoldings?.fungibles
    return BigInt(holdings?.[stack.devnetDollar.token] ?? 0)
  }

  /**
   * Completes `sessionId` with a mandate chain of `intentId` that the store must refuse: the
   * platform's (the agent's request key) open mandates bind the mandate key of `closer` (default:
   * the agent), bound by `closer` and signing the closed mandates; `commitments` replaces the
   * constraint's (a sealed intent's).
   */
  async function completeWith(sessionId: string, intentId: string, options: { closer?: Ed25519Signer; commitments?: Record<string, string> } = {}): Promise<ApiError> {
    const closer = options.closer ?? agent
    const checkouts = new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent }))
    const bundle = await orchestrator.getProof(intentId)
    const checkout = await checkouts.get(sessionId)
    const named = verityIntentConstraintOf(bundle.signed_intent, stack.orchestrator.url)
    const constraint = options.commitments === undefined ? named : { ...named, commitments: options.commitments }
    const platformKey = deriveUcpRequestKey(agent)
    const mandateKey = deriveAp2MandateKey(closer)
    const verity = { ...constraint, agent_binding: bindMandateKey(closer, intentId, mandateKey.publicJwk) }
    const openMandate = await issueOpenCheckoutMandate({ platformKey, mandateKey: mandateKey.publicJwk, checkout, verity })
    const closed = await closeCheckoutMandate({ openMandate, checkout, mandateKey, audience: business })
    const total = BigInt((checkout['totals'] as { type: string; amount: number }[]).find((entry) => entry.type === 'total')!.amount)
    const token = await issuePaymentMandate({ platformKey, mandateKey, openCheckoutHash: closed.openHash, checkoutHash: closed.checkoutHash, payee: { id: payee, name: 'demo store' }, amountCents: total, currency: 'USD', intentId, audience: business })
    const instrument = { id: 'i1', handler_id: 'verity_domain', type: 'dev.verity.mandate_payment', credential: { type: 'dev.verity.mandate_payment', token } }
    const error = await checkouts.complete(sessionId, { payment: { instruments: [instrument] }, ap2: { checkout_mandate: closed.checkoutMandate } }).catch((caught: unknown) => caught)
    assert.ok(error instanceof ApiError, String(error))
    return error
  }

  async function readySession(quantity: number): Promise<string> {
    const checkouts = new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent }))
    const created = await checkouts.create({ line_items: [{ item: { id: TEE }, quantity }], buyer: { email: 'ada@example.com' }, fulfillment: { methods: [{ type: 'shipping', destinations: [{ id: 'home', street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }], selected_destination_id: 'home' }] } })
    const group = ((created['fulfillment'] as { methods: { groups: { id: string }[] }[] }).methods[0]!.groups[0])!
    const ready = await checkouts.update(created.id, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'standard' }] }] } })
    assert.equal(ready.status, 'ready_for_complete')
    return ready.id
  }

  test('buys the proven tee and prints the order; the user paid the checkout total to the store, once; a second checkout of the intent is refused with intent_already_used', async () => {
    const intentId = await newIntent()
    const before = await balanceOf(user.ownerId)
    const bought = await verity('checkout', intentId, '--agent-key', agentKey, '--item', TEE, '--business', business, '--orchestrator', stack.orchestrator.url, ...ADDRESS, '--json')
    assert.equal(bought.code, 0, bought.stderr)
    const parsed = parseJsonBigint(bought.stdout.trim()) as { status: string; order: { id: string; permalink_url: string }; amount: number | bigint; payee: string }
    const result = { ...parsed, amount: BigInt(parsed.amount) }
    assert.equal(result.status, 'completed')
    assert.equal(result.payee, payee)
    assert.equal(result.amount, 1999n + 500n, 'the tee and standard shipping: the checkout total is what was proven and paid')
    assert.equal(await balanceOf(user.ownerId), before - result.amount)
    assert.equal(await balanceOf(stack.store!.payee.address.split(',')[0]!), result.amount)
    // The order is the agent's: unsigned (or under another profile) the store shows nothing of it.
    const order = await fetch(`${business}/ucp/orders/${result.order.id}`, { headers: { 'ucp-agent': `profile="${stack.orchestrator.url}/extractor/ucp/platform-profile"` } })
    assert.equal(order.status, 401, await order.clone().text())
    const second = await readySession(1)
    const refusal = await completeWith(second, intentId)
    assert.equal(refusal.serverCode, 'intent_already_used', refusal.message)
    assert.equal(await balanceOf(user.ownerId), before - result.amount)
    assert.equal((await new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent })).get(second)).status, 'ready_for_complete')
  })

  test('a cart other than the proven one is refused and nothing is paid; an intent proven for a product cannot pay a checkout; bad flags exit 2', async () => {
    const intentId = await newIntent()
    const proven = await readySession(1)
    await prove(intentId, proven)
    const before = await balanceOf(user.ownerId)
    const bigger = await readySession(2)
    const refusal = await completeWith(bigger, intentId)
    assert.equal(refusal.serverCode, 'mandate_scope_mismatch', refusal.message)
    assert.match(refusal.message, /VERITY_CHECKOUT_MISMATCH/)
    assert.equal(await balanceOf(user.ownerId), before)
    const usage = await verity('checkout', intentId, '--item', TEE, '--orchestrator', stack.orchestrator.url)
    assert.equal(usage.code, 2)
    assert.match(usage.stderr, /names its agents: pass --agent-key/)
  })

  /** `verity checkout` of a proven intent with the named agent's key: the proven session is completed and paid. */
  async function checkoutProven(intentId: string, sessionId: string): Promise<void> {
    const before = await balanceOf(user.ownerId)
    const bought = await verity('checkout', intentId, '--agent-key', agentKey, '--business', business, '--orchestrator', stack.orchestrator.url, '--json')
    assert.equal(bought.code, 0, bought.stderr)
    const result = parseJsonBigint(bought.stdout.trim()) as { status: string; checkout_id: string; order: { id: string }; amount: number | bigint }
    assert.equal(result.status, 'completed')
    assert.equal(result.checkout_id, sessionId)
    assert.equal(await balanceOf(user.ownerId), before - BigInt(result.amount))
    assert.equal(BigInt(result.amount), 1999n + 500n)
  }

  test('an agent-bound intent: a mandate key bound by an agent the intent does not name is refused by the store (VERITY_AGENT_NOT_NAMED), nothing paid, no order; the named agent completes it', async () => {
    const intentId = await newIntent({ agents: [agent] })
    const proven = await readySession(1)
    await prove(intentId, proven, agent)
    const before = await balanceOf(user.ownerId)
    const stranger = Ed25519Signer.generate()
    const refusal = await completeWith(proven, intentId, { closer: stranger })
    assert.equal(refusal.status, 403, refusal.message)
    assert.equal(refusal.serverCode, 'mandate_invalid_signature', refusal.message)
    assert.match(refusal.message, new RegExp(`VERITY_AGENT_NOT_NAMED: the agent key ${stranger.publicKeyBase58} that bound the mandate key is not one the intent names`))
    assert.equal(await balanceOf(user.ownerId), before)
    const session = await new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent })).get(proven)
    assert.equal(session.status, 'ready_for_complete')
    assert.equal(session['order'], undefined)
    await checkoutProven(intentId, proven)
  })

  test('a sealed intent: the open mandate carries its commitments; other commitments are refused (VERITY_INTENT_MISMATCH), nothing paid; its own complete the purchase', async () => {
    const id = randomUUID()
    const compiled = compileTemplate(TEMPLATE)
    const fields = intentFields()
    const { body, signedIntent } = await sealIntent({ id, compiled, fields, signer: user, agents: [agentKeyOfSigner(agent)] })
    await orchestrator.submitIntent(body)
    const proven = await readySession(1)
    await prove(id, proven)
    const before = await balanceOf(user.ownerId)
    // The same attrs sealed again (another salt): the commitments of another intent of the user's.
    const other = (await sealedIntentParts({ id, compiled, fields })).signed as { sealed: { commitments: Record<string, string> } }
    assert.notDeepEqual(other.sealed.commitments, (signedIntent as { intent: { sealed: { commitments: unknown } } }).intent.sealed.commitments)
    const refusal = await completeWith(proven, id, { commitments: other.sealed.commitments })
    assert.equal(refusal.status, 403, refusal.message)
    assert.equal(refusal.serverCode, 'mandate_scope_mismatch', refusal.message)
    assert.match(refusal.message, /VERITY_INTENT_MISMATCH: the mandate's commitments .* are not the sealed intent's/)
    assert.equal(await balanceOf(user.ownerId), before)
    assert.equal((await new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent })).get(proven)).status, 'ready_for_complete')
    await checkoutProven(id, proven)
  })

  test('AP2\'s own SDK accepts the mandates verity checkout sends, unrelaxed (check-chain.sh: ES256, kid through the platform profile, AP2 constraints, aud = the store); the store then takes them, pays, and returns AP2\'s signed Checkout and Payment Receipts', async (context) => {
    const intentId = await newIntent()
    const sessionId = await readySession(1)
    await prove(intentId, sessionId)
    const platform = ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent })
    const checkouts = new UcpCheckoutClient(business, platform)
    const checkout = await checkouts.get(sessionId)
    // The mandates as checkoutWithIntent makes them at complete (the same call), for this session.
    const mandates = await issueVerityMandates({ agent, platformKey: platform.requestKey, signedIntent: (await orchestrator.getProof(intentId)).signed_intent, orchestrator: stack.orchestrator.url, checkout, business, payee: { id: payee, name: 'demo store', website: business } })
    const platformProfile = (await (await fetch(platform.profileUrl)).json()) as Record<string, unknown>
    const checked = await checkAp2Chain({ checkoutMandate: mandates.checkoutMandate, paymentMandate: mandates.paymentMandate, expectedAud: business, platformProfile })
    if ('skipped' in checked) context.diagnostic(`AP2 SDK check skipped: ${checked.skipped}`)
    else {
      assert.equal(checked.code, 0, checked.output)
      assert.match(checked.output, /^ap2: \d+ passed, 0 failed$/m)
    }
    const before = await balanceOf(user.ownerId)
    const instrument = { id: 'i1', handler_id: 'verity_domain', type: 'dev.verity.mandate_payment', credential: { type: 'dev.verity.mandate_payment', token: mandates.paymentMandate } }
    const completed = await checkouts.complete(sessionId, { payment: { instruments: [instrument] }, ap2: { checkout_mandate: mandates.checkoutMandate } })
    assert.equal(completed.status, 'completed')
    assert.equal(await balanceOf(user.ownerId), before - 2499n)
    // AP2's receipts: signed by the store's key, each bound to the closed mandate it answers.
    const storeKeys = ((await (await fetch(`${business}/.well-known/ucp`)).json()) as { signing_keys: Record<string, unknown>[] }).signing_keys
    const ap2 = completed['ap2'] as { checkout_receipt: string; payment_receipt: string }
    const closedHash = (chain: string) => createHash('sha256').update(chain.slice(chain.indexOf('~~') + 2)).digest('base64url')
    const receiptOf = (jwt: string): Record<string, unknown> => {
      const [header, payload, signature] = jwt.split('.') as [string, string, string]
      const key = storeKeys.find((candidate) => candidate['kid'] === JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).kid)
      assert.ok(key !== undefined, 'the receipt names a key of the store\'s profile')
      assert.ok(verify('sha256', Buffer.from(`${header}.${payload}`), { key: createPublicKey({ key: key as never, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')), 'the receipt verifies with the store\'s key')
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    }
    const checkoutReceipt = receiptOf(ap2.checkout_receipt)
    assert.deepEqual([checkoutReceipt.status, checkoutReceipt.iss, checkoutReceipt.reference, checkoutReceipt.order_id], ['Success', business, closedHash(mandates.checkoutMandate), (completed['order'] as { id: string }).id])
    const paymentReceipt = receiptOf(ap2.payment_receipt)
    assert.deepEqual([paymentReceipt.status, paymentReceipt.reference], ['Success', closedHash(mandates.paymentMandate)])
    assert.match(String(paymentReceipt.payment_id), new RegExp(`^verity-intent:${intentId}:`))
    // Readable after the fact: the opener's later read of the completed checkout answers the same receipts.
    const later = await checkouts.get(sessionId)
    assert.deepEqual([later.status, (later['ap2'] as typeof ap2).checkout_receipt, (later['ap2'] as typeof ap2).payment_receipt], ['completed', ap2.checkout_receipt, ap2.payment_receipt])
  })
})
