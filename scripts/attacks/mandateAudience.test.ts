// Attack (issue 42, "also found"): a mandate made out to another business is spent at this one.
// Attacker: a malicious agent (or anyone who holds mandates the agent made out to another
// business, e.g. that business itself), presenting them at the demo store.
// Attack: the agent closes the user's Checkout Mandate, and signs the Payment Mandate, with
// `aud` = https://some-other-shop.example, then completes the proven checkout at the demo store
// with them. Before the fix the store never looked at `aud`: the order was placed and paid.
// Expected: the store refuses each with UCP's `mandate_scope_mismatch`, the reason naming
// AP2_AUDIENCE_MISMATCH and the audience (the closed mandate: 403 from the mandate check; the
// Payment Mandate: 402, declined by the dev.verity.domain handler), before any payment: the user's balance and the store's
// vault are unchanged and no order exists; the same checkout then completes with mandates made
// out to this store. On the whole devnet (startStack), real proofs.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { agentKeyOfSigner, deriveAp2MandateKey, deriveUcpRequestKey, Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { ApiError, bindMandateKey, closeCheckoutMandate, DomainClient, issueOpenCheckoutMandate, issuePaymentMandate, OrchestratorClient, signIntent, ucpPlatformOf, UcpCheckoutClient, verityIntentConstraintOf } from '@verity/sdk'
import { startStack, type RunningStack } from '../../packages/cli/src/services/startStack.ts'

const TEMPLATE = readFileSync(new URL('../../packages/policy/examples/payable-checkout.template', import.meta.url), 'utf8')
const OTHER_SHOP = 'https://some-other-shop.example'
const TEE = 'tee-classic-white-m'

describe('attack: mandates whose aud names another business', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-attack-mandate-aud-'))
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()
  let stack: RunningStack
  let orchestrator: OrchestratorClient
  let business: string
  let payee: string

  before(async () => {
    stack = await startStack({ dataDir: join(dir, 'devnet'), ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'silent' })
    business = stack.store!.url
    payee = stack.store!.payee.address
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

  const balanceOf = async (ownerId: string) => {
    const vault = await new DomainClient(stack.domain.url).getVault(ownerId)
    return BigInt((vault as any)?.data?.TokenHoldings?.fungibles?.[stack.devnetDollar.token] ?? 0)
  }

  test('a closed Checkout Mandate or a Payment Mandate made out to another business pays nothing and places no order', async () => {
    const templateId = await orchestrator.submitTemplate(TEMPLATE)
    const intentId = randomUUID()
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 5000, payment_token: stack.devnetDollar.token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [payee] }
    await orchestrator.submitIntent(signIntent({ id: intentId, templateId, fields, signer: user, agents: [agentKeyOfSigner(agent)] }))
    // The agent opens the checkout (its requests signed with its key) and has it proven.
    const checkouts = new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: stack.orchestrator.url, agent }))
    const address = { id: 'home', street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }
    const created = await checkouts.create({ line_items: [{ item: { id: TEE }, quantity: 1 }], buyer: { email: 'ada@example.com' }, fulfillment: { methods: [{ type: 'shipping', destinations: [address], selected_destination_id: 'home' }] } })
    const group = (created['fulfillment'] as any).methods[0].groups[0]
    const ready = await checkouts.update(created.id, { fulfillment: { methods: [{ type: 'shipping', groups: [{ id: group.id, selected_option_id: 'standard' }] }] } })
    assert.equal(ready.status, 'ready_for_complete')
    await orchestrator.propose(intentId, { solution: ready.id, metadata: { business, checkout: true } }, { agent })
    for (let tries = 0; tries < 900 && (await orchestrator.getIntentStatus(intentId)) !== 'success'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 200))
    assert.equal(await orchestrator.getIntentStatus(intentId), 'success')

    const bundle = await orchestrator.getProof(intentId)
    const checkout = await checkouts.get(ready.id)
    const total = BigInt((checkout['totals'] as { type: string; amount: number }[]).find((entry) => entry.type === 'total')!.amount)
    const platformKey = deriveUcpRequestKey(agent)
    const mandateKey = deriveAp2MandateKey(agent)
    const constraint = verityIntentConstraintOf(bundle.signed_intent, stack.orchestrator.url)
    const openMandate = await issueOpenCheckoutMandate({ platformKey, mandateKey: mandateKey.publicJwk, checkout, verity: { ...constraint, agent_binding: bindMandateKey(agent, intentId, mandateKey.publicJwk) } })
    const complete = async (audiences: { checkout: string; payment: string }) => {
      const closed = await closeCheckoutMandate({ openMandate, checkout, mandateKey, audience: audiences.checkout })
      const token = await issuePaymentMandate({ platformKey, mandateKey, openCheckoutHash: closed.openHash, checkoutHash: closed.checkoutHash, payee: { id: payee, name: 'demo store' }, amountCents: total, currency: 'USD', intentId, audience: audiences.payment })
      const instrument = { id: 'i1', handler_id: 'verity_domain', type: 'dev.verity.mandate_payment', credential: { type: 'dev.verity.mandate_payment', token } }
      return checkouts.complete(ready.id, { payment: { instruments: [instrument] }, ap2: { checkout_mandate: closed.checkoutMandate } }).catch((caught: unknown) => caught)
    }
    const userBefore = await balanceOf(user.ownerId)
    const storeBefore = await balanceOf(payee.split(',')[0]!)
    // The closed mandate is the store's mandate check's (403); the Payment Mandate comes with the instrument, its handler's (402, declined).
    for (const [audiences, status] of [[{ checkout: OTHER_SHOP, payment: business }, 403], [{ checkout: business, payment: OTHER_SHOP }, 402]] as const) {
      const refusal = await complete(audiences)
      assert.ok(refusal instanceof ApiError, `mandates for ${JSON.stringify(audiences)} were accepted: ${JSON.stringify(refusal)}`)
      assert.equal(refusal.status, status, refusal.message)
      assert.equal(refusal.serverCode, 'mandate_scope_mismatch', refusal.message)
      assert.match(refusal.message, /AP2_AUDIENCE_MISMATCH/)
      assert.ok(refusal.message.includes(OTHER_SHOP), refusal.message)
      assert.equal(await balanceOf(user.ownerId), userBefore, 'nothing was paid')
      assert.equal(await balanceOf(payee.split(',')[0]!), storeBefore, 'nothing was paid')
      const after = await checkouts.get(ready.id)
      assert.equal(after.status, 'ready_for_complete', 'no order was placed')
      assert.equal(after['order'], undefined)
    }
    // The same checkout completes with mandates made out to this store.
    const completed = await complete({ checkout: business, payment: business })
    assert.ok(!(completed instanceof Error), String(completed))
    assert.equal((completed as { status: string }).status, 'completed')
    assert.equal(await balanceOf(user.ownerId), userBefore - total)
  })
})
