import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { readVectors } from '../vectors/readVectors.ts'
import { attestEvidence, checkEvidenceAttestation, evidenceAttestationBytes, type AttestedExtraction, type EvidenceAttestation, type EvidenceSource } from './evidenceAttestation.ts'

type Vector = {
  secret_key_base58: string
  extraction: AttestedExtraction
  extracted_at_ms: number
  sources: EvidenceSource[]
  signed_bytes_utf8: string
  attestation: EvidenceAttestation
}
const vector = readVectors<Vector>('evidence-attestation.json')
const signer = Ed25519Signer.fromSecretKeyBase58(vector.secret_key_base58)

test('the test vector: signed bytes and signature are reproduced exactly', () => {
  const statement = { extractedAtMs: vector.extracted_at_ms, sources: vector.sources }
  const bytes = evidenceAttestationBytes(vector.extraction, { ...statement, extractorKey: signer.publicKeyBase58 })
  assert.equal(new TextDecoder().decode(bytes), vector.signed_bytes_utf8)
  assert.deepEqual(attestEvidence(signer, vector.extraction, statement), vector.attestation)
  const check = checkEvidenceAttestation(vector.attestation, vector.extraction)
  assert.ok(check.ok)
  assert.equal(check.extractorKey, signer.publicKeyBase58)
})

test('changing anything the extractor vouched for breaks the signature', () => {
  const changed: [string, AttestedExtraction][] = [
    ['evidence', { ...vector.extraction, evidence: { ...vector.extraction.evidence, price_cents: 999 } }],
    ['solution', { ...vector.extraction, solution: 'https://shop.example/products/other' }],
    ['metadata', { ...vector.extraction, metadata: { options: { Size: 'L' } } }],
    ['intent', { ...vector.extraction, intent_id: '00000000-0000-4000-8000-000000000000' }],
    ['template', { ...vector.extraction, template_id: undefined }],
  ]
  for (const [what, extraction] of changed) {
    const check = checkEvidenceAttestation(vector.attestation, extraction)
    assert.equal(check.ok, false, what)
    assert.match((check as { reason: string }).reason, /signature does not verify over this extraction/, what)
  }
  const laterTime = { ...vector.attestation, extracted_at_ms: vector.attestation.extracted_at_ms + 1 }
  assert.equal(checkEvidenceAttestation(laterTime, vector.extraction).ok, false)
  const otherSource = { ...vector.attestation, sources: [{ ...vector.sources[0]!, body_sha256: 'b'.repeat(64) }] }
  assert.equal(checkEvidenceAttestation(otherSource, vector.extraction).ok, false)
})

test('another key signing the same extraction is valid but names that key (trust is the caller\'s decision)', () => {
  const other = Ed25519Signer.generate()
  const attestation = attestEvidence(other, vector.extraction, { extractedAtMs: 1, sources: [] })
  const check = checkEvidenceAttestation(attestation, vector.extraction)
  assert.ok(check.ok)
  assert.equal(check.extractorKey, other.publicKeyBase58)
  assert.notEqual(check.extractorKey, signer.publicKeyBase58)
})

test('malformed attestations are refused with a reason naming the field', () => {
  const cases: [unknown, RegExp][] = [
    [null, /expected an object/],
    [{ ...vector.attestation, version: 2 }, /version must be 1/],
    [{ ...vector.attestation, extra: 1 }, /unknown field extra/],
    [{ ...vector.attestation, extracted_at_ms: -1 }, /extracted_at_ms/],
    [{ ...vector.attestation, sources: [{ url: 'x', status: 200 }] }, /sources\[0\]/],
    [{ ...vector.attestation, sources: [{ url: 'x', status: 200, body_sha256: 'XYZ' }] }, /body_sha256/],
    [{ ...vector.attestation, signature: { Passkey: {} } }, /Ed25519/],
    [{ ...vector.attestation, signature: { Ed25519: { pub_key: 'x', signature: 'y' } } }, /malformed attestation/],
  ]
  for (const [attestation, reason] of cases) {
    const check = checkEvidenceAttestation(attestation, vector.extraction)
    assert.equal(check.ok, false)
    assert.match((check as { reason: string }).reason, reason)
  }
})
