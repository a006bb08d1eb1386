// Attack (issue 42, attack 3, by a second orchestrator): pay an agent-less payable intent anyway.
// Attacker: a second orchestrator (a stranger's own, or one running code from before the rule that
// every payable intent names its agents), holding a user's signed payable intent that names no
// agent (intents are public: GET /intents/{id}).
// Attack: it proves the stranger's own proposal for that intent (a product whose payee passes the
// intent's constraints), with evidence the domain's trusted extractor really attested, and submits
// the mandate payment to the domain.
// Expected: the domain refuses it at admission with MANDATE_INTENT_UNBOUND (400), before the proof is
// verified; nothing moves and the intent is not spent. The same payment of an intent that names its
// agent, signed by that agent, is applied. Real domain (HTTP, SQLite), real signatures, real proofs.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createProver, type Prover } from '@verity/prover'
import { makeMandateBundle } from '../../packages/sdk/src/testing/makeMandateBundle.ts'
import { startTestDomain, type TestDomain } from '../../packages/domain/src/testing/startTestDomain.ts'

const PRICE_CENTS = 3_999

describe('attack: a second orchestrator pays a payable intent that names no agent', () => {
  let prover: Prover
  let domain: TestDomain
  let token: string
  const user = Ed25519Signer.generate()
  const store = Ed25519Signer.generate()
  const extractor = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()

  before(async () => {
    prover = createProver({ threads: 1 })
    domain = await startTestDomain({ mandates: { trustedExtractorKeys: [extractor.publicKeyBase58], deadlineGraceMs: 1_000 } })
    const issuer = Ed25519Signer.generate()
    token = domain.addressOf(issuer)
    const mint = signVerifiable(issuer, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation: { Create: { metadata: { name: 'Dollar', symbol: 'USD' }, credited: [{ address: domain.addressOf(user), amount: 100_000n }] } } })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
  })
  after(async () => {
    await domain?.cleanup()
    await prover?.close()
  })

  const balanceOf = async (signer: Ed25519Signer): Promise<number> => {
    const vault = await domain.get(`/vaults/${signer.ownerId}`)
    return vault.status === 404 ? 0 : Number(vault.body.data.TokenHoldings.fungibles[token] ?? 0)
  }
  const pay = (bundle: unknown) =>
    domain.post('/intents/execute', [{ MandatePayment: { debited: domain.addressOf(user), credited: domain.addressOf(store), token, amount: PRICE_CENTS, proof_bundle: bundle } }])

  test('an agent-less bundle is refused with MANDATE_INTENT_UNBOUND and moves nothing; the bound one pays', async () => {
    const intentId = crypto.randomUUID()
    const unbound = await makeMandateBundle({ prover, user, extractor, payee: domain.addressOf(store), priceCents: PRICE_CENTS, maxPriceCents: 5_000, token, intentId, agent: null })
    const before = [await balanceOf(user), await balanceOf(store)]
    const refused = await pay(unbound)
    assert.equal(refused.status, 400, JSON.stringify(refused.body))
    assert.equal(refused.body.code, 'MANDATE_INTENT_UNBOUND')
    assert.equal(refused.body.index, 0)
    assert.match(refused.body.message, /names no agents/)
    assert.deepEqual([await balanceOf(user), await balanceOf(store)], before, 'nothing moved')
    // Refused again on a retry: the refusal is not a spent intent, and it is not remembered as paid.
    assert.equal((await pay(unbound)).body.code, 'MANDATE_INTENT_UNBOUND')

    const bound = await makeMandateBundle({ prover, user, extractor, payee: domain.addressOf(store), priceCents: PRICE_CENTS, maxPriceCents: 5_000, token, agent })
    const paid = await pay(bound)
    assert.equal(paid.status, 200, JSON.stringify(paid.body))
    assert.deepEqual([await balanceOf(user), await balanceOf(store)], [before[0]! - PRICE_CENTS, before[1]! + PRICE_CENTS])
  })
})
