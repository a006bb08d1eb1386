// Settlement end to end with one real SDL proof: two domains (shards 1 and 2) on one base layer
// over HTTP. Domain 1 mints and transfers to shard 2, bundles an SDL, starts proving,
// is stopped mid-proof and restarted (the SDL is re-queued), is proven, submits the proof and is
// applied with its SDL proof and its guardrail proofs; domain 2 pulls the credit, applies it once, and spends it.
import { after, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { startBaseLayer, type BaseLayerClient, type RunningBaseLayer } from '@verity/base-layer'
import { startTestDomain, type TestDomain } from './startTestDomain.ts'
import { waitFor } from './waitFor.ts'
import { TRANSFER_CAP_TEMPLATE as CAP } from './transferCapTemplate.ts'

// Domain 1 has a guardrail, so its SDL carries policy proofs (one per transaction) after the SDL proof.

describe('settlement through one base layer over HTTP', () => {
  let baseLayer: RunningBaseLayer | undefined
  let one: TestDomain | undefined
  let two: TestDomain | undefined
  const baseDir = mkdtempSync(join(tmpdir(), 'verity-base-'))
  after(async () => {
    await one?.cleanup()
    await two?.cleanup()
    await baseLayer?.close()
    rmSync(baseDir, { recursive: true, force: true })
  })

  test('SDL lifecycle with a restart mid-proof, and a cross-shard transfer settled between two domains', async () => {
    const operatorOne = Ed25519Signer.generate()
    const operatorTwo = Ed25519Signer.generate()
    baseLayer = await startBaseLayer({
      port: 0,
      host: '127.0.0.1',
      dataDir: baseDir,
      logLevel: 'silent',
      genesis: { accounts: [{ ownerId: operatorOne.ownerId, balance: 10n ** 12n }, { ownerId: operatorTwo.ownerId, balance: 10n ** 12n }], agreementActivationDelayMs: 0 },
    })
    const guardrails = [{ name: 'cap', source: CAP }]
    one = await startTestDomain({ shard: 1, rpcUrl: baseLayer.url, operator: operatorOne, guardrails })
    two = await startTestDomain({ shard: 2, rpcUrl: baseLayer.url, operator: operatorTwo })

    const mintKey = Ed25519Signer.generate()
    const carol = Ed25519Signer.generate()
    const token = one.addressOf(mintKey)
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: 1,
      operation: { Create: { metadata: { name: 'Settled', symbol: 'SET' }, credited: [{ address: one.addressOf(operatorOne), amount: 100n }] } },
    })
    // Two transactions keep the proof count small: one SDL batch proof and two guardrail proofs.
    const remote = signVerifiable(operatorOne, 'DebitAllowance', { new_nonce: 1n, debited_shard: 1, credited: formatAddress(carol.ownerId, 2), allowances: { [token]: { Fungible: 20n } } })
    const executed = await one.post('/intents/execute', [mint, remote].map(jsonValue))
    assert.equal(executed.status, 200, JSON.stringify(executed.body))
    assert.equal((await one.get(`/vaults/${operatorOne.ownerId}`)).body.data.TokenHoldings.fungibles[token], 80)

    const submitted = await one.post('/sdls/submit')
    const hash = submitted.body as string
    assert.match(hash, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    assert.equal((await one.post('/sdls/submit')).body, null, 'nothing pending any more')
    assert.deepEqual((await one.get('/sdls')).body, [[hash, 'Submitted']])
    assert.deepEqual((await one.get('/sdls?offset=1&limit=5')).body, [])
    assert.equal((await one.get(`/sdls/${Ed25519Signer.generate().ownerId}`)).status, 404)
    const early = await one.post(`/sdls/${hash}/submit_proof`)
    assert.equal(early.status, 409)
    assert.equal(early.body.code, 'SDL_STATE_CONFLICT')

    // The prove-time guardrail input fills the template's intent (cap 40: the transfer of 20 passes).
    assert.equal((await one.post(`/sdls/${hash}/prove`, new TextEncoder().encode('{"cap": 40}'), 'application/octet-stream')).status, 202)
    assert.equal((await one.get(`/sdls/${hash}`)).body, 'Proving')
    assert.equal((await one.post(`/sdls/${hash}/prove`)).status, 200, 'already proving')

    // Stop in the middle of proving: the SDL stays Proving in the store and is re-queued at start.
    await one.stop()
    one = await startTestDomain({ shard: 1, rpcUrl: baseLayer.url, dir: one.dir, guardrails })
    assert.equal((await one.get(`/sdls/${hash}`)).body, 'Proving')
    const proven = await waitFor(async () => {
      const state = (await one!.get(`/sdls/${hash}`)).body
      return state === 'Proving' ? undefined : state
    }, 'the SDL to be proven', { intervalMs: 250 })
    assert.equal(proven, 'Proven', JSON.stringify(proven))

    const settled = await one.post(`/sdls/${hash}/submit_proof`)
    assert.equal(settled.status, 200, JSON.stringify(settled.body))
    assert.equal(settled.body.state, 'BaseLayerApplied')
    assert.deepEqual((await one.get('/sdls')).body, [[hash, 'BaseLayerApplied']])
    // The domain settles over rpc_url, so its settlement target is a base-layer client.
    const finalized = await (one.baseLayer as BaseLayerClient).getVault(one.addressOf(operatorOne))
    assert.equal(finalized?.data && 'TokenHoldings' in finalized.data ? finalized.data.TokenHoldings.fungibles[token] : undefined, 80n)

    // Domain 2 pulls the credit from the base layer, applies it exactly once, and carol spends it.
    assert.equal(await two.domain.pullCredits(), 1)
    assert.equal(await two.domain.pullCredits(), 0, 'a credit is applied once')
    assert.equal((await two.get(`/vaults/${carol.ownerId}`)).body.data.TokenHoldings.fungibles[token], 20)
    const dave = Ed25519Signer.generate()
    const spend = signVerifiable(carol, 'DebitAllowance', { new_nonce: 1n, debited_shard: 2, credited: two.addressOf(dave), allowances: { [token]: { Fungible: 5n } } })
    assert.equal((await two.post('/intents/execute', [jsonValue(spend)])).status, 200)
    assert.equal((await two.get(`/vaults/${carol.ownerId}`)).body.data.TokenHoldings.fungibles[token], 15)
    // The credit travels in domain 2's next SDL (consumed from the base layer's queue).
    const next = (await two.post('/sdls/submit')).body as string
    assert.deepEqual((await two.get('/sdls')).body, [[next, 'Submitted']])
  })
})
