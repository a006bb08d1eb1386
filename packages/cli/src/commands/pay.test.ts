// `verity pay` against a real domain (real bundle: signature, attestation, policy proof) and a real
// orchestrator (an intent not proven yet has nothing to pay with).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { agentKeyOfSigner, Ed25519Signer, parseJsonBigint, stringifyJsonBigint } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { createProver, type Prover } from '@verity/prover'
import { OrchestratorClient, signIntent } from '@verity/sdk'
import { makeMandateBundle, PAYABLE_TEMPLATE } from '../../../sdk/src/testing/makeMandateBundle.ts'
import { startTestDomain, type TestDomain } from '../../../domain/src/testing/startTestDomain.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

const verity = runCliCaptured

describe('verity pay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-pay-'))
  const [user, store, extractor, minter] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  let prover: Prover
  let domain: TestDomain
  let orchestrator: RunningOrchestrator

  before(async () => {
    prover = createProver({ threads: 1 })
    domain = await startTestDomain({ mandates: { trustedExtractorKeys: [extractor.publicKeyBase58], deadlineGraceMs: 0 } })
    const mint = signVerifiable(minter, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: 1,
      operation: { Create: { metadata: { name: 'Dollar', symbol: 'USD' }, credited: [{ address: domain.addressOf(user), amount: 5_000n }] } },
    })
    assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'orchestrator'), logLevel: 'silent', proverThreads: 1 })
  })
  after(async () => {
    await orchestrator?.close()
    await domain?.cleanup()
    await prover?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('pays the proven price to the proven payee once; a second pay is refused, naming why', async () => {
    const token = domain.addressOf(minter)
    const bundle = await makeMandateBundle({ prover, user, extractor, payee: domain.addressOf(store), priceCents: 1800, token })
    const intentId = (bundle.signed_intent as { payload: { id: string } }).payload.id
    const proofFile = join(dir, 'proof.json')
    writeFileSync(proofFile, stringifyJsonBigint(bundle))
    const paid = await verity('pay', intentId, '--proof', proofFile, '--domain', domain.url, '--json')
    assert.equal(paid.code, 0, paid.stderr)
    assert.deepEqual(parseJsonBigint(paid.stdout), { intent_id: intentId, debited: domain.addressOf(user), credited: domain.addressOf(store), token, amount: 1800 })
    const vault = await domain.get(`/vaults/${store.ownerId}`)
    assert.equal(vault.body.data.TokenHoldings.fungibles[token], 1800)
    // The text form shows money as money: the token by symbol and name (read from its mint vault), dollars and the raw integer.
    const shown = await verity('vault', 'show', store.ownerId, '--domain', domain.url)
    assert.equal(shown.code, 0, shown.stderr)
    const lines = shown.stdout.split('\n')
    assert.equal(lines[0], `local view of ${store.ownerId} (shard 1):`)
    assert.equal(lines[1], 'role        holder')
    assert.match(lines[2]!, /^next nonce {2}\d+$/)
    assert.match(lines[3]!, /^native {6}[\d,]+ plancks$/)
    assert.equal(lines[5], 'TOKEN  NAME    BALANCE     RAW   TOKEN ID')
    assert.equal(lines[6], `USD    Dollar  $18.00 USD  1800  ${token}`)
    const mint = await verity('vault', 'show', minter.ownerId, '--domain', domain.url)
    assert.match(mint.stdout, /\nrole {8}fungible token mint\n[^]*\nmints {7}USD "Dollar", supply \$50\.00 USD \(5000\)\n$/)
    const asJson = JSON.parse((await verity('vault', 'show', store.ownerId, '--domain', domain.url, '--json')).stdout)
    assert.equal(asJson.vault.data.TokenHoldings.fungibles[token], 1800)
    const again = await verity('pay', intentId, '--proof', proofFile, '--domain', domain.url)
    assert.equal(again.code, 1)
    assert.match(again.stderr, /409: transaction 0: mandate payment refused \(MANDATE_ALREADY_PAID\): intent .* was paid already/)
  })

  test('an intent that is not proven has nothing to pay with: exit 1, its status named', async () => {
    const client = new OrchestratorClient(orchestrator.url)
    const templateId = await client.submitTemplate(PAYABLE_TEMPLATE)
    const id = randomUUID()
    const fields = { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: 2500, payment_token: 'native', payment_deadline_ms: Date.now() + 60_000 }
    // Every payable intent names its agent (issue 42).
    await client.submitIntent(signIntent({ signer: user, id, templateId, fields, agents: [agentKeyOfSigner(Ed25519Signer.generate())] }))
    const run = await verity('pay', id, '--orchestrator', orchestrator.url, '--domain', domain.url)
    assert.equal(run.code, 1)
    assert.equal(run.stderr, `error: intent ${id} is pending: only a proven (success) intent authorizes a payment\n`)
  })
})
