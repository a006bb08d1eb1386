// Mandate payments of sealed intents (issue 35) through a real domain with real bundles: the domain
// never sees the user's maximum or token; the proof establishes them.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createProver, type Prover } from '@verity/prover'
import { makeSealedBundle } from '../../../sdk/src/testing/makeSealedBundle.ts'
import { startTestDomain, type TestDomain } from '../testing/startTestDomain.ts'
import { standaloneToken } from '../../../core/src/testing/standaloneToken.ts'

const PAYABLE = readFileSync(new URL('../../../policy/examples/payable-clothing.template', import.meta.url), 'utf8')
const PRICE = 1800

describe('sealed mandate payments (real proofs)', { timeout: 600_000 }, () => {
  let prover: Prover
  let domain: TestDomain
  let token: string
  const user = Ed25519Signer.generate()
  const store = Ed25519Signer.generate()
  const extractor = Ed25519Signer.generate()

  before(async () => {
    prover = createProver({ threads: 1 })
    domain = await startTestDomain({ mandates: { trustedExtractorKeys: [extractor.publicKeyBase58], deadlineGraceMs: 1_000 } })
    const mintKey = Ed25519Signer.generate()
    token = domain.addressOf(mintKey)
    const credited = [{ address: domain.addressOf(user), amount: 100_000n }]
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation: { Create: { metadata: { name: 'Dollar', symbol: 'USD' }, credited } } })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
  })
  after(async () => {
    await domain?.cleanup()
    await prover?.close()
  })

  const sealedBundle = (source: string, maxPriceCents = 2345) =>
    makeSealedBundle({
      prover,
      user,
      extractor,
      source,
      fields: { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: maxPriceCents, payment_token: token, payment_deadline_ms: Date.now() + 3_600_000 },
      evidence: { category: 't-shirt', size: 'M', price_cents: PRICE, payee: domain.addressOf(store), payee_token: token },
    })
  const payment = (bundle: unknown, overrides: Record<string, unknown> = {}) => ({
    MandatePayment: { debited: domain.addressOf(user), credited: domain.addressOf(store), token, amount: PRICE, proof_bundle: bundle, ...overrides },
  })

  test('a sealed intent pays the proven price in the proven token; its commitment and its template are checked', async () => {
    const bundle = await sealedBundle(PAYABLE)
    assert.doesNotMatch(JSON.stringify(bundle), standaloneToken(2345), 'the bundle does not show the maximum')
    const swapped = structuredClone(bundle)
    swapped.proof.artifact.public_inputs[1] = swapped.signed_intent.intent.sealed.commitments.policy
    const commitment = await domain.post('/intents/execute', [payment(swapped)])
    assert.equal(commitment.body?.code, 'MANDATE_COMMITMENT_MISMATCH', JSON.stringify(commitment.body))
    const paid = await domain.post('/intents/execute', [payment(bundle)])
    assert.equal(paid.status, 200, JSON.stringify(paid.body))
    const vault = await domain.get(`/vaults/${store.ownerId}`)
    assert.equal(Number(vault.body.data.TokenHoldings.fungibles[token]), PRICE)
    const unbound = await sealedBundle(PAYABLE.replace('  evidence.payee_token == intent.payment_token;\n', ''))
    const refused = await domain.post('/intents/execute', [payment(unbound)])
    assert.equal(refused.body?.code, 'MANDATE_SEALED_PAYMENT_UNBOUND', JSON.stringify(refused.body))
  })
})
