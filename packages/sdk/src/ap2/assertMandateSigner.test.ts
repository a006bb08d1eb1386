// Who can sign AP2 mandates (docs/ap2-verity-constraint.md, "Who can check out"): an intent signed
// by an Ed25519 key, with Ed25519 user and agent keys, passes; a passkey, a multisig or an unsigned
// intent, and a passkey user or agent key, are refused with MANDATE_SIGNER_UNSUPPORTED and a message
// saying what to do. The mandate issuers refuse them the same way (they threw a TypeError before).
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { Ed25519Signer, MultisigSigner, SoftwarePasskey } from '@verity/core'
import { VERITY_INTENT_CONSTRAINT_TYPE } from '@verity/wire'
import { signIntent } from '../intents/signIntent.ts'
import { assertMandateSigner } from './assertMandateSigner.ts'
import { closeCheckoutMandate, issueOpenCheckoutMandate, issuePaymentMandate } from './issueMandates.ts'
import { MandateSignerUnsupportedError } from './MandateSignerUnsupportedError.ts'

const TEMPLATE_ID = 'a'.repeat(64)
const FIELDS = { size: 'M' }

function refusal(role: string, scheme: string): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof MandateSignerUnsupportedError, String(error))
    assert.equal(error.code, 'MANDATE_SIGNER_UNSUPPORTED')
    assert.deepEqual([error.fields.role, error.fields.scheme], [role, scheme])
    assert.match(error.message, /^MANDATE_SIGNER_UNSUPPORTED: /)
    assert.match(error.message, /Ed25519 keys only/)
    assert.match(error.message, /nothing was created or spent/)
    assert.match(error.message, role === 'agent' ? /verity keygen --out agent\.json/ : /verity keygen --out user\.json.*verity pay/)
    return true
  }
}

describe('assertMandateSigner', () => {
  const ed25519 = Ed25519Signer.generate()
  const passkey = SoftwarePasskey.generate()
  const multisig = new MultisigSigner({ members: [{ signer: Ed25519Signer.generate(), weight: 1 }, { signer: SoftwarePasskey.generate(), weight: 1 }], threshold: 2 })

  test('an intent signed by an Ed25519 key (shape A or B), with Ed25519 user and agent keys, passes', () => {
    for (const shape of ['a', 'b'] as const) {
      const signedIntent = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, fields: FIELDS, signer: ed25519, shape })
      assert.doesNotThrow(() => assertMandateSigner({ signedIntent, user: ed25519, agent: Ed25519Signer.generate() }))
    }
  })

  test('an intent signed by a passkey or a multisig (either shape), or unsigned, is refused naming the intent and its scheme', () => {
    for (const shape of ['a', 'b'] as const) {
      const byPasskey = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, fields: FIELDS, signer: passkey, shape })
      assert.throws(() => assertMandateSigner({ signedIntent: byPasskey }), refusal('intent', 'Passkey'))
      const byMultisig = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, fields: FIELDS, signer: multisig, shape })
      assert.throws(() => assertMandateSigner({ signedIntent: byMultisig, agent: Ed25519Signer.generate() }), refusal('intent', 'Multisig'))
    }
    const id = randomUUID()
    assert.throws(() => assertMandateSigner({ signedIntent: signIntent({ id, templateId: TEMPLATE_ID, fields: FIELDS, signer: 'Unsigned' }) }), (error: unknown) => {
      assert.ok(refusal('intent', 'Unsigned')(error))
      assert.match((error as Error).message, new RegExp(`intent ${id} is signed by no one`))
      return true
    })
  })

  test('a passkey or multisig user key, or a passkey agent key, is refused before the intent is looked at', () => {
    const signedIntent = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, fields: FIELDS, signer: ed25519 })
    assert.throws(() => assertMandateSigner({ signedIntent, user: passkey }), refusal('user', 'Passkey'))
    assert.throws(() => assertMandateSigner({ user: multisig }), refusal('user', 'Multisig'))
    assert.throws(() => assertMandateSigner({ signedIntent, user: ed25519, agent: SoftwarePasskey.generate({ publicKeyFormat: 'uncompressed' }) }), refusal('agent', 'Passkey'))
  })

  test('the mandate issuers refuse a passkey signer with the typed error, not a TypeError from deep inside the JWS signer', async () => {
    const constraint = { type: VERITY_INTENT_CONSTRAINT_TYPE as typeof VERITY_INTENT_CONSTRAINT_TYPE, orchestrator: 'http://127.0.0.1:1', intent_id: randomUUID(), template_id: TEMPLATE_ID }
    await assert.rejects(issueOpenCheckoutMandate({ user: passkey, agentPublicKey: ed25519.publicKeyBase58, constraint }), refusal('user', 'Passkey'))
    await assert.rejects(closeCheckoutMandate({ openMandate: 'x~', checkout: {}, agent: passkey, audience: 'http://127.0.0.1:1' }), refusal('agent', 'Passkey'))
    await assert.rejects(issuePaymentMandate({ agent: passkey, checkoutHash: 'h', payee: { id: 'p', name: 'p' }, amountCents: 1n, currency: 'USD', intentId: constraint.intent_id, audience: 'http://127.0.0.1:1' }), refusal('agent', 'Passkey'))
  })
})
