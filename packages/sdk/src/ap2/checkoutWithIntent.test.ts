// The agent side against a UCP business written from the specs alone (the extractor's spec
// business with checkout, packages/extractor/src/testing): a real orchestrator proves the intent
// over the business's signed checkout, the business evaluates the Verity constraint with the SDK
// and takes the mandate payment from a real domain before it places the order.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { agentKeyOfSigner, deriveUcpRequestKey, Ed25519Signer, MultisigSigner, SoftwarePasskey, type Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { createProver, type Prover } from '@verity/prover'
import type { SpecProduct } from '../../../extractor/src/testing/SpecProduct.ts'
import { startSpecUcpBusiness, type SpecBusiness } from '../../../extractor/src/testing/startSpecUcpBusiness.ts'
import { startTestDomain, type TestDomain } from '../../../domain/src/testing/startTestDomain.ts'
import { DomainClient } from '../clients/DomainClient.ts'
import { OrchestratorClient } from '../clients/OrchestratorClient.ts'
import { ApiError } from '../http/ApiError.ts'
import { signIntent } from '../intents/signIntent.ts'
import { payMandate } from '../mandates/payMandate.ts'
import { UcpCheckoutClient } from '../ucp/UcpCheckoutClient.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { VerityPaymentUnavailableError } from './VerityPaymentUnavailableError.ts'
import { authorizeVerityCheckout } from './authorizeVerityCheckout.ts'
import { checkoutWithIntent } from './checkoutWithIntent.ts'
import { issueVerityMandates } from './issueVerityMandates.ts'

const TEMPLATE = readFileSync(new URL('../../../policy/examples/payable-checkout.template', import.meta.url), 'utf8')
const TEE: SpecProduct = {
  id: 'tee',
  title: 'Plain Tee',
  description: { plain: 'A tee' },
  price_range: { min: { amount: 1999, currency: 'USD' }, max: { amount: 1999, currency: 'USD' } },
  categories: [{ value: 't-shirt', taxonomy: 'merchant' }],
  variants: [
    { id: 'tee-m', title: 'Tee M', description: { plain: 'M' }, price: { amount: 1999, currency: 'USD' }, options: [{ name: 'Size', label: 'M' }] },
    { id: 'tee-l', title: 'Tee L', description: { plain: 'L' }, price: { amount: 1999, currency: 'USD' }, options: [{ name: 'Size', label: 'L' }] },
  ],
}

describe('checkoutWithIntent at a UCP business written from the specs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-checkout-'))
  const [user, agent, extractor, store, minter] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  // Users whose intents are signed by a passkey (the web wallet's) and by a multisig.
  const passkey = SoftwarePasskey.generate()
  const multisig = new MultisigSigner({ members: [{ signer: Ed25519Signer.generate(), weight: 1 }, { signer: SoftwarePasskey.generate(), weight: 1 }], threshold: 2 })
  let prover: Prover
  let domain: TestDomain
  let orchestrator: RunningOrchestrator
  let client: OrchestratorClient
  let business: SpecBusiness
  let plain: SpecBusiness
  let noVerityHandler: SpecBusiness
  let checkoutWithoutVerity: SpecBusiness
  let templateId: string
  let token: string
  const paidIntents = new Map<string, string>()

  before(async () => {
    prover = createProver({ threads: 1 })
    domain = await startTestDomain({ mandates: { trustedExtractorKeys: [extractor.publicKeyBase58], deadlineGraceMs: 0 } })
    token = domain.addressOf(minter)
    const mint = signVerifiable(minter, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: 1,
      operation: { Create: { metadata: { name: 'Dollar', symbol: 'USD' }, credited: [user, passkey, multisig].map((payer) => ({ address: domain.addressOf(payer), amount: 10_000n })) } },
    })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
    const handlers = { 'dev.verity.domain': [{ id: 'verity_domain', version: '2026-04-08', config: { payee: domain.addressOf(store), token } }] }
    business = await startSpecUcpBusiness({
      products: [TEE],
      transports: ['rest'],
      paymentHandlers: handlers,
      checkout: {
        // The merchant's side: one SDK call to authorize, then the domain applies the payment; only then the order.
        complete: async ({ checkout, request }) => {
          const instrument = (request.payment as { instruments: { credential?: { token?: unknown } }[] }).instruments[0]
          const intentId = verityIntentOf(request)
          if (intentId !== undefined && paidIntents.has(intentId) && paidIntents.get(intentId) !== checkout.id)
            return { status: 409, body: { messages: [{ type: 'error', code: 'intent_already_used', content: `intent ${intentId} paid checkout ${paidIntents.get(intentId)} already`, severity: 'unrecoverable' }] } }
          try {
            const authorized = await authorizeVerityCheckout({
              session: checkout,
              checkoutMandate: (request.ap2 as { checkout_mandate?: unknown }).checkout_mandate,
              paymentMandate: instrument?.credential?.token,
              merchantSigningKeys: ((await (await fetch(`${business.url}/.well-known/ucp`)).json()) as { signing_keys: Record<string, unknown>[] }).signing_keys,
              // The platform's keys, as its profile (the agent's own, served by the orchestrator) lists them.
              platformSigningKeys: [deriveUcpRequestKey(agent).publicJwk],
              business: business.url,
              orchestratorsAllowed: [orchestrator.url],
              verifier: prover,
              trustedExtractorKeys: [extractor.publicKeyBase58],
            })
            await payMandate(new DomainClient(domain.url), authorized.proofBundle)
            paidIntents.set(authorized.intentId, checkout.id as string)
            return { orderId: `order_${authorized.intentId.slice(0, 8)}` }
          } catch (error) {
            if (error instanceof Ap2MandateError) return { status: 403, body: { messages: [{ type: 'error', code: error.ucpError, content: `${error.code}: ${error.message}`, severity: 'unrecoverable' }] } }
            throw error
          }
        },
      },
    })
    plain = await startSpecUcpBusiness({ products: [TEE], transports: ['rest'], paymentHandlers: handlers, checkout: { ap2: false, complete: async () => ({ orderId: 'never' }) } })
    // A UCP business with AP2 whose profile offers only a card handler; one whose profile lists dev.verity.domain but whose checkouts offer only the card handler.
    const card = { 'com.example.card': [{ id: 'card', version: '2026-04-08', config: {} }] }
    noVerityHandler = await startSpecUcpBusiness({ products: [TEE], transports: ['rest'], paymentHandlers: card, checkout: { complete: async () => ({ orderId: 'never' }) } })
    checkoutWithoutVerity = await startSpecUcpBusiness({ products: [TEE], transports: ['rest'], paymentHandlers: { ...handlers, ...card }, checkout: { checkoutPaymentHandlers: card, complete: async () => ({ orderId: 'never' }) } })
    const keyFile = join(dir, 'extractor-key.json')
    extractor.toKeyFile(keyFile)
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'orchestrator'), logLevel: 'silent', proverThreads: 1, extractorKeyFile: keyFile, embeddedExtractor: { storefrontPrivateAddressesAllowed: [business.address] } })
    client = new OrchestratorClient(orchestrator.url)
    templateId = await client.submitTemplate(TEMPLATE)
  })
  after(async () => {
    await orchestrator?.close()
    await business?.close()
    await plain?.close()
    await noVerityHandler?.close()
    await checkoutWithoutVerity?.close()
    await domain?.cleanup()
    await prover?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  function verityIntentOf(request: Record<string, unknown>): string | undefined {
    const chain = (request.ap2 as { checkout_mandate?: string } | undefined)?.checkout_mandate ?? ''
    const match = /"intent_id":"([0-9a-f-]{36})"/.exec(Buffer.from(chain.split('~')[1] ?? '', 'base64url').toString('utf8'))
    return match?.[1]
  }

  async function newIntent(maxPriceCents = 3000, signer: Signer = user): Promise<string> {
    const id = randomUUID()
    const fields = { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: maxPriceCents, payment_token: token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [domain.addressOf(store)] }
    await client.submitIntent(signIntent({ id, templateId, fields, signer, agents: [agentKeyOfSigner(agent)] }))
    return id
  }

  async function balanceOf(signer: Ed25519Signer): Promise<bigint> {
    const vault = (await domain.get(`/vaults/${signer.ownerId}`)).body as { data?: { TokenHoldings?: { fungibles?: Record<string, number> } } } | null
    return BigInt(vault?.data?.TokenHoldings?.fungibles?.[token] ?? 0)
  }

  test('buys the proven tee: the order is placed after the domain applied the payment of the checkout total; a second checkout of the intent is refused, unpaid', async () => {
    const intentId = await newIntent()
    const before = await balanceOf(user)
    const bought = await checkoutWithIntent({ business: business.url, orchestrator: client, intentId, items: [{ id: 'tee-m', quantity: 1 }], buyer: { email: 'ada@example.com' }, agent })
    assert.equal(bought.checkout.status, 'completed')
    assert.match(bought.order?.id ?? '', /^order_/)
    assert.equal(bought.amountCents, 2499n)
    assert.equal(await balanceOf(user), before - 2499n)
    assert.equal(await balanceOf(store), 2499n)
    const bundle = (await client.getProof(intentId)) as { evidence: Record<string, unknown> }
    assert.equal(bundle.evidence.price_cents, 2499)
    // A second session, completed with a mandate of the same intent: refused with its own error, nothing moves.
    const checkouts = new UcpCheckoutClient(business.url)
    const second = await checkouts.create({ line_items: [{ item: { id: 'tee-m' }, quantity: 1 }], buyer: { email: 'ada@example.com' } })
    const refusal = await completeWith(checkouts, second, intentId)
    assert.equal(refusal.serverCode, 'intent_already_used')
    assert.equal(await balanceOf(user), before - 2499n)
  })

  test('an intent signed by a passkey, and one signed by a multisig, check out too: the signed intent is the user\'s authority, the agent binds the mandate key', async () => {
    for (const signer of [passkey, multisig]) {
      const intentId = await newIntent(3000, signer)
      const bought = await checkoutWithIntent({ business: business.url, orchestrator: client, intentId, items: [{ id: 'tee-m', quantity: 1 }], buyer: { email: 'ada@example.com' }, agent })
      assert.equal(bought.checkout.status, 'completed')
      assert.equal(bought.amountCents, 2499n)
    }
  })

  test('a cart other than the proven one is refused before any payment: another quantity of the same tee', async () => {
    const intentId = await newIntent()
    const checkouts = new UcpCheckoutClient(business.url)
    const proven = await checkouts.create({ line_items: [{ item: { id: 'tee-m' }, quantity: 1 }], buyer: { email: 'ada@example.com' } })
    await client.propose(intentId, { solution: proven.id, metadata: { business: business.url, checkout: true } }, { agent })
    for (let tries = 0; tries < 600 && (await client.getIntentStatus(intentId)) !== 'success'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 200))
    const before = await balanceOf(user)
    const bigger = await checkouts.create({ line_items: [{ item: { id: 'tee-m' }, quantity: 2 }], buyer: { email: 'ada@example.com' } })
    const refusal = await completeWith(checkouts, bigger, intentId)
    assert.equal(refusal.status, 403)
    assert.equal(refusal.serverCode, 'mandate_scope_mismatch')
    assert.match(refusal.message, /VERITY_CHECKOUT_MISMATCH: the proven price is 2499, the checkout's total is 4498/)
    assert.equal(await balanceOf(user), before)
    assert.equal((await checkouts.get(bigger.id)).status, 'ready_for_complete')
  })

  test('a business that does not negotiate AP2 is refused before anything is created or paid', async () => {
    const intentId = await newIntent()
    const requestsBefore = plain.requests.length
    await assert.rejects(checkoutWithIntent({ business: plain.url, orchestrator: client, intentId, items: [{ id: 'tee-m', quantity: 1 }], buyer: { email: 'ada@example.com' }, agent }), (error: unknown) => {
      assert.ok(error instanceof VerityPaymentUnavailableError, String(error))
      assert.equal(error.code, 'VERITY_PAYMENT_UNAVAILABLE')
      assert.equal(error.fields.lacks, 'ap2_mandate')
      assert.match(error.message, /does not negotiate AP2 mandates.*nothing was proposed, signed or paid\. Ask the business to offer the AP2 mandates extension/)
      return true
    })
    assert.deepEqual(plain.requests.slice(requestsBefore).map((request) => request.path), ['/.well-known/ucp'])
    assert.equal(await client.getIntentStatus(intentId), 'pending')
  })

  test('an AP2 business whose profile offers no dev.verity.domain handler is refused after reading its profile alone: nothing is created, proposed or paid', async () => {
    const intentId = await newIntent()
    await assert.rejects(checkoutWithIntent({ business: noVerityHandler.url, orchestrator: client, intentId, items: [{ id: 'tee-m', quantity: 1 }], buyer: { email: 'ada@example.com' }, agent }), (error: unknown) => {
      assert.ok(error instanceof VerityPaymentUnavailableError, String(error))
      assert.deepEqual([error.fields.lacks, error.fields.where], ['dev.verity.domain', 'profile'])
      assert.match(error.message, /offers no dev\.verity\.domain payment handler.*only com\.example\.card.*Ask the business to offer the dev\.verity\.domain payment handler/)
      return true
    })
    assert.deepEqual(noVerityHandler.requests.map((request) => request.path), ['/.well-known/ucp'])
    assert.equal(await client.getIntentStatus(intentId), 'pending')
  })

  test('a checkout that offers no dev.verity.domain handler, though the profile lists one, is refused before the proposal: the intent stays pending, no complete is sent', async () => {
    const intentId = await newIntent()
    await assert.rejects(checkoutWithIntent({ business: checkoutWithoutVerity.url, orchestrator: client, intentId, items: [{ id: 'tee-m', quantity: 1 }], buyer: { email: 'ada@example.com' }, agent }), (error: unknown) => {
      assert.ok(error instanceof VerityPaymentUnavailableError, String(error))
      assert.deepEqual([error.fields.lacks, error.fields.where], ['dev.verity.domain', 'checkout'])
      assert.match(error.message, /its checkout \S+ offers no dev\.verity\.domain payment handler verity_domain \(only com\.example\.card\), though its profile lists one; nothing was proposed, signed or paid/)
      return true
    })
    assert.ok(!checkoutWithoutVerity.requests.some((request) => request.path.endsWith('/complete')))
    assert.equal(await client.getIntentStatus(intentId), 'pending')
  })

  async function completeWith(checkouts: UcpCheckoutClient, session: { id: string }, intentId: string): Promise<ApiError> {
    const bundle = await client.getProof(intentId)
    const checkout = await checkouts.get(session.id)
    const mandates = await issueVerityMandates({ agent, signedIntent: bundle.signed_intent, orchestrator: orchestrator.url, checkout, business: business.url, payee: { id: domain.addressOf(store), name: 'spec' } })
    const instrument = { id: 'i1', handler_id: 'verity_domain', type: 'dev.verity.mandate_payment', credential: { type: 'dev.verity.mandate_payment', token: mandates.paymentMandate } }
    const error = await checkouts.complete(session.id, { payment: { instruments: [instrument] }, ap2: { checkout_mandate: mandates.checkoutMandate } }).catch((caught: unknown) => caught)
    assert.ok(error instanceof ApiError, String(error))
    return error
  }
})
