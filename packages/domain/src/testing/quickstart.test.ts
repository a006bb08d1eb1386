import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { signVerifiable, jsonValue } from '@verity/ledger'
import { startTestDomain, type TestDomain } from './startTestDomain.ts'

describe('quickstart flow over HTTP', () => {
  let domain: TestDomain
  before(async () => {
    domain = await startTestDomain({ shard: 123 })
  })
  after(async () => domain.cleanup())

  test('mint 100 of a new token to the operator, debit 33 to a recipient, read both vaults', async () => {
    const mintKey = Ed25519Signer.generate()
    const recipient = Ed25519Signer.generate()
    const operatorAddress = domain.addressOf(domain.operator)
    const tokenId = domain.addressOf(mintKey)
    assert.equal((await domain.get(`/vaults/${mintKey.ownerId}/nonce`)).body, 1)

    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: 123,
      operation: { Create: { metadata: { name: 'Your new token on delta', symbol: 'YNDT' }, credited: [{ address: operatorAddress, amount: 100n }] } },
    })
    const minted = await domain.post('/intents/execute', [jsonValue(mint)])
    assert.equal(minted.status, 200, JSON.stringify(minted.body))
    assert.equal(minted.body.applied, 1)

    const debit = signVerifiable(domain.operator, 'DebitAllowance', {
      new_nonce: 1n,
      debited_shard: 123,
      credited: domain.addressOf(recipient),
      allowances: { [tokenId]: { Fungible: 33n } },
    })
    const debited = await domain.post('/intents/execute', [jsonValue(debit)])
    assert.equal(debited.status, 200, JSON.stringify(debited.body))

    const operatorVault = await domain.get(`/vaults/${domain.operator.ownerId}`)
    assert.equal(operatorVault.status, 200)
    assert.deepEqual(operatorVault.body.data, { TokenHoldings: { fungibles: { [tokenId]: 67 }, nfts: {} } })
    const recipientVault = await domain.get(`/vaults/${recipient.ownerId}`)
    assert.deepEqual(recipientVault.body.data, { TokenHoldings: { fungibles: { [tokenId]: 33 }, nfts: {} } })
    const mintVault = await domain.get(`/vaults/${mintKey.ownerId}`)
    assert.deepEqual(mintVault.body.data, { FungibleTokenMint: { metadata: { name: 'Your new token on delta', symbol: 'YNDT' }, supply: 100 } })
    assert.equal((await domain.get(`/vaults/${domain.operator.ownerId}/nonce`)).body, 2)
    assert.equal((await domain.get(`/vaults/${Ed25519Signer.generate().ownerId}`)).status, 404)
  })

  test('/openapi.json describes every endpoint from the validating schemas; /swagger-ui is served locally', async () => {
    const document = (await domain.get('/openapi.json')).body
    const paths = Object.keys(document.paths).sort()
    assert.deepEqual(paths, [
      '/intents/execute',
      '/intents/submit',
      '/payments',
      '/readyz',
      '/sdls',
      '/sdls/submit',
      '/sdls/{hash}',
      '/sdls/{hash}/prove',
      '/sdls/{hash}/submit_proof',
      '/vaults/{owner_id}',
      '/vaults/{owner_id}/finalized',
      '/vaults/{owner_id}/nonce',
    ])
    const text = JSON.stringify(document)
    assert.ok(!text.includes('"u64"'), 'the u64 keyword is rewritten for OpenAPI')
    assert.ok(text.includes('"format":"uint64"'))
    const ui = await fetch(`${domain.url}/swagger-ui/`)
    assert.equal(ui.status, 200)
    assert.ok(!(await ui.text()).includes('cdn.'), 'no CDN')
  })
})
