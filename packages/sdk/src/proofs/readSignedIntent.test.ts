import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { test } from 'node:test'
import { Ed25519Signer, SoftwarePasskey, verifySignature, type Signature } from '@verity/core'
import { parseSignedIntent } from '@verity/orchestrator'
import { signIntent } from '../intents/signIntent.ts'
import { MalformedProofBundleError } from './proofErrors.ts'
import { readSignedIntent } from './readSignedIntent.ts'

const TEMPLATE_ID = '9WSDppxSXKfVpuUYGVX4fJhAgc5y5udY6otHkP7vWUU1'

// The offline verifier must read an intent exactly as the orchestrator that accepted it did.
test('reads both shapes as the orchestrator does, and the signature covers the same bytes', () => {
  const signers = [Ed25519Signer.generate(), SoftwarePasskey.generate()]
  for (const signer of signers) {
    for (const shape of ['a', 'b'] as const) {
      for (const fields of [{ size: 'M', max_price_cents: 2500, colors: ['White'] }, {}]) {
        const body = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, fields, signer, shape })
        const ours = readSignedIntent(body)
        const theirs = parseSignedIntent(body)
        assert.deepEqual(
          { ...ours, signedBytes: Buffer.from(ours.signedBytes) },
          { id: theirs.id, templateId: theirs.templateId, attrFields: theirs.attrFields, authorship: theirs.authorship, signedBytes: Buffer.from(theirs.signedBytes) },
        )
        assert.equal(verifySignature(ours.authorship as Signature, ours.signedBytes), true)
      }
    }
  }
})

test('an Unsigned intent reads as Unsigned', () => {
  const body = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, signer: 'Unsigned' })
  assert.equal(readSignedIntent(body).authorship, 'Unsigned')
})

test('a malformed intent names the field', () => {
  assert.throws(() => readSignedIntent({ intent: { id: 1 }, authorship: 'Unsigned' }), (error: unknown) => {
    assert.ok(error instanceof MalformedProofBundleError)
    assert.equal(error.message, 'malformed proof bundle: signed_intent.intent.id must be a string')
    return true
  })
  assert.throws(() => readSignedIntent([]), /signed_intent must be a JSON object/)
})
