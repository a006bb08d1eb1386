// Mandate payments through a real domain (HTTP, SQLite, the prover's workers) with real bundles:
// a real intent signature, evidence attested by a real extractor key, a real policy proof (dev CRS).
// Every refusal has its own code and moves nothing; an intent pays once, also under 20 racing
// submissions; a batch mixing a payment with a transfer is atomic.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, signAgentProposal } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createProver, type Prover } from '@verity/prover'
import { CLOTHING_TEMPLATE, makeMandateBundle, PAYABLE_TEMPLATE_ANY_TOKEN } from '../../../sdk/src/testing/makeMandateBundle.ts'
import { DomainClient, mandateIdentityOf, payMandate } from '@verity/sdk'
import { startTestDomain, type TestDomain, type TestResponse } from '../testing/startTestDomain.ts'

const PRICE = 1800

describe('mandate payments (real proofs)', () => {
  let prover: Prover
  let domain: TestDomain
  let token: string
  let payee: string
  let bundle: Record<string, unknown>
  const user = Ed25519Signer.generate()
  const store = Ed25519Signer.generate()
  const extractor = Ed25519Signer.generate()
  const stranger = Ed25519Signer.generate()

  before(async () => {
    prover = createProver({ threads: 1 })
    domain = await startTestDomain({ mandates: { trustedExtractorKeys: [extractor.publicKeyBase58], deadlineGraceMs: 1_000 } })
    const mintKey = Ed25519Signer.generate()
    token = domain.addressOf(mintKey)
    payee = domain.addressOf(store)
    const credited = [domain.addressOf(user), domain.addressOf(stranger)].map((address) => ({ address, amount: 100_000n }))
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation: { Create: { metadata: { name: 'Dollar', symbol: 'USD' }, credited } } })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
    bundle = await makeMandateBundle({ prover, user, extractor, payee, priceCents: PRICE, token })
  })
  after(async () => {
    await domain?.cleanup()
    await prover?.close()
  })

  const payment = (proofBundle: unknown, overrides: Record<string, unknown> = {}) => ({
    MandatePayment: { debited: domain.addressOf(user), credited: payee, token, amount: PRICE, proof_bundle: proofBundle, ...overrides },
  })
  const altered = (change: (copy: any) => void) => {
    const copy = structuredClone(bundle)
    change(copy)
    return copy
  }
  const balanceOf = async (signer: Ed25519Signer): Promise<number> => {
    const vault = await domain.get(`/vaults/${signer.ownerId}`)
    return vault.status === 404 ? 0 : Number(vault.body.data.TokenHoldings.fungibles[token] ?? 0)
  }
  async function refused(response: TestResponse, code: string, status = 400): Promise<void> {
    assert.equal(response.body?.code, code, JSON.stringify(response.body))
    assert.equal(response.status, status)
    assert.equal(response.body.index, 0)
  }
  const pay = (...elements: unknown[]) => domain.post('/intents/execute', elements)

  test('an altered bundle is refused where it breaks, each with its own code, and nothing moves', async () => {
    const before = [await balanceOf(user), await balanceOf(store)]
    // The evidence: still satisfying the template, but not what the extractor attested.
    await refused(await pay(payment(altered((b) => (b.evidence.price_cents = 1700)), { amount: 1700 })), 'MANDATE_ATTESTATION_INVALID')
    // The evidence no longer satisfies the template: the intent would have failed.
    await refused(await pay(payment(altered((b) => (b.evidence.size = 'L')))), 'MANDATE_CONSTRAINT_FAILED')
    await refused(await pay(payment(altered((b) => (b.proof.attestation.extracted_at_ms += 1)))), 'MANDATE_ATTESTATION_INVALID')
    await refused(await pay(payment(altered((b) => delete b.proof.attestation))), 'MANDATE_ATTESTATION_MISSING')
    await refused(await pay(payment(altered((b) => (b.proof.artifact.proof = flipCharacter(b.proof.artifact.proof))))), 'MANDATE_PROOF_INVALID')
    await refused(await pay(payment(altered((b) => (b.signed_intent.payload.attrs.fields.max_price_cents = 99_999)))), 'MANDATE_INTENT_SIGNATURE_INVALID')
    await refused(await pay(payment(altered((b) => (b.template.source = b.template.source.replace('evidence.size == intent.size;', ''))))), 'MANDATE_TEMPLATE_INVALID')
    await refused(await pay(payment(altered((b) => (b.template = null)))), 'MANDATE_BUNDLE_MALFORMED')
    // The same intent, unsigned (shape B): nobody authorized a payment.
    const unsigned = altered((b) => {
      const { id, template_id, attrs, agents } = b.signed_intent.payload
      b.signed_intent = { authorship: 'Unsigned', intent: { id, policy_id: template_id, attrs, agents } }
    })
    await refused(await pay(payment(unsigned)), 'MANDATE_INTENT_UNSIGNED')
    assert.deepEqual([await balanceOf(user), await balanceOf(store)], before)
  })

  test("an agent-bound intent's bundle without its agent's signature, or with it altered, is refused before its proof; intact, it pays", async () => {
    const agent = Ed25519Signer.generate()
    // Its own payee, so that the other tests' store balance stays as they expect.
    const shop = domain.addressOf(Ed25519Signer.generate())
    const bound = await makeMandateBundle({ prover, user: stranger, extractor, payee: shop, priceCents: PRICE, token, agent })
    const change = (edit: (copy: any) => void) => {
      const copy = structuredClone(bound)
      edit(copy)
      return copy
    }
    const boundPayment = (proofBundle: unknown) => payment(proofBundle, { debited: domain.addressOf(stranger), credited: shop })
    const before = await balanceOf(stranger)
    await refused(await pay(boundPayment(change((b) => delete b.agent_authorization))), 'MANDATE_AGENT_SIGNATURE_MISSING')
    const other = signAgentProposal(Ed25519Signer.generate(), { action: 'proposal', orchestrator: 'http://127.0.0.1:8080', intentId: (bound.signed_intent as any).payload.id, intentDigest: 'x', solution: 's', metadata: null })
    await refused(await pay(boundPayment(change((b) => (b.agent_authorization = other)))), 'MANDATE_AGENT_SIGNATURE_INVALID')
    await refused(await pay(boundPayment(change((b) => (b.proposal.solution = 'catalog:another-shop-item')))), 'MANDATE_AGENT_SIGNATURE_INVALID')
    await refused(await pay(boundPayment(change((b) => (b.agent_authorization.orchestrator = 'http://127.0.0.1:9999')))), 'MANDATE_AGENT_SIGNATURE_INVALID')
    assert.equal(await balanceOf(stranger), before)
    const paid = await pay(boundPayment(bound))
    assert.equal(paid.status, 200, JSON.stringify(paid.body))
    assert.equal(await balanceOf(stranger), before - PRICE)
  })

  test('a payment that does not restate its bundle is refused by name: payer, payee, amount, token', async () => {
    await refused(await pay(payment(bundle, { debited: domain.addressOf(stranger) })), 'MANDATE_PAYER_MISMATCH')
    await refused(await pay(payment(bundle, { credited: domain.addressOf(stranger) })), 'MANDATE_PAYEE_MISMATCH')
    await refused(await pay(payment(bundle, { amount: PRICE + 1 })), 'MANDATE_AMOUNT_MISMATCH')
    await refused(await pay(payment(bundle, { token: 'native' })), 'MANDATE_TOKEN_MISMATCH')
    assert.equal(await balanceOf(store), 0)
  })

  test('an intent paying in a token the payee does not accept is refused naming both tokens; nothing moves', async () => {
    // The user mints a token of their own and pays the store, which accepts only native, with it.
    const forger = Ed25519Signer.generate()
    const worthless = domain.addressOf(forger)
    const mint = signVerifiable(forger, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation: { Create: { metadata: { name: 'Nothing', symbol: 'NIL' }, credited: [{ address: domain.addressOf(user), amount: 10_000n }] } } })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
    const unaccepted = await makeMandateBundle({ prover, user, extractor, payee, priceCents: PRICE, token: worthless, payeeToken: 'native', templateSource: PAYABLE_TEMPLATE_ANY_TOKEN })
    const response = await pay(payment(unaccepted, { token: worthless }))
    await refused(response, 'MANDATE_TOKEN_NOT_ACCEPTED')
    assert.match(response.body.message, new RegExp(`intent\\.payment_token ${worthless} is not the token the payee accepts \\(evidence\\.payee_token native\\)`))
    const storeVault = await domain.get(`/vaults/${store.ownerId}`)
    assert.equal(storeVault.status === 404 ? undefined : storeVault.body.data.TokenHoldings.fungibles[worthless], undefined)
    assert.equal((await domain.get(`/vaults/${user.ownerId}`)).body.data.TokenHoldings.fungibles[worthless], 10_000)
  })

  test('an untrusted extractor, a template that is not payable, an expired intent: refused', async () => {
    const byStranger = await makeMandateBundle({ prover, user, extractor: stranger, payee, priceCents: PRICE, token })
    await refused(await pay(payment(byStranger)), 'MANDATE_EXTRACTOR_UNTRUSTED')
    const clothing = await makeMandateBundle({ prover, user, extractor, payee, priceCents: PRICE, token, templateSource: CLOTHING_TEMPLATE })
    await refused(await pay(payment(clothing)), 'MANDATE_TEMPLATE_NOT_PAYABLE')
    const expired = await makeMandateBundle({ prover, user, extractor, payee, priceCents: PRICE, token, deadlineMs: Date.now() - 5_000 })
    await refused(await pay(payment(expired)), 'MANDATE_EXPIRED')
    assert.equal(await balanceOf(store), 0)
  })

  test('a proven intent pays exactly once: the price from the signer to the payee, no nonce used; a second payment is 409', async () => {
    const userBefore = await balanceOf(user)
    const nonceBefore = (await domain.get(`/vaults/${user.ownerId}/nonce`)).body
    // The SDK reads the payment out of the bundle (the domain checks it restates the bundle).
    const first = await payMandate(new DomainClient(domain.url), bundle)
    assert.deepEqual(first.payment, { ...payment(bundle).MandatePayment, amount: BigInt(PRICE) })
    assert.equal(await balanceOf(user), userBefore - PRICE)
    assert.equal(await balanceOf(store), PRICE)
    assert.equal((await domain.get(`/vaults/${user.ownerId}/nonce`)).body, nonceBefore)
    await refused(await pay(payment(bundle)), 'MANDATE_ALREADY_PAID', 409)
    assert.equal(await balanceOf(store), PRICE)

    // GET /payments lists it, then names the SDL that carries it to settlement.
    const client = new DomainClient(domain.url)
    const intentId = (bundle.signed_intent as { payload: { id: string } }).payload.id
    const [listed, ...more] = await client.listPayments({ intentId })
    assert.deepEqual(more, [])
    const identity = mandateIdentityOf(bundle)!
    const exactly = { intent_id: intentId, intent_digest: identity.intentDigest, evidence_digest: identity.evidenceDigest, payer: user.ownerId, debited: domain.addressOf(user), credited: payee, token, amount: BigInt(PRICE), applied_at_ms: 0, sdl: null }
    assert.deepEqual({ ...listed, applied_at_ms: 0 }, exactly)
    // A reader asks for exactly that signed intent's payment; another digest lists nothing.
    assert.deepEqual((await client.listPayments({ intentDigest: identity.intentDigest })).map((row) => ({ ...row, applied_at_ms: 0 })), [exactly])
    assert.deepEqual(await client.listPayments({ intentDigest: identity.evidenceDigest }), [])
    const sdl = await client.submitSdl()
    assert.deepEqual((await client.listPayments({ intentId }))[0]!.sdl, { hash: sdl, state: 'Submitted' })
    assert.equal((await client.listPayments({ limit: 5 }))[0]!.intent_id, intentId)
  })

  test('20 concurrent submissions of one bundle: one payment, 19 refusals', async () => {
    const fresh = await makeMandateBundle({ prover, user, extractor, payee, priceCents: 700, token })
    const storeBefore = await balanceOf(store)
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(payment(fresh, { amount: 700 }))))
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, ...Array(19).fill(409)])
    for (const answer of answers.filter((a) => a.status === 409)) assert.equal(answer.body.code, 'MANDATE_ALREADY_PAID')
    assert.equal(await balanceOf(store), storeBefore + 700)
  })

  test('a batch mixing a payment with a transfer is atomic: a refused transfer leaves the intent unpaid', async () => {
    const fresh = await makeMandateBundle({ prover, user, extractor, payee, priceCents: 500, token })
    const nonce = BigInt((await domain.get(`/vaults/${user.ownerId}/nonce`)).body)
    const overdraft = signVerifiable(user, 'DebitAllowance', { new_nonce: nonce, debited_shard: 1, credited: payee, allowances: { [token]: { Fungible: 10n ** 9n } } })
    const storeBefore = await balanceOf(store)
    const failed = await pay(payment(fresh, { amount: 500 }), jsonValue(overdraft))
    assert.equal(failed.body.code, 'OVERDRAFT')
    assert.equal(failed.body.index, 1)
    assert.equal(await balanceOf(store), storeBefore)
    const tip = signVerifiable(user, 'DebitAllowance', { new_nonce: nonce, debited_shard: 1, credited: payee, allowances: { [token]: { Fungible: 5n } } })
    assert.equal((await pay(payment(fresh, { amount: 500 }), jsonValue(tip))).status, 200)
    assert.equal(await balanceOf(store), storeBefore + 505)
  })
})

/** The proof (base64) with one character in its middle changed. */
function flipCharacter(base64: string): string {
  const at = Math.floor(base64.length / 2)
  return base64.slice(0, at) + (base64[at] === 'A' ? 'B' : 'A') + base64.slice(at + 1)
}
