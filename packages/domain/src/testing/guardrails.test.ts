// Guardrails: a template over each transaction's evidence, enforced when a transaction executes.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { transactionEvidence } from '../guardrails/transactionEvidence.ts'
import { startTestDomain, type TestDomain } from './startTestDomain.ts'

const TEMPLATE = `
name transfer_cap
intent {
  blocked: optional set<string>
}
evidence {
  kind: string
  amount: int
  credited: string
}
requires {
  evidence.kind != "DebitAllowance" or evidence.amount <= 50;
  optional: evidence.credited not in intent.blocked;
}
`

describe('guardrails', () => {
  let domain: TestDomain
  let mintKey: Ed25519Signer
  let alice: Ed25519Signer
  let token: string
  const blocked = Ed25519Signer.generate()

  before(async () => {
    domain = await startTestDomain({ shard: 5, guardrails: [{ name: 'transfer_cap', source: TEMPLATE, intent: { blocked: [] } }] })
    mintKey = Ed25519Signer.generate()
    alice = Ed25519Signer.generate()
    token = domain.addressOf(mintKey)
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: 5,
      operation: { Create: { metadata: { name: 'Capped', symbol: 'CAP' }, credited: [{ address: domain.addressOf(alice), amount: 500n }] } },
    })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
  })
  after(async () => domain.cleanup())

  test('a transfer above the cap is rejected with the failing constraint; one below passes', async () => {
    const bob = Ed25519Signer.generate()
    const small = signVerifiable(alice, 'DebitAllowance', { new_nonce: 1n, debited_shard: 5, credited: domain.addressOf(bob), allowances: { [token]: { Fungible: 10n } } })
    const large = signVerifiable(alice, 'DebitAllowance', { new_nonce: 2n, debited_shard: 5, credited: domain.addressOf(bob), allowances: { [token]: { Fungible: 60n } } })
    const rejected = await domain.post('/intents/execute', [jsonValue(small), jsonValue(large)])
    assert.equal(rejected.status, 400)
    assert.equal(rejected.body.code, 'GUARDRAIL_REJECTED')
    assert.equal(rejected.body.index, 1)
    assert.equal(rejected.body.constraint.guardrail, 'transfer_cap')
    assert.equal(rejected.body.constraint.index, 0)
    assert.match(rejected.body.constraint.pretty_expr, /evidence\.amount <= 50/)
    assert.match(rejected.body.message, /constraint\[0\]/)
    // atomic: the small transfer of the same batch was not applied
    assert.equal((await domain.get(`/vaults/${bob.ownerId}`)).status, 404)
    assert.equal((await domain.post('/intents/execute', [jsonValue(small)])).status, 200)
  })

  test('transaction evidence: fixed fields and aux_ fields from JSON auxiliary bytes', () => {
    const aux = [...new TextEncoder().encode(JSON.stringify({ purpose: 'refund', order: 42, tags: ['a', 'b'], nested: { x: 1 } }))]
    const v = signVerifiable(alice, 'DebitAllowance', { new_nonce: 9n, debited_shard: 5, credited: domain.addressOf(blocked), allowances: { [token]: { Fungible: 7n }, native: { Fungible: 3n } } }, aux)
    const evidence = transactionEvidence({ verifiable: v, state_diffs: [] })
    assert.deepEqual(evidence, {
      kind: 'DebitAllowance',
      signer: alice.ownerId,
      debited: domain.addressOf(alice),
      credited: domain.addressOf(blocked),
      credited_shard: 5n,
      native_amount: 3n,
      token,
      token_count: 1n,
      amount: 7n,
      nft_count: 0n,
      aux_purpose: 'refund',
      aux_order: 42n,
      aux_tags: ['a', 'b'],
    })
  })
})
