// Who can check out through AP2 (docs/ap2-verity-constraint.md, "Who can check out"): an intent
// signed by an Ed25519 key, a passkey or a multisig passes (the signed intent is the user's
// authority); an unsigned intent, and a passkey or multisig agent key, are refused with
// MANDATE_SIGNER_UNSUPPORTED and a message saying what to do.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { Ed25519Signer, MultisigSigner, SoftwarePasskey } from '@verity/core'
import { signIntent } from '../intents/signIntent.ts'
import { assertMandateSigner } from './assertMandateSigner.ts'
import { MandateSignerUnsupportedError } from './MandateSignerUnsupportedError.ts'

const TEMPLATE_ID = 'a'.repeat(64)
const FIELDS = { size: 'M' }

function refusal(role: string, scheme: string): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof MandateSignerUnsupportedError, String(error))
    assert.equal(error.code, 'MANDATE_SIGNER_UNSUPPORTED')
    assert.deepEqual([error.fields.role, error.fields.scheme], [role, scheme])
    assert.match(error.message, /^MANDATE_SIGNER_UNSUPPORTED: /)
    assert.match(error.message, /nothing was created or spent/)
    assert.match(error.message, role === 'agent' ? /verity keygen --out agent\.json/ : /sign the intent \(an Ed25519 key, a passkey or a multisig\)/)
    return true
  }
}

describe('assertMandateSigner', () => {
  const ed25519 = Ed25519Signer.generate()
  const passkey = SoftwarePasskey.generate()
  const multisig = new MultisigSigner({ members: [{ signer: Ed25519Signer.generate(), weight: 1 }, { signer: SoftwarePasskey.generate(), weight: 1 }], threshold: 2 })

  test('an intent signed by an Ed25519 key, a passkey or a multisig (either shape), with an Ed25519 agent key, passes', () => {
    for (const shape of ['a', 'b'] as const) {
      for (const signer of [ed25519, passkey, multisig]) {
        const signedIntent = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, fields: FIELDS, signer, shape })
        assert.doesNotThrow(() => assertMandateSigner({ signedIntent, agent: Ed25519Signer.generate() }))
      }
    }
  })

  test('an unsigned intent is refused naming the intent', () => {
    const id = randomUUID()
    assert.throws(() => assertMandateSigner({ signedIntent: signIntent({ id, templateId: TEMPLATE_ID, fields: FIELDS, signer: 'Unsigned' }) }), (error: unknown) => {
      assert.ok(refusal('intent', 'Unsigned')(error))
      assert.match((error as Error).message, new RegExp(`intent ${id} is signed by no one`))
      return true
    })
  })

  test('a passkey or multisig agent key is refused before the intent is looked at', () => {
    const signedIntent = signIntent({ id: randomUUID(), templateId: TEMPLATE_ID, fields: FIELDS, signer: ed25519 })
    assert.throws(() => assertMandateSigner({ signedIntent, agent: SoftwarePasskey.generate({ publicKeyFormat: 'uncompressed' }) }), refusal('agent', 'Passkey'))
    assert.throws(() => assertMandateSigner({ signedIntent: 'not an intent', agent: multisig }), refusal('agent', 'Multisig'))
  })
})
