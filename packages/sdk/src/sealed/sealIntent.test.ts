import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { agentKeyOfSigner, attestEvidence, Ed25519Signer, encodeBase64Url, MultisigSigner, SoftwarePasskey, verifySignature, type Signature } from '@verity/core'
import { parseSignedIntent } from '@verity/orchestrator'
import { compiledBytes, compileTemplate, templateId, type CompiledTemplate } from '@verity/policy'
import { attestationSalt, newAttestationSaltNonce, type ProofArtifact } from '@verity/prover'
import { verifyMandateBundle } from '../mandates/verifyMandateBundle.ts'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import { verifyProofBundle } from '../proofs/verifyProofBundle.ts'
import { signProposal } from '../intents/signProposal.ts'
import { explainSealedFailure } from './explainSealedFailure.ts'
import { sealedPaymentProblems } from './sealedPayment.ts'
import { sealIntent } from './sealIntent.ts'
import { standaloneToken } from '../../../core/src/testing/standaloneToken.ts'

const example = (name: string) => readFileSync(new URL(`../../../policy/examples/${name}`, import.meta.url), 'utf8')
const PAYABLE = example('payable-clothing.template')
const PAYABLE_FIELDS = { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: 2345, payment_token: 'native', payment_deadline_ms: 4_102_444_800_000 }

test('Ed25519, passkey and multisig sign a sealed intent of either shape; the orchestrator and the offline reader read it alike', async () => {
  const compiled = compileTemplate(PAYABLE)
  const multisig = new MultisigSigner({ members: [{ signer: Ed25519Signer.generate(), weight: 1 }, { signer: SoftwarePasskey.generate(), weight: 1 }], threshold: 2 })
  for (const signer of [Ed25519Signer.generate(), SoftwarePasskey.generate(), multisig]) {
    for (const shape of ['a', 'b'] as const) {
      const { body, signedIntent, opening } = await sealIntent({ id: randomUUID(), compiled, fields: PAYABLE_FIELDS, signer, shape })
      const text = JSON.stringify(signedIntent)
      for (const attr of [2345, '"t-shirt"', '"M"', '"native"']) assert.doesNotMatch(text, standaloneToken(attr), 'the signed part shows no attr but the disclosed deadline')
      const ours = readSignedIntent(signedIntent)
      assert.deepEqual(ours.attrFields, {})
      assert.deepEqual(ours.sealed?.disclosedFields, { payment_deadline_ms: 4_102_444_800_000 }, 'a payable template discloses its deadline')
      assert.deepEqual(Object.keys(ours.sealed!.commitments), ['policy_small', 'policy_medium', 'policy', 'policy_sets'])
      assert.equal(verifySignature(ours.authorship as Signature, ours.signedBytes), true)
      const theirs = parseSignedIntent(body)
      assert.deepEqual(Buffer.from(theirs.signedBytes), Buffer.from(ours.signedBytes))
      assert.deepEqual(theirs.opening?.attrFields, PAYABLE_FIELDS)
      assert.equal(BigInt(opening.salt) > 0n, true)
    }
  }
})

test('a sealed intent names its agents beside the commitments, signed with them; the orchestrator reads them', async () => {
  const agent = Ed25519Signer.generate()
  const { body, signedIntent } = await sealIntent({ id: randomUUID(), compiled: compileTemplate(PAYABLE), fields: PAYABLE_FIELDS, signer: Ed25519Signer.generate(), agents: [agentKeyOfSigner(agent)] })
  const parsed = parseSignedIntent(body)
  assert.deepEqual(parsed.agents, [agentKeyOfSigner(agent)])
  assert.ok(parsed.sealed !== undefined)
  assert.deepEqual((signedIntent as { intent: { agents: unknown } }).intent.agents, [agentKeyOfSigner(agent)])
  const read = readSignedIntent(signedIntent)
  assert.equal(verifySignature(read.authorship as Signature, read.signedBytes), true)
})

test('two seals of the same attrs differ (fresh salt); attrs the template refuses are refused before signing', async () => {
  const compiled = compileTemplate(PAYABLE)
  const signer = Ed25519Signer.generate()
  const one = await sealIntent({ id: randomUUID(), compiled, fields: PAYABLE_FIELDS, signer })
  const two = await sealIntent({ id: randomUUID(), compiled, fields: PAYABLE_FIELDS, signer })
  assert.notDeepEqual(readSignedIntent(one.signedIntent).sealed!.commitments, readSignedIntent(two.signedIntent).sealed!.commitments)
  await assert.rejects(sealIntent({ id: randomUUID(), compiled, fields: { ...PAYABLE_FIELDS, size: 7 }, signer }), { code: 'INPUT_DATA_ERROR' })
  await assert.rejects(sealIntent({ id: randomUUID(), compiled, fields: PAYABLE_FIELDS, signer, disclose: ['colour'] }), RangeError)
})

test('a payable template pays sealed only when it proves price <= max and the token; the deadline must be disclosed', async () => {
  const compiled = compileTemplate(PAYABLE)
  const { signedIntent } = await sealIntent({ id: randomUUID(), compiled, fields: PAYABLE_FIELDS, signer: Ed25519Signer.generate() })
  const sealed = readSignedIntent(signedIntent).sealed!
  assert.deepEqual(sealedPaymentProblems(compiled, sealed), [])
  const noMax = compileTemplate(PAYABLE.replace('  evidence.price_cents <= intent.max_price_cents;\n', ''))
  assert.match(sealedPaymentProblems(noMax, sealed).join(), /does not require evidence\.price_cents <= intent\.max_price_cents/)
  const noToken = compileTemplate(PAYABLE.replace('  evidence.payee_token == intent.payment_token;\n', ''))
  assert.match(sealedPaymentProblems(noToken, sealed).join(), /payee_token == intent\.payment_token/)
  assert.match(sealedPaymentProblems(compiled, { ...sealed, disclosedFields: {} }).join(), /does not disclose payment_deadline_ms/)
  assert.match(sealedPaymentProblems(compiled, { ...sealed, disclosedFields: { payment_deadline_ms: 'soon' } }).join(), /disclosed payment_deadline_ms is not an int/)
})

test('whoever holds the opening re-evaluates a failure with its values', async () => {
  const compiled = compileTemplate(PAYABLE)
  const { opening } = await sealIntent({ id: randomUUID(), compiled, fields: PAYABLE_FIELDS, signer: Ed25519Signer.generate() })
  const failures = explainSealedFailure(compiled, opening, { category: 't-shirt', size: 'M', price_cents: 2400, payee: 'x', payee_token: 'native' })
  assert.deepEqual(failures.map((failure) => failure.index), [2])
  assert.match(failures[0]!.reason, /intent\.max_price_cents = 2345/)
  assert.deepEqual(explainSealedFailure(compiled, opening, { category: 't-shirt', size: 'M', price_cents: 2000, payee: 'x', payee_token: 'native' }), [])
})

/** A sealed bundle around `artifact` (a stand-in proof: the proof itself is checked by the verifier given); its intent names its agent, which signed the proposal. */
async function sealedBundle(compiled: CompiledTemplate, source: string, user: Ed25519Signer, extractor: Ed25519Signer, publicInput: (commitments: Record<string, string>) => string) {
  const intentId = randomUUID()
  const agent = Ed25519Signer.generate()
  const { signedIntent } = await sealIntent({ id: intentId, compiled, fields: PAYABLE_FIELDS, signer: user, agents: [agentKeyOfSigner(agent)] })
  const commitments = readSignedIntent(signedIntent).sealed!.commitments as Record<string, string>
  const evidence = { category: 't-shirt', size: 'M', price_cents: 1999, payee: `${user.ownerId},1`, payee_token: 'native' }
  const proposal = { solution: 'catalog:tee', metadata: null }
  const { agent_authorization } = signProposal({ agent, orchestratorUrl: 'http://127.0.0.1:8080', signedIntent, ...proposal })
  const attestation = attestEvidence(extractor, { intent_id: intentId, template_id: templateId(compiled), ...proposal, evidence }, { extractedAtMs: Date.now(), sources: [] })
  const nonce = newAttestationSaltNonce()
  const salt = attestationSalt(attestation, nonce)
  const artifact: ProofArtifact = { system: 'ultrahonk-zk/bb5', circuit: 'policy_small', circuit_hash: 'h', crs: 'ignition', public_inputs: ['0x01', publicInput(commitments), '0x03', '0x04'], proof: 'AA==' }
  return {
    signed_intent: signedIntent,
    proposal,
    agent_authorization,
    evidence,
    proof: { artifact, salt: salt.toString(), attestation, attestation_salt_nonce: nonce },
    template: { id: templateId(compiled), source, compiled_base64url: encodeBase64Url(compiledBytes(compiled)) },
  }
}

test('verifiers check a sealed proof against the commitment signed for its tier, never the attrs; each alteration has its own check', async () => {
  const compiled = compileTemplate(PAYABLE)
  const user = Ed25519Signer.generate()
  const extractor = Ed25519Signer.generate()
  const calls: unknown[] = []
  const verifier = { verifyPolicy: async (params: unknown) => (calls.push(params), { ok: true as const }) }
  const trusted = { verifier, trustedExtractorKeys: [extractor.publicKeyBase58] }

  const good = await sealedBundle(compiled, PAYABLE, user, extractor, (c) => c.policy_small!)
  const verified = await verifyProofBundle(good, trusted)
  assert.equal(verified.ok, true, verified.ok ? '' : verified.reason)
  if (verified.ok) {
    assert.deepEqual(verified.statement.attrs, { payment_deadline_ms: 4_102_444_800_000 })
    assert.equal(verified.statement.sealed?.tier, 'policy_small')
  }
  const params = calls[0] as Record<string, unknown>
  assert.equal(params.attrs, undefined, 'the verifier is given no attrs')
  assert.equal(params.attrsCommitment, readSignedIntent(good.signed_intent).sealed!.commitments.policy_small)

  const otherCommitment = await sealedBundle(compiled, PAYABLE, user, extractor, () => '0x' + '5'.repeat(64))
  assert.deepEqual(await verifyProofBundle(otherCommitment, trusted), { ok: false, reason: "the proof's attrs commitment is not the one the user signed for policy_small", check: 'commitment' })
  const otherTier = structuredClone(good)
  otherTier.proof.artifact.circuit = 'policy_medium'
  assert.equal(((await verifyProofBundle(otherTier, trusted)) as { check: string }).check, 'commitment')
  const resigned = structuredClone(good) as { signed_intent: { intent: { sealed: { commitments: Record<string, string> } } } }
  resigned.signed_intent.intent.sealed.commitments.policy_small = '0x' + '6'.repeat(64)
  assert.equal(((await verifyProofBundle(resigned, trusted)) as { check: string }).check, 'signature')
  const otherEvidence = structuredClone(good)
  otherEvidence.evidence.price_cents = 1
  assert.equal(((await verifyProofBundle(otherEvidence, trusted)) as { check: string }).check, 'attestation')
  const mistyped = structuredClone(good) as { evidence: Record<string, unknown> }
  mistyped.evidence.price_cents = 'cheap'
  assert.equal(((await verifyProofBundle(mistyped, trusted)) as { check: string }).check, 'inputs')
  const refusing = { verifier: { verifyPolicy: async () => ({ ok: false as const, reason: 'proof rejected: the proof does not verify' }) }, trustedExtractorKeys: trusted.trustedExtractorKeys }
  assert.equal(((await verifyProofBundle(good, refusing)) as { check: string }).check, 'proof')

  // Mandate payments: the facts come from the proof (token, ceiling) and the disclosed deadline.
  const mandate = await verifyMandateBundle(good, trusted)
  assert.equal(mandate.ok, true, mandate.ok ? '' : mandate.reason)
  if (mandate.ok) {
    assert.equal(mandate.facts.token, 'native')
    assert.equal(mandate.facts.maxPriceCents, 1999n)
    assert.equal(mandate.facts.deadlineMs, 4_102_444_800_000n)
  }
  assert.equal(((await verifyMandateBundle(otherCommitment, trusted)) as { code: string }).code, 'MANDATE_COMMITMENT_MISMATCH')
  assert.equal(((await verifyMandateBundle(resigned, trusted)) as { code: string }).code, 'MANDATE_INTENT_SIGNATURE_INVALID')
  assert.equal(((await verifyMandateBundle(otherEvidence, trusted)) as { code: string }).code, 'MANDATE_ATTESTATION_INVALID')
  assert.equal(((await verifyMandateBundle(good, refusing)) as { code: string }).code, 'MANDATE_PROOF_INVALID')
  const unboundSource = PAYABLE.replace('  evidence.payee_token == intent.payment_token;\n', '')
  const unbound = await sealedBundle(compileTemplate(unboundSource), unboundSource, user, extractor, (c) => c.policy_small!)
  assert.equal(((await verifyMandateBundle(unbound, trusted)) as { code: string }).code, 'MANDATE_SEALED_PAYMENT_UNBOUND')
})

test('a bundle of the old proof system (bb.js 0.82.2 "ultrahonk", dev CRS) is refused with a reason naming the system, before any proof work', async () => {
  const compiled = compileTemplate(PAYABLE)
  const extractor = Ed25519Signer.generate()
  const calls: unknown[] = []
  const trusted = { verifier: { verifyPolicy: async (params: unknown) => (calls.push(params), { ok: true as const }) }, trustedExtractorKeys: [extractor.publicKeyBase58] }
  const old = await sealedBundle(compiled, PAYABLE, Ed25519Signer.generate(), extractor, (c) => c.policy_small!)
  ;(old.proof.artifact as { system: string; crs: string }).system = 'ultrahonk'
  ;(old.proof.artifact as { system: string; crs: string }).crs = 'dev'
  const result = await verifyProofBundle(old, trusted)
  assert.equal(result.ok, false)
  assert.equal((result as { check: string }).check, 'proof')
  assert.match((result as { reason: string }).reason, /proof system "ultrahonk" \(UltraHonk of @aztec\/bb\.js 0\.82\.2.*no longer accepts/)
  assert.deepEqual(calls, [], 'no proof work for a system this verifier does not check')
  assert.equal(((await verifyMandateBundle(old, trusted)) as { code: string }).code, 'MANDATE_PROOF_SYSTEM_RETIRED', 'a payment with it is refused by name (docs/operations.md, "Upgrading")')
})
