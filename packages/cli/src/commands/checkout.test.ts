// `verity checkout` against the devnet (startStack with the demo store): the store's
// dev.verity.domain handler evaluates the Verity constraint, the domain applies the mandate
// payment of the checkout total, and only then is the order placed. Real proofs, real HTTP.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress, parseJsonBigint } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { ApiError, closeCheckoutMandate, DomainClient, issueOpenCheckoutMandate, issuePaymentMandate, OrchestratorClient, signIntent, UcpCheckoutClient, verityIntentConstraintOf } from '@verity/sdk'
import { startStack, type RunningStack } from '../services/startStack.ts'
import { runCli } from '../runCli.ts'
import { commands } from './index.ts'

const TEMPLATE = readFileSync(new URL('../../../policy/examples/payable-checkout.template', import.meta.url), 'utf8')
const TEE = 'tee-classic-white-m'
const ADDRESS = ['--email', 'ada@example.com', '--first-name', 'Ada', '--last-name', 'Lovelace', '--street', '1 Main St', '--city', 'Springfield', '--region', 'IL', '--postal-code', '62704', '--country', 'US']

async function verity(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(commands, args, new AbortController().signal, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  })
  return { code, stdout, stderr }
}

describe('verity checkout at the demo store', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-checkout-cli-'))
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()
  const userKey = join(dir, 'user.json')
  let stack: RunningStack
  let orchestrator: OrchestratorClient
  let templateId: string
  let payee: string
  let business: string

  before(async () => {
    user.toKeyFile(userKey)
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

  async function newIntent(): Promise<string> {
    const id = randomUUID()
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 5000, payment_token: stack.devnetDollar.token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [payee] }
    await orchestrator.submitIntent(signIntent({ id, templateId, fields, signer: user }))
    return id
  }

  async function balanceOf(ownerId: string): Promise<bigint> {
    const vault = await new DomainClient(stack.domain.url).getVault(ownerId)
    const holdings = (vault as { data?: { TokenHoldings?: { fungibles?: Record<string, bigint | number> } } } | null)?.data?.TokenHoldings?.fungibles
    return BigInt(holdings?.[stack.devnetDollar.token] ?? 0)
  }

  /** Completes `sessionId` with a mandate chain of `intentId` (its proof covers another session). */
  async function completeWith(sessionId: string, intentId: string): Promise<ApiError> {
    const checkouts = new UcpCheckoutClient(business, { profileUrl: `${stack.orchestrator.url}/extractor/ucp/platform-profile` })
    const bundle = await orchestrator.getProof(intentId)
    const checkout = await checkouts.get(sessionId)
    const openMandate = await issueOpenCheckoutMandate({ user, agentPublicKey: agent.publicKeyBase58, constraint: verityIntentConstraintOf(bundle.signed_intent, stack.orchestrator.url) })
    const closed = await closeCheckoutMandate({ openMandate, checkout, agent, audience: business })
    const total = BigInt((checkout['totals'] as { type: string; amount: number }[]).find((entry) => entry.type === 'total')!.amount)
    const token = await issuePaymentMandate({ agent, checkoutHash: closed.checkoutHash, payee: { id: payee, name: 'demo store' }, amountCents: total, currency: 'USD', intentId, audience: business })
    const instrument = { id: 'i1', handler_id: 'verity_domain', type: 'dev.verity.mandate_payment', credential: { type: 'dev.verity.mandate_payment', token } }
    const error = await checkouts.complete(sessionId, { payment: { instruments: [instrument] }, ap2: { checkout_mandate: closed.checkoutMandate } }).catch((caught: unknown) => caught)
    assert.ok(error instanceof ApiError, String(error))
    return error
  }

  async function readySession(quantity: number): Promise<string> {
    const checkouts = new UcpCheckoutClient(business, { profileUrl: `${stack.orchestrator.url}/extractor/ucp/platform-profile` })
    const created = await checkouts.create({ line_items: [{ item: { id: TEE }, quantity }], buyer: { email: 'ada@example.com' }, fulfillment: { methods: [{ type: 'shipping', destinations: [{ id: 'home', street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }], selected_destination_id: 'home' }] } })
    const group = ((created['fulfillment'] as { methods: { groups: { id: string }[] }[] }).methods[0]!.groups[0])!
    const ready = await checkouts.update(created.id, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'standard' }] }] } })
    assert.equal(ready.status, 'ready_for_complete')
    return ready.id
  }

  test('buys the proven tee and prints the order; the user paid the checkout total to the store, once; a second checkout of the intent is refused with intent_already_used', async () => {
    const intentId = await newIntent()
    const before = await balanceOf(user.ownerId)
    const bought = await verity('checkout', intentId, '--key', userKey, '--item', TEE, '--business', business, '--orchestrator', stack.orchestrator.url, ...ADDRESS, '--json')
    assert.equal(bought.code, 0, bought.stderr)
    const parsed = parseJsonBigint(bought.stdout.trim()) as { status: string; order: { id: string; permalink_url: string }; amount: number | bigint; payee: string }
    const result = { ...parsed, amount: BigInt(parsed.amount) }
    assert.equal(result.status, 'completed')
    assert.equal(result.payee, payee)
    assert.equal(result.amount, 1999n + 500n, 'the tee and standard shipping: the checkout total is what was proven and paid')
    assert.equal(await balanceOf(user.ownerId), before - result.amount)
    assert.equal(await balanceOf(stack.store!.payee.address.split(',')[0]!), result.amount)
    const order = await fetch(`${business}/ucp/orders/${result.order.id}`, { headers: { 'ucp-agent': `profile="${stack.orchestrator.url}/extractor/ucp/platform-profile"` } })
    assert.equal(order.status, 200, await order.clone().text())
    const second = await readySession(1)
    const refusal = await completeWith(second, intentId)
    assert.equal(refusal.serverCode, 'intent_already_used', refusal.message)
    assert.equal(await balanceOf(user.ownerId), before - result.amount)
    assert.equal((await new UcpCheckoutClient(business, { profileUrl: `${stack.orchestrator.url}/extractor/ucp/platform-profile` }).get(second)).status, 'ready_for_complete')
  })

  test('a cart other than the proven one is refused and nothing is paid; an intent proven for a product cannot pay a checkout; bad flags exit 2', async () => {
    const intentId = await newIntent()
    const proven = await readySession(1)
    await orchestrator.propose(intentId, { solution: proven, metadata: { business, checkout: true } })
    for (let tries = 0; tries < 900 && (await orchestrator.getIntentStatus(intentId)) !== 'success'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 200))
    const before = await balanceOf(user.ownerId)
    const bigger = await readySession(2)
    const refusal = await completeWith(bigger, intentId)
    assert.equal(refusal.serverCode, 'mandate_scope_mismatch', refusal.message)
    assert.match(refusal.message, /VERITY_CHECKOUT_MISMATCH/)
    assert.equal(await balanceOf(user.ownerId), before)
    const usage = await verity('checkout', intentId, '--item', TEE)
    assert.equal(usage.code, 2)
    assert.match(usage.stderr, /--key USER_KEY is needed/)
  })
})
