// Attack (issue 42, attack 1, by a second orchestrator and a stranger who knows ids): make the store
// ship unpaid with a payment made under the same intent id for something else.
// Attacker: anyone who runs an orchestrator of their own (the code is open), pointed at the devnet's
// public extractor, and who knows an intent id (ids are public: the event stream, GET /proofs).
// Attack A (ship unpaid): the attacker signs intent U at the devnet orchestrator for a checkout of
// 100 tees, signs another intent with the same id U at their own orchestrator for one tee, pays that
// one (1,999) and completes the 100-tee checkout. The store used to see "intent U paid" and place the
// order without the domain moving the checkout's total.
// Attack B (a victim's checkout): a stranger pays 1,999 from their own vault under a victim's intent
// id; the victim's checkout then shipped without the victim paying (or was refused as used).
// Expected: a payment counts for a checkout only when it is the payment of the proof the closed
// mandate names (the digest of that signed intent, with its evidence, to the store's vault, of the
// checkout's total): each order is paid in full by its own intent, and the attacker's payment
// neither stands in for nor blocks it. Real devnet in-process: HTTP, SQLite, signatures, proofs.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { agentKeyOfSigner, Ed25519Signer, formatAddress, parseJsonBigint } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { runCliCaptured, startStack, type RunningStack } from '@verity/cli'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { DomainClient, mandateIdentityOf, OrchestratorClient, payMandate, signIntent } from '@verity/sdk'

const EXAMPLES = new URL('../../packages/policy/examples/', import.meta.url)
const CHECKOUT_TEMPLATE = readFileSync(new URL('payable-checkout.template', EXAMPLES), 'utf8')
const PRODUCT_TEMPLATE = readFileSync(new URL('payable-store.template', EXAMPLES), 'utf8')
const TEE = 'tee-classic-white-m'
const TEE_CENTS = 1_999n
const SHIPPING_CENTS = 500n
const ADDRESS = ['--email', 'eve@example.com', '--first-name', 'Eve', '--last-name', 'Doe', '--street', '2 Side St', '--city', 'Springfield', '--region', 'IL', '--postal-code', '62704', '--country', 'US']
const POLL_TRIES_MAX = 900

const verity = runCliCaptured

describe('attack: a payment under the same intent id stands in for a checkout', { timeout: 900_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-attack-same-id-'))
  let stack: RunningStack
  let second: RunningOrchestrator
  let devnet: OrchestratorClient
  let attackers: OrchestratorClient
  let domain: DomainClient
  let store: string

  before(async () => {
    stack = await startStack({ dataDir: join(dir, 'devnet'), ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'silent' })
    store = stack.store!.payee.address
    domain = new DomainClient(stack.domain.url)
    devnet = new OrchestratorClient(stack.orchestrator.url)
    // The attacker's own orchestrator, pointed at the devnet's public extractor and its key.
    second = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'second'), embeddedExtractor: null, logLevel: 'silent' })
    attackers = new OrchestratorClient(second.url)
    const { evidence_extractor_key } = await devnet.getConfig()
    await attackers.setConfig({ evidence_extractor_url: stack.extractor.url, ...(evidence_extractor_key === undefined ? {} : { evidence_extractor_key }) } as never)
  })
  after(async () => {
    await second?.close()
    await stack?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** A user with dollars, a key file and a shopping agent. */
  async function newUser(name: string, dollars: bigint): Promise<{ user: Ed25519Signer; agent: Ed25519Signer; userKey: string; agentKey: string }> {
    const user = Ed25519Signer.generate()
    const agent = Ed25519Signer.generate()
    const userKey = join(dir, `${name}.json`)
    const agentKey = join(dir, `${name}-agent.json`)
    user.toKeyFile(userKey)
    agent.toKeyFile(agentKey)
    const issuer = Ed25519Signer.fromKeyFile(stack.devnetDollar.keyPath)
    const nonce = await domain.nextNonce(issuer.ownerId)
    const grant = nonce === 1n
      ? { Create: { metadata: { name: 'Devnet Dollar', symbol: 'USD' }, credited: [{ address: formatAddress(user.ownerId, 1), amount: dollars }] } }
      : { IncreaseSupply: { credited: [{ address: formatAddress(user.ownerId, 1), amount: dollars }] } }
    await domain.execute([jsonValue(signVerifiable(issuer, 'FungibleTokenMint', { new_nonce: nonce, shard: 1, operation: grant })) as never])
    return { user, agent, userKey, agentKey }
  }

  function fields(maxPriceCents: number): Record<string, unknown> {
    return { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: maxPriceCents, payment_token: stack.devnetDollar.token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [store] }
  }

  async function balanceOf(ownerId: string): Promise<bigint> {
    const vault = await domain.getVault(ownerId)
    const holdings = (vault as { data?: { TokenHoldings?: { fungibles?: Record<string, bigint | number> } } } | null)?.data?.TokenHoldings?.fungibles
    return BigInt(holdings?.[stack.devnetDollar.token] ?? 0)
  }

  /** At the attacker's orchestrator: an intent with id `intentId` signed by `payer` for one tee of the demo store, proven and paid (1,999 to the store). */
  async function payOneTeeUnder(intentId: string, payer: { user: Ed25519Signer; agent: Ed25519Signer }): Promise<void> {
    const templateId = await attackers.submitTemplate(PRODUCT_TEMPLATE)
    await attackers.submitIntent(signIntent({ id: intentId, templateId, fields: fields(2_500), signer: payer.user, agents: [agentKeyOfSigner(payer.agent)] }))
    await attackers.propose(intentId, { solution: TEE, metadata: { business: stack.store!.url } }, { agent: payer.agent })
    for (let tries = 0; tries < POLL_TRIES_MAX && (await attackers.getIntentStatus(intentId)) === 'proving'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 200))
    assert.equal(await attackers.getIntentStatus(intentId), 'success', 'the attacker\'s own intent is proven with the devnet extractor\'s evidence')
    const { payment } = await payMandate(domain, await attackers.getProof(intentId))
    assert.equal(payment.amount, TEE_CENTS)
    assert.equal(payment.credited, store)
  }

  /** `verity checkout` at the devnet orchestrator for `intentId` (created here): opens, proposes, completes. */
  async function checkout(owner: { user: Ed25519Signer; agent: Ed25519Signer; userKey: string; agentKey: string }, intentId: string, quantity: number) {
    const templateId = await devnet.submitTemplate(CHECKOUT_TEMPLATE)
    await devnet.submitIntent(signIntent({ id: intentId, templateId, fields: fields(400_000), signer: owner.user, agents: [agentKeyOfSigner(owner.agent)] }))
    return verity('checkout', intentId, '--agent-key', owner.agentKey, '--item', `${TEE}:${quantity}`, '--business', stack.store!.url, '--orchestrator', stack.orchestrator.url, ...ADDRESS, '--json')
  }

  test('A: the attacker pays one tee under id U at their own orchestrator; the 100-tee checkout of U is paid in full, or not placed', async () => {
    const attacker = await newUser('attacker', 1_000_000n)
    const intentId = randomUUID()
    await payOneTeeUnder(intentId, attacker)
    const storeBefore = await balanceOf(stack.store!.payee.address.split(',')[0]!)
    const attackerBefore = await balanceOf(attacker.user.ownerId)
    const bought = await checkout(attacker, intentId, 100)
    const storeAfter = await balanceOf(stack.store!.payee.address.split(',')[0]!)
    let total = 0n
    if (bought.code === 0) {
      const result = parseJsonBigint(bought.stdout.trim()) as { status: string; amount: number | bigint }
      assert.equal(result.status, 'completed')
      total = BigInt(result.amount)
      assert.ok(total >= 100n * TEE_CENTS, `the order's total ${total} covers 100 tees`)
      assert.equal(storeAfter - storeBefore, total, 'an order was placed: the store must have been paid its whole total by this checkout\'s own intent')
      assert.equal(attackerBefore - (await balanceOf(attacker.user.ownerId)), total)
    } else {
      assert.equal(storeAfter, storeBefore, `refused (${bought.stderr.trim()}): and nothing paid`)
      assert.fail(`the checkout's own intent never paid before: it must pay, not be refused (${bought.stderr.trim()})`)
    }
    // The domain lists both payments under id U, and exactly one for each signed intent.
    const underId = await domain.listPayments({ intentId })
    assert.deepEqual(underId.map((payment) => payment.amount).sort(), [total, TEE_CENTS].sort())
    const proven = mandateIdentityOf(await devnet.getProof(intentId))!
    assert.deepEqual((await domain.listPayments({ intentDigest: proven.intentDigest })).map((payment) => [payment.amount, payment.evidence_digest]), [[total, proven.evidenceDigest]])
  })

  test('B: a stranger pays under a victim\'s intent id from their own vault; the victim\'s checkout is paid by the victim, not shipped unpaid nor blocked', async () => {
    const victim = await newUser('victim', 10_000n)
    const stranger = await newUser('stranger', 10_000n)
    const intentId = randomUUID() // the victim's, learnt from the public event stream
    await payOneTeeUnder(intentId, stranger)
    const victimBefore = await balanceOf(victim.user.ownerId)
    const storeBefore = await balanceOf(stack.store!.payee.address.split(',')[0]!)
    const bought = await checkout(victim, intentId, 1)
    assert.equal(bought.code, 0, `the victim's checkout is neither refused as used nor failed: ${bought.stderr}`)
    const total = TEE_CENTS + SHIPPING_CENTS
    assert.equal(victimBefore - (await balanceOf(victim.user.ownerId)), total, 'the victim paid the checkout\'s total')
    assert.equal((await balanceOf(stack.store!.payee.address.split(',')[0]!)) - storeBefore, total, 'the store was paid by this checkout')
  })
})
