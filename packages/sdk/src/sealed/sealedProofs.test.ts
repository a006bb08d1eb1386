import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { Ed25519Signer, MultisigSigner, SoftwarePasskey } from '@verity/core'
import { createProver, type Prover } from '@verity/prover'
import { verifyMandateBundle } from '../mandates/verifyMandateBundle.ts'
import { verifyProofBundle } from '../proofs/verifyProofBundle.ts'
import { makeSealedBundle } from '../testing/makeSealedBundle.ts'
import { standaloneToken } from '../../../core/src/testing/standaloneToken.ts'

const PAYABLE = readFileSync(new URL('../../../policy/examples/payable-clothing.template', import.meta.url), 'utf8')
const PAYABLE_FIELDS = { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: 2345, payment_token: 'native', payment_deadline_ms: 4_102_444_800_000 }
const PAYABLE_EVIDENCE = (payee: string) => ({ category: 't-shirt', size: 'M', price_cents: 1999, payee, payee_token: 'native' })
// An evidence set larger than the small tier's rows: the proof lands on a bigger tier than the template's.
const TAGS = `name sealed_tags
intent {
  max_price_cents: int
  wanted_tag: string
}
evidence {
  price_cents: int
  tags: set<string>
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  intent.wanted_tag in evidence.tags;
}
`
// A set relation: only the sets tier proves it.
const RELATION = `name sealed_relation
intent {
  wanted: set<string>
  max_price_cents: int
}
evidence {
  pieces: set<string>
  price_cents: int
}
requires {
  evidence.pieces superset intent.wanted;
  evidence.price_cents <= intent.max_price_cents;
}
`

// Real zero-knowledge proofs of sealed intents, verified without the attrs (issue 35).
describe('sealed proofs, verified without the attrs', { timeout: 600_000 }, () => {
  let prover: Prover
  const extractor = Ed25519Signer.generate()
  const trusted = () => ({ verifier: prover, trustedExtractorKeys: [extractor.publicKeyBase58] })
  before(() => {
    prover = createProver({ threads: 1 })
  })
  after(() => prover?.close())

  test('a payable sealed bundle verifies and pays; altered commitment, signature, evidence or proof are each refused with their own check', async () => {
    const user = SoftwarePasskey.generate()
    const bundle = await makeSealedBundle({ prover, user, extractor, source: PAYABLE, fields: PAYABLE_FIELDS, evidence: PAYABLE_EVIDENCE(`${user.ownerId},1`) })
    assert.equal(bundle.proof.artifact.circuit, 'policy_small')
    assert.doesNotMatch(JSON.stringify(bundle), standaloneToken(2345))
    const verified = await verifyProofBundle(bundle, trusted())
    assert.equal(verified.ok, true, verified.ok ? '' : verified.reason)
    if (verified.ok) assert.deepEqual(verified.statement.sealed, { tier: 'policy_small', commitment: bundle.signed_intent.intent.sealed.commitments.policy_small })
    const paid = await verifyMandateBundle(bundle, trusted())
    assert.equal(paid.ok, true, paid.ok ? '' : paid.reason)
    if (paid.ok) assert.deepEqual([paid.facts.token, paid.facts.priceCents, paid.facts.maxPriceCents, paid.facts.deadlineMs], ['native', 1999n, 1999n, 4_102_444_800_000n])

    const commitment = structuredClone(bundle)
    commitment.proof.artifact.public_inputs[1] = commitment.signed_intent.intent.sealed.commitments.policy
    assert.equal(((await verifyProofBundle(commitment, trusted())) as { check: string }).check, 'commitment')
    assert.equal(((await verifyMandateBundle(commitment, trusted())) as { code: string }).code, 'MANDATE_COMMITMENT_MISMATCH')
    const signature = structuredClone(bundle)
    signature.signed_intent.intent.sealed.commitments.policy_small = commitment.signed_intent.intent.sealed.commitments.policy
    assert.equal(((await verifyProofBundle(signature, trusted())) as { check: string }).check, 'signature')
    assert.equal(((await verifyMandateBundle(signature, trusted())) as { code: string }).code, 'MANDATE_INTENT_SIGNATURE_INVALID')
    const evidence = structuredClone(bundle)
    evidence.evidence.price_cents = 1
    assert.equal(((await verifyProofBundle(evidence, trusted())) as { check: string }).check, 'attestation')
    assert.equal(((await verifyMandateBundle(evidence, trusted())) as { code: string }).code, 'MANDATE_ATTESTATION_INVALID')
    const proof = structuredClone(bundle)
    const bytes = Buffer.from(proof.proof.artifact.proof, 'base64')
    bytes[bytes.length - 40] = bytes[bytes.length - 40]! ^ 1
    proof.proof.artifact.proof = bytes.toString('base64')
    assert.equal(((await verifyProofBundle(proof, trusted())) as { check: string }).check, 'proof')
    assert.equal(((await verifyMandateBundle(proof, trusted())) as { code: string }).code, 'MANDATE_PROOF_INVALID')
  })

  test('evidence that moves the proof to a bigger tier is checked against that tier\'s signed commitment; a multisig signs it', async () => {
    const user = new MultisigSigner({ members: [{ signer: Ed25519Signer.generate(), weight: 1 }, { signer: Ed25519Signer.generate(), weight: 1 }], threshold: 2 })
    const tags = Array.from({ length: 12 }, (_, i) => `tag-${i}`)
    const bundle = await makeSealedBundle({ prover, user, extractor, source: TAGS, fields: { max_price_cents: 5000, wanted_tag: 'tag-3' }, evidence: { price_cents: 4000, tags }, shape: 'a' })
    assert.notEqual(bundle.proof.artifact.circuit, 'policy_small')
    const verified = await verifyProofBundle(bundle, trusted())
    assert.equal(verified.ok, true, verified.ok ? '' : verified.reason)
  })

  test('a template with a set relation proves sealed on the sets tier', async () => {
    const bundle = await makeSealedBundle({ prover, user: Ed25519Signer.generate(), extractor, source: RELATION, fields: { wanted: ['lid', 'pan'], max_price_cents: 9000 }, evidence: { pieces: ['lid', 'pan', 'pot'], price_cents: 8000 } })
    assert.equal(bundle.proof.artifact.circuit, 'policy_sets')
    assert.deepEqual(Object.keys(bundle.signed_intent.intent.sealed.commitments), ['policy_sets'])
    const verified = await verifyProofBundle(bundle, trusted())
    assert.equal(verified.ok, true, verified.ok ? '' : verified.reason)
  })
})
