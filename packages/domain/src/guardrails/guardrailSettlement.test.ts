// The domain's guardrail proofs settle on a base layer whose agreement declares the guardrail
// template: the base layer recomputes each proof's template hash, evidence commitment and intent
// id from the SDL. (Until startup declares the templates itself, the test registers the agreement
// first; startup keeps an agreement whose program ids it agrees with.) Three real proofs.
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { compileTemplate, templateId } from '@verity/policy'
import { HttpBaseLayerClient, signAgreementRequest, startBaseLayer, type RunningBaseLayer } from '@verity/base-layer'
import { loadCircuit, POLICY_CIRCUIT } from '@verity/prover'
import { startTestDomain, type TestDomain } from '../testing/startTestDomain.ts'
import { waitFor } from '../testing/waitFor.ts'
import { agreementGuardrails } from './agreementGuardrails.ts'
import { TRANSFER_CAP_TEMPLATE as CAP } from '../testing/transferCapTemplate.ts'


let baseLayer: RunningBaseLayer | undefined
let domain: TestDomain | undefined
const baseDir = mkdtempSync(join(tmpdir(), 'verity-guardrail-base-'))
after(async () => {
  await domain?.cleanup()
  await baseLayer?.close()
  rmSync(baseDir, { recursive: true, force: true })
})

test('an SDL with guardrail proofs settles against an agreement that declares the template', async () => {
  const operator = Ed25519Signer.generate()
  baseLayer = await startBaseLayer({
    port: 0,
    host: '127.0.0.1',
    dataDir: baseDir,
    logLevel: 'silent',
    genesis: { accounts: [{ ownerId: operator.ownerId, balance: 10n ** 12n }], agreementActivationDelayMs: 0 },
  })
  const compiled = compileTemplate(CAP)
  const declared = agreementGuardrails([{ name: 'cap', compiled, templateId: templateId(compiled), defaultIntent: {} }])
  const client = new HttpBaseLayerClient(baseLayer.url, { timeoutMs: 120_000 })
  const programId = (await loadCircuit(POLICY_CIRCUIT)).circuitHash
  await client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: [programId], guardrails: declared, nonce: 1n }))

  domain = await startTestDomain({ shard: 1, rpcUrl: baseLayer.url, operator, guardrails: [{ name: 'cap', source: CAP }] })
  assert.deepEqual((await client.getAgreement(1))?.guardrails, declared)
  const mintKey = Ed25519Signer.generate()
  const token = domain.addressOf(mintKey)
  const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
    new_nonce: 1n,
    shard: 1,
    operation: { Create: { metadata: { name: 'Guarded', symbol: 'GRD' }, credited: [{ address: domain.addressOf(operator), amount: 100n }] } },
  })
  const transfer = signVerifiable(operator, 'DebitAllowance', { new_nonce: 1n, debited_shard: 1, credited: formatAddress(Ed25519Signer.generate().ownerId, 1), allowances: { [token]: { Fungible: 20n } } })
  assert.equal((await domain.post('/intents/execute', [mint, transfer].map(jsonValue))).status, 200)
  const hash = (await domain.post('/sdls/submit')).body as string
  assert.equal((await domain.post(`/sdls/${hash}/prove`, new TextEncoder().encode('{"cap": 40}'), 'application/octet-stream')).status, 202)
  const proven = await waitFor(async () => {
    const state = (await domain!.get(`/sdls/${hash}`)).body
    return state === 'Proving' ? undefined : state
  }, 'the SDL to be proven', { intervalMs: 250 })
  assert.equal(proven, 'Proven', JSON.stringify(proven))
  const settled = await domain.post(`/sdls/${hash}/submit_proof`)
  assert.equal(settled.status, 200, JSON.stringify(settled.body))
  assert.equal(settled.body.state, 'BaseLayerApplied')
  assert.equal((await client.getShard(1)).sequence, 1n)
})
