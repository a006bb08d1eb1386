import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, MultisigSigner, SoftwarePasskey, parseJsonBigint, type Signer } from '@verity/core'
import { decodeCompiledTemplate, compileTemplate, type InputValue } from '@verity/policy'
import { createProver, type Prover } from '@verity/prover'
import { createPolicyProving } from '../jobs/createPolicyProving.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import { verifyProofBundle } from '@verity/sdk'
import { readEventStream, type EventStreamReader } from '../testing/readEventStream.ts'
import { signIntentShapeA, signIntentShapeB } from '../testing/signIntent.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

describe('intent lifecycle: both shapes, every signature scheme, real proofs', () => {
  let orchestrator: TestOrchestrator
  let extractor: TestExtractor
  let events: EventStreamReader
  let proving: PolicyProving
  let prover: Prover
  const bundles: string[] = []
  let templateId: string
  const ed25519 = Ed25519Signer.generate()
  const passkey = SoftwarePasskey.generate()
  const multisig = new MultisigSigner({
    members: [
      { signer: Ed25519Signer.generate(), weight: 1 },
      { signer: SoftwarePasskey.generate(), weight: 2 },
    ],
    threshold: 3,
  })

  before(async () => {
    prover = createProver({ threads: 1 })
    proving = createPolicyProving({ prover })
    extractor = await startTestExtractor()
    extractor.set('good', { kind: 'evidence', evidence: { price_cents: 500, color: 'red' } })
    extractor.set('pricey', { kind: 'evidence', evidence: { price_cents: 5_000, color: 'red' } })
    orchestrator = await startTestOrchestrator({ proving, settings: { allowUnsignedIntents: true } })
    templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
    await orchestrator.request('PUT', '/config', { evidence_extractor_url: extractor.url })
    events = await readEventStream(orchestrator.url)
  })
  after(async () => {
    events.close()
    await orchestrator.close()
    await extractor.close()
    await proving.close()
    await prover.close()
  })

  const cases: { name: string; sign: (id: string, fields: Record<string, unknown>) => unknown; solution: string }[] = [
    { name: 'A Ed25519', sign: (id, fields) => signIntentShapeA(ed25519, { id, templateId, fields }), solution: 'good' },
    { name: 'B Passkey', sign: (id, fields) => signIntentShapeB(passkey, { id, templateId, fields }), solution: 'good' },
    { name: 'A Multisig', sign: (id, fields) => signIntentShapeA(multisig, { id, templateId, fields }), solution: 'good' },
    { name: 'B Ed25519', sign: (id, fields) => signIntentShapeB(ed25519, { id, templateId, fields }), solution: 'pricey' },
    { name: 'A Passkey', sign: (id, fields) => signIntentShapeA(passkey as Signer, { id, templateId, fields }), solution: 'pricey' },
    { name: 'B Multisig', sign: (id, fields) => signIntentShapeB(multisig, { id, templateId, fields }), solution: 'pricey' },
    { name: 'B Unsigned', sign: (id, fields) => signIntentShapeB('Unsigned', { id, templateId, fields }), solution: 'pricey' },
  ]

  test('submit, read back, propose, and reach success (with a proof) or failure', async () => {
    const submitted = new Map<string, { body: unknown; solution: string; name: string }>()
    for (const { name, sign, solution } of cases) {
      const id = randomUUID()
      const body = sign(id, { max_price_cents: 1_000, colors: { Set: [{ String: 'red' }, { String: 'blue' }] } })
      const accepted = await orchestrator.request('POST', '/intents', body)
      assert.equal(accepted.status, 200, `${name}: ${accepted.text}`)
      assert.deepEqual((await orchestrator.request('GET', `/intents/${id}`)).json, body, name)
      assert.equal((await orchestrator.request('GET', `/intents/${id}/status`)).json.status, 'pending', name)
      submitted.set(id, { body, solution, name })
    }
    for (const [id, { solution, name }] of submitted) {
      const proposal = await orchestrator.request('POST', `/intents/${id}/proposal`, { solution, metadata: { case: name } })
      assert.equal(proposal.status, 200, name)
    }
    for (const [id, { body, solution, name }] of submitted) {
      const event = await events.waitFor((candidate) => candidate.data.intent_id === id, 240_000)
      assert.equal((await orchestrator.request('GET', `/intents/${id}/status`)).json.status, event.event, name)
      if (solution === 'pricey') {
        assert.equal(event.event, 'failure', name)
        assert.equal((event.data.constraint_failures as unknown[]).length, 1, name)
        assert.equal((await orchestrator.request('GET', `/proofs/${id}`)).status, 404, name)
        continue
      }
      assert.equal(event.event, 'success', `${name}: ${JSON.stringify(event.data)}`)
      assert.deepEqual(event.data, {
        type: 'success',
        intent_id: id,
        proposal: { solution, metadata: { case: name } },
        evidence: { price_cents: 500, color: 'red' },
      })
      const bundle = await orchestrator.request('GET', `/proofs/${id}`)
      assert.equal(bundle.status, 200, name)
      assert.deepEqual(bundle.json.signed_intent, body)
      assert.deepEqual(bundle.json.evidence, { price_cents: 500, color: 'red' })
      assert.equal(bundle.json.template.id, templateId)
      assert.equal(bundle.json.proof.artifact.system, 'ultrahonk-zk/bb5')
      bundles.push(bundle.text)
    }
    assert.equal(bundles.length, 3)
  })

  test('the published proof verifies offline, and not once evidence, attrs or template are altered', async () => {
    const text = bundles[0]!
    // The offline verifier users run (`verity verify`), from the SDK.
    const verify = (bundle: unknown) => verifyProofBundle(bundle, { verifier: prover })
    assert.equal((await verify(parseJsonBigint(text))).ok, true)
    const bundle = JSON.parse(text)
    const alteredEvidence = { ...bundle, evidence: { price_cents: 499, color: 'red' } }
    const evidenceResult = await verify(alteredEvidence)
    assert.equal(evidenceResult.ok, false)
    assert.match((evidenceResult as { reason: string }).reason, /evidence commitment/)
    const alteredTemplate = { ...bundle, template: { ...bundle.template, id: '11111111111111111111111111111111' } }
    assert.equal((await verify(alteredTemplate)).ok, false)
    // Below the signature check: the proof itself refuses other attrs and another template.
    const compiled = decodeCompiledTemplate(Buffer.from(bundle.template.compiled_base64url, 'base64url'))
    const statement = {
      artifact: bundle.proof.artifact,
      compiled,
      attrs: { max_price_cents: 1_000n, colors: ['red', 'blue'] } as Record<string, InputValue>,
      evidence: { price_cents: 500n, color: 'red' } as Record<string, InputValue>,
      intentId: bundle.signed_intent.payload.id as string,
      salt: BigInt(bundle.proof.salt),
    }
    assert.deepEqual(await prover.verifyPolicy(statement), { ok: true })
    const otherAttrs = await prover.verifyPolicy({ ...statement, attrs: { max_price_cents: 2_000n, colors: ['red', 'blue'] } })
    assert.equal(otherAttrs.ok, false)
    const otherTemplate = compileTemplate(PRICE_TEMPLATE.replace('<=', '<'))
    assert.equal((await prover.verifyPolicy({ ...statement, compiled: otherTemplate })).ok, false)
  })
})
