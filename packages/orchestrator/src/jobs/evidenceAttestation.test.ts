import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { attestEvidence, Ed25519Signer, parseJsonBigint, type EvidenceAttestation } from '@verity/core'
import { startExtractor, type RunningExtractor } from '@verity/extractor'
import { createProver, type Prover } from '@verity/prover'
import { verifyProofBundle } from '@verity/sdk'
import { startOrchestrator, type RunningOrchestrator } from '../startOrchestrator.ts'
import { readEventStream, type EventStreamReader } from '../testing/readEventStream.ts'
import { sendRequest as send } from '../testing/sendRequest.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'

const CLOTHING_TEMPLATE = readFileSync(new URL('../../../policy/examples/clothing.template', import.meta.url), 'utf8')
const README_ATTRS = { acceptable_categories: ['t-shirt', 'polo'], size: 'M', audience: 'unisex', max_price_cents: 2500, acceptable_colors: ['White'] }

describe('the trust chain: evidence attested by the extractor and bound into the proof (real proofs)', () => {
  let dataDir: string
  let orchestrator: RunningOrchestrator
  let thirdParty: RunningExtractor
  let events: EventStreamReader
  let prover: Prover
  let templateId: string
  let bundleText: string
  let embeddedKey: string
  const user = Ed25519Signer.generate()

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'verity-attestation-'))
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', proverThreads: 1 })
    thirdParty = await startExtractor({ port: 0, logLevel: 'silent', keyFile: join(dataDir, 'third-party-key.json') })
    prover = createProver({ threads: 1 })
    events = await readEventStream(orchestrator.url)
    templateId = (await send(orchestrator.url, 'POST', '/templates', CLOTHING_TEMPLATE)).json.template_id
    embeddedKey = (await send(orchestrator.url, 'GET', '/config')).json.evidence_extractor_key
  })
  after(async () => {
    events.close()
    await orchestrator.close()
    await thirdParty.close()
    await prover.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function propose(solution: string) {
    const id = randomUUID()
    assert.equal((await send(orchestrator.url, 'POST', '/intents', signIntentShapeB(user, { id, templateId, fields: README_ATTRS }))).status, 200)
    assert.equal((await send(orchestrator.url, 'POST', `/intents/${id}/proposal`, { solution, metadata: null })).status, 200)
    return { id, event: await events.waitFor((candidate) => candidate.data.intent_id === id) }
  }

  const verify = (bundle: unknown, trustedExtractorKeys?: string[]) =>
    verifyProofBundle(bundle, { verifier: prover, ...(trustedExtractorKeys === undefined ? {} : { trustedExtractorKeys }) })

  test('a valid proposal\'s bundle verifies with every link: signature, template, attestation by the embedded key, proof', async () => {
    assert.match(embeddedKey, /^[1-9A-HJ-NP-Za-km-z]{43,44}$/)
    const { id, event } = await propose('catalog:tee-classic-white-m')
    assert.equal(event.event, 'success', String(event.data.reason))
    bundleText = (await send(orchestrator.url, 'GET', `/proofs/${id}`)).text
    const bundle = parseJsonBigint(bundleText) as { proof: { attestation: EvidenceAttestation } }
    assert.equal(bundle.proof.attestation.signature.Ed25519.pub_key, embeddedKey)
    const untrusting = await verify(bundle)
    assert.ok(untrusting.ok)
    assert.deepEqual(untrusting.statement.provenance, { status: 'attested', extractorKey: embeddedKey, trusted: null, extractedAtMs: bundle.proof.attestation.extracted_at_ms, sources: [] })
    const trusting = await verify(bundle, [embeddedKey])
    assert.ok(trusting.ok)
    assert.equal(trusting.ok && trusting.statement.provenance.status === 'attested' && trusting.statement.provenance.trusted, true)
  })

  test('each altered link fails where it breaks, with a named reason', async () => {
    const fresh = () => JSON.parse(bundleText)
    const reasonOf = async (bundle: unknown, trusted?: string[]) => {
      const result = await verify(bundle, trusted)
      assert.equal(result.ok, false)
      return (result as { reason: string }).reason
    }
    // The evidence (still satisfying the template) differs from what the extractor signed.
    const evidence = fresh()
    evidence.evidence.price_cents = 2_400
    assert.match(await reasonOf(evidence), /^evidence attestation: the attestation's signature does not verify over this extraction/)
    // The attestation claims another extractor key.
    const key = fresh()
    key.proof.attestation.signature.Ed25519.pub_key = Ed25519Signer.generate().publicKeyBase58
    assert.match(await reasonOf(key), /^evidence attestation: .*does not verify/)
    // A valid attestation of the same extraction by another key, swapped in: the proof is not bound to it.
    const swapped = fresh()
    const other = Ed25519Signer.generate()
    const extraction = { intent_id: swapped.signed_intent.intent.id, template_id: templateId, solution: swapped.proposal.solution, metadata: swapped.proposal.metadata, evidence: swapped.evidence }
    swapped.proof.attestation = attestEvidence(other, extraction, { extractedAtMs: 1, sources: [] })
    assert.match(await reasonOf(swapped), /proof\.salt is not the salt derived from the attestation/)
    delete swapped.proof.salt
    assert.match(await reasonOf(swapped), /public input 2 \(evidence commitment\).*not bound to this attestation/)
    // Trusting only another key.
    assert.match(await reasonOf(fresh(), [other.publicKeyBase58]), /not among the keys you trust/)
    // The proof bytes changed.
    const proof = fresh()
    const bytes = proof.proof.artifact.proof as string
    proof.proof.artifact.proof = `${bytes.slice(0, 20)}${bytes[20] === 'A' ? 'B' : 'A'}${bytes.slice(21)}`
    assert.equal((await verify(proof)).ok, false)
    // Without the attestation the bundle verifies only as unattested, and not when an attestation is required.
    const stripped = fresh()
    delete stripped.proof.attestation
    const unattested = await verify(stripped)
    assert.equal(unattested.ok && unattested.statement.provenance.status, 'unattested')
    assert.match(await reasonOf(stripped, [embeddedKey]), /evidence is unattested/)
  })

  test('an orchestrator pointed at an extractor whose key is not the configured one fails the proposal, naming both', async () => {
    const wrongKey = Ed25519Signer.generate().publicKeyBase58
    const configure = (key?: string) =>
      send(orchestrator.url, 'PUT', '/config', { evidence_extractor_url: thirdParty.url, ...(key === undefined ? {} : { evidence_extractor_key: key }) })
    try {
      assert.equal((await configure(wrongKey)).status, 200)
      const wrong = await propose('catalog:tee-classic-white-m')
      assert.equal(wrong.event.event, 'failure')
      assert.match(String(wrong.event.data.reason), new RegExp(`attested by key \\w+, not by the configured extractor key ${wrongKey}`))
      assert.equal((await configure()).status, 200)
      const unconfigured = await propose('catalog:tee-classic-white-m')
      assert.match(String(unconfigured.event.data.reason), /which is not configured \(PUT \/config evidence_extractor_key\)/)
      const bad = await send(orchestrator.url, 'PUT', '/config', { evidence_extractor_url: thirdParty.url, evidence_extractor_key: 'not-a-key' })
      assert.equal(bad.status, 400)
      assert.equal(bad.json.code, 'INVALID_EXTRACTOR_KEY')
    } finally {
      await send(orchestrator.url, 'PUT', '/config', { evidence_extractor_url: '' })
    }
  })
})
