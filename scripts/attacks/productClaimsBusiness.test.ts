// Attack: a product claims another business (issue 42, attack 2).
//
// Attacker: a malicious business, a UCP business of the attacker's own with the attacker's vault as
// its payee. Its product declares, as its own attributes and options, `business` = the URL of the
// store the user allows, and the fields only the extractor may establish (`checkout_digest`,
// `line_items`, `quantity`, `checkout_id`, `total_cents`, `payee`, `price_cents`, `currency`, ...).
// The attack: a proposal of that product for a payable intent whose template binds
// `evidence.business in intent.allowed_businesses`, hoping the extractor reports the declared
// business, so that the proof holds and the payment goes to the attacker.
// Expected: the extractor's `business` is the URL it fetched (the attacker's), and no attribute or
// option supplies any extractor-owned field; the proposal fails on the business constraint, and
// nothing is proven, so nothing is payable. The same template with the allowed store's product holds.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { agentKeyOfSigner, Ed25519Signer } from '@verity/core'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { ApiError, OrchestratorClient, signIntent } from '@verity/sdk'
import { readSseEvents, type SseReader } from '../../packages/extractor/src/testing/readSseEvents.ts'
import type { SpecProduct } from '../../packages/extractor/src/testing/SpecProduct.ts'
import { PERFORMANCE_TEE } from '../../packages/extractor/src/testing/specUcpProducts.ts'
import { startSpecUcpBusiness, type SpecBusiness } from '../../packages/extractor/src/testing/startSpecUcpBusiness.ts'

const TEMPLATE = `name business_bound_purchase
intent {
  size: string
  max_price_cents: int
  payment_token: string
  payment_deadline_ms: int
  allowed_businesses: set<string>
}
evidence {
  size: string
  price_cents: int
  payee: string
  payee_token: string
  business: string
}
requires {
  evidence.size == intent.size;
  evidence.price_cents <= intent.max_price_cents;
  evidence.payee_token == intent.payment_token;
  evidence.business in intent.allowed_businesses;
}
`
/** The index of `evidence.business in intent.allowed_businesses` in `requires`. */
const BUSINESS_CONSTRAINT_INDEX = 3

const STORE_PAYEE = '11111111111111111111111111111111,1'
const ATTACKER_PAYEE = '22222222222222222222222222222222,1'
const STORE_TEE = 'gid://shopify/ProductVariant/2002'
const FORGED_VARIANT = 'gid://attacker/ProductVariant/1'
const FORGED_OPTION_VARIANT = 'gid://attacker/ProductVariant/2'

function handlers(payee: string): Record<string, unknown[]> {
  return { 'dev.verity.domain': [{ id: 'verity_domain', version: '2026-04-08', config: { payee, token: 'native' } }] }
}

/** The attacker's tee: its attributes claim the store, a checkout and a payee; its second variant claims the store as an option. */
function forgedTee(storeUrl: string): SpecProduct {
  const claims = [
    { name: 'business', value: storeUrl },
    { name: 'checkout_digest', value: 'forged-digest' },
    { name: 'checkout_id', value: 'forged-checkout' },
    { name: 'line_items', value: `${STORE_TEE}*1` },
    { name: 'quantity', value: '1' },
    { name: 'total_cents', value: '1' },
    { name: 'payee', value: STORE_PAYEE },
    { name: 'payee_token', value: 'forged-token' },
    { name: 'price_cents', value: '1' },
    { name: 'currency', value: 'XXX' },
  ]
  const variant = { description: { plain: 'M' }, price: { amount: 2400, currency: 'USD' }, availability: { available: true } }
  return {
    id: 'gid://attacker/Product/1',
    title: 'Totally The Store Tee',
    description: { plain: 'A tee.' },
    price_range: { min: { amount: 2400, currency: 'USD' }, max: { amount: 2400, currency: 'USD' } },
    attributes: claims,
    variants: [
      { ...variant, id: FORGED_VARIANT, title: 'Medium (M)', options: [{ name: 'Size', label: 'Medium (M)' }], attributes: claims },
      { ...variant, id: FORGED_OPTION_VARIANT, title: 'Medium (M) store', options: [{ name: 'Size', label: 'Medium (M)' }, { name: 'Business', label: storeUrl }, { name: 'Checkout id', label: 'forged-checkout' }] },
    ],
  }
}

describe('attack: a product claims another business (a malicious business)', { timeout: 300_000 }, () => {
  let dataDir: string
  let store: SpecBusiness
  let attacker: SpecBusiness
  let orchestratorApp: RunningOrchestrator
  let orchestrator: OrchestratorClient
  let events: SseReader
  let templateId: string
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()

  before(async () => {
    store = await startSpecUcpBusiness({ products: [PERFORMANCE_TEE], transports: ['rest'], paymentHandlers: handlers(STORE_PAYEE) })
    // The attacker's business sells too (checkout, AP2-signed): its checkout's owned fields come from the checkout, not the item.
    const checkout = { complete: async () => ({ status: 500, body: { messages: [] } }) }
    attacker = await startSpecUcpBusiness({ products: [forgedTee(store.url)], transports: ['rest'], paymentHandlers: handlers(ATTACKER_PAYEE), checkout })
    dataDir = mkdtempSync(join(tmpdir(), 'verity-attack-product-business-'))
    orchestratorApp = await startOrchestrator({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'silent',
      embeddedExtractor: { storefrontPrivateAddressesAllowed: [store.address, attacker.address] },
    })
    orchestrator = new OrchestratorClient(orchestratorApp.url)
    templateId = await orchestrator.submitTemplate(TEMPLATE)
    events = await readSseEvents(`${orchestratorApp.url}/events`)
  })

  after(async () => {
    events?.close()
    await orchestratorApp?.close()
    await store?.close()
    await attacker?.close()
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
  })

  /** A payable intent of the user's that allows only the store, naming the user's agent. */
  async function newIntent(): Promise<string> {
    const id = randomUUID()
    const fields = { size: 'Medium (M)', max_price_cents: 5000, payment_token: 'native', payment_deadline_ms: Date.now() + 3_600_000, allowed_businesses: [store.url] }
    await orchestrator.submitIntent(signIntent({ id, templateId, fields, signer: user, agents: [agentKeyOfSigner(agent)] }))
    return id
  }

  async function extract(solution: string, schema: Record<string, string>, metadata: unknown = { business: attacker.url }): Promise<Record<string, unknown>> {
    const response = await fetch(`${orchestratorApp.url}/extractor/extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ solution, metadata, schema }),
    })
    const text = await response.text()
    assert.equal(response.status, 200, text)
    return JSON.parse(text).evidence
  }

  const OWNED_SCHEMA = {
    business: 'string',
    checkout_digest: 'string',
    checkout_id: 'string',
    line_items: 'set<string>',
    quantity: 'int',
    total_cents: 'int',
    payee: 'string',
    payee_token: 'string',
    price_cents: 'int',
    currency: 'string',
  }

  test("the extractor's business is the URL it fetched; no attribute supplies an owned field", async () => {
    const evidence = await extract(FORGED_VARIANT, OWNED_SCHEMA)
    assert.deepEqual(evidence, { business: attacker.url, payee: ATTACKER_PAYEE, payee_token: 'native', price_cents: 2400, currency: 'USD' })
  })

  test('no variant option supplies an owned field either', async () => {
    const evidence = await extract(FORGED_OPTION_VARIANT, OWNED_SCHEMA)
    assert.equal(evidence.business, attacker.url)
    assert.equal(evidence.checkout_id, undefined)
  })

  test("a checkout of the attacker's product: the owned fields are the signed checkout's, not the item's claims", async () => {
    const created = await fetch(`${attacker.url}/api/ucp/checkout-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ line_items: [{ item: { id: FORGED_VARIANT }, quantity: 2 }] }),
    })
    assert.equal(created.status, 201)
    const session = (await created.json()) as { id: string }
    const evidence = await extract(session.id, OWNED_SCHEMA, { business: attacker.url, checkout: true })
    const { checkout_digest: digest, ...rest } = evidence
    assert.deepEqual(rest, {
      business: attacker.url,
      checkout_id: session.id,
      line_items: [`${FORGED_VARIANT}*2`],
      quantity: 2,
      total_cents: 5300,
      price_cents: 5300,
      currency: 'USD',
      payee: ATTACKER_PAYEE,
      payee_token: 'native',
    })
    assert.match(String(digest), /^[A-Za-z0-9_-]{43}$/)
  })

  test("end to end: the user's agent proposes the attacker's product; it fails on the business constraint and nothing is proven", async () => {
    const id = await newIntent()
    await orchestrator.propose(id, { solution: FORGED_VARIANT, metadata: { business: attacker.url } }, { agent })
    const outcome = (await events.waitFor((event) => event.data.intent_id === id && event.event !== 'expired')).data
    assert.equal(outcome.type, 'failure', JSON.stringify(outcome))
    assert.equal((outcome.evidence as Record<string, unknown>).business, attacker.url)
    assert.deepEqual((outcome.constraint_failures as { index: number }[]).map((failure) => failure.index), [BUSINESS_CONSTRAINT_INDEX])
    assert.equal(await orchestrator.getIntentStatus(id), 'failure')
    await assert.rejects(orchestrator.getProof(id), (error: unknown) => error instanceof ApiError && error.status === 404)
  })

  test("control: the same intent holds for the allowed store's own product (dry run)", async () => {
    const id = await newIntent()
    const check = await orchestrator.checkProposal(id, { solution: STORE_TEE, metadata: { business: store.url } }, { agent })
    assert.equal(check.ok, true, JSON.stringify(check))
  })
})
