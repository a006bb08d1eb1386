import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, test } from 'node:test'
import { decodeBase58, encodeBase58 } from '../encoding/base58.ts'
import { MalformedSignatureError } from '../errors/signatureErrors.ts'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { MultisigSigner } from '../signer/MultisigSigner.ts'
import { SoftwarePasskey } from '../signer/SoftwarePasskey.ts'
import { utf8 } from '../signature/testing.ts'
import { ownerIdOfEd25519Key, ownerIdOfMultisig, ownerIdOfP256Key, ownerIdOfSignature } from './ownerId.ts'

const message = utf8('m')

describe('owner ids', () => {
  test('Ed25519: base58(SHA-256("ed25519" ‖ 0x00 ‖ key))', () => {
    const signer = Ed25519Signer.fromSecretKey(new Uint8Array(32).fill(1))
    const expected = encodeBase58(createHash('sha256').update(Buffer.concat([Buffer.from('ed25519\0'), signer.publicKey])).digest())
    assert.equal(ownerIdOfEd25519Key(signer.publicKey), expected)
    assert.equal(ownerIdOfSignature(signer.sign(message)), expected)
    assert.equal(signer.ownerId, expected)
    assert.equal(decodeBase58(expected, 'owner', 32).length, 32)
  })

  test('P-256: the same id for the compressed and the uncompressed key', () => {
    const passkey = SoftwarePasskey.generate()
    const expected = encodeBase58(createHash('sha256').update(Buffer.concat([Buffer.from('p256\0'), passkey.publicKeyCompressed])).digest())
    assert.equal(ownerIdOfP256Key(passkey.publicKeyCompressed), expected)
    assert.equal(ownerIdOfP256Key(passkey.publicKeyUncompressed), expected)
    assert.equal(ownerIdOfSignature(passkey.signAssertion(message, { publicKeyFormat: 'compressed' })), expected)
    assert.equal(ownerIdOfSignature(passkey.signAssertion(message, { publicKeyFormat: 'uncompressed' })), expected)
    assert.equal(passkey.ownerId, expected)
  })

  test('Multisig: independent of key order and SEC1 form, dependent on weights and threshold', () => {
    const alice = Ed25519Signer.generate()
    const carol = SoftwarePasskey.generate()
    const signers = { [alice.publicKeyBase58]: 1, [encodeBase58(carol.publicKeyCompressed)]: 2 }
    const id = ownerIdOfMultisig({ signers, threshold: 2 })
    const reordered = { [encodeBase58(carol.publicKeyUncompressed)]: 2, [alice.publicKeyBase58]: 1 }
    assert.equal(ownerIdOfMultisig({ threshold: 2, signers: reordered }), id)
    assert.notEqual(ownerIdOfMultisig({ signers, threshold: 3 }), id)
    assert.notEqual(ownerIdOfMultisig({ signers: { ...signers, [alice.publicKeyBase58]: 2 }, threshold: 2 }), id)
    const expected = encodeBase58(
      createHash('sha256')
        .update(Buffer.concat([Buffer.from('multisig\0'), Buffer.from(`{"signers":{${Object.entries(signers).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, w]) => `"${k}":${w}`).join(',')}},"threshold":2}`)]))
        .digest(),
    )
    assert.equal(id, expected)
    const multisig = new MultisigSigner({ members: [{ signer: alice, weight: 1 }, { signer: carol, weight: 2 }], threshold: 2 })
    assert.equal(multisig.ownerId, id)
    assert.equal(ownerIdOfSignature(multisig.sign(message)), id)
  })

  test('one key never names two owners across schemes', () => {
    const alice = Ed25519Signer.generate()
    const single = new MultisigSigner({ members: [{ signer: alice, weight: 1 }], threshold: 1 })
    assert.notEqual(single.ownerId, alice.ownerId)
    const passkey = SoftwarePasskey.generate()
    assert.notEqual(ownerIdOfP256Key(passkey.publicKeyCompressed), alice.ownerId)
    // Tag separation: the same 32 bytes hashed as another scheme differ.
    const bytes = new Uint8Array(32).fill(9)
    assert.notEqual(
      ownerIdOfEd25519Key(bytes),
      encodeBase58(createHash('sha256').update(Buffer.concat([Buffer.from('p256\0'), bytes])).digest()),
    )
  })

  test('bad keys are malformed', () => {
    assert.throws(() => ownerIdOfEd25519Key(new Uint8Array(33)), MalformedSignatureError)
    assert.throws(() => ownerIdOfP256Key(new Uint8Array(32)), MalformedSignatureError)
    assert.throws(() => ownerIdOfP256Key(Uint8Array.of(0x02, ...new Uint8Array(32).fill(0xff))), /not a point on the P-256 curve/)
    assert.throws(() => ownerIdOfMultisig({ signers: {}, threshold: 1 }), MalformedSignatureError)
  })
})
