import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { decodeBase58, encodeBase58 } from '../encoding/base58.ts'
import { InvalidSignatureError, MalformedSignatureError } from '../errors/signatureErrors.ts'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { MultisigSigner } from '../signer/MultisigSigner.ts'
import { SoftwarePasskey } from '../signer/SoftwarePasskey.ts'
import type { MultisigSignature } from './Signature.ts'
import { flipBit, utf8 } from './testing.ts'
import { assertSignature, verifySignature } from './verifySignature.ts'

const message = utf8('{"content":{"new_nonce":1},"auxiliary":[]}')
const alice = Ed25519Signer.generate()
const bob = Ed25519Signer.generate()
const carol = SoftwarePasskey.generate()
// alice 2, bob 1, carol 1; threshold 3: alice with either other, or... not bob and carol alone.
const multisig = new MultisigSigner({
  members: [{ signer: alice, weight: 2 }, { signer: bob, weight: 1 }, { signer: carol, weight: 1 }],
  threshold: 3,
})

function reasonOf(signature: unknown): string {
  try {
    assertSignature(signature, message)
  } catch (error) {
    assert.ok(error instanceof InvalidSignatureError, String(error))
    return error.fields.reason
  }
  return 'verified'
}

function malformed(signature: unknown): string {
  try {
    assertSignature(signature, message)
  } catch (error) {
    assert.ok(error instanceof MalformedSignatureError, String(error))
    return error.message
  }
  return 'accepted'
}

function withSignatures(signatures: MultisigSignature['Multisig']['signatures']): MultisigSignature {
  return { Multisig: { pub_key: multisig.pubKey, signatures } }
}

describe('Multisig', () => {
  test('all members, or just enough weight, verify', () => {
    assert.equal(verifySignature(multisig.sign(message), message), true)
    assert.equal(verifySignature(multisig.signWith(message, [0, 1]), message), true)
    assert.equal(verifySignature(multisig.signWith(message, [2, 0]), message), true)
  })

  test('under threshold', () => {
    assert.equal(reasonOf(multisig.signWith(message, [1, 2])), "signers' weight 2 is below the threshold 3")
    assert.equal(reasonOf(multisig.signWith(message, [0])), "signers' weight 2 is below the threshold 3")
    assert.equal(reasonOf(withSignatures([])), "signers' weight 0 is below the threshold 3")
  })

  test('a duplicate signer is counted once', () => {
    const twice = withSignatures([bob.sign(message), bob.sign(message), carol.sign(message)])
    assert.equal(reasonOf(twice), "signers' weight 2 is below the threshold 3")
    const aliceTwice = withSignatures([alice.sign(message), alice.sign(message)])
    assert.equal(verifySignature(aliceTwice, message), false)
    // One P-256 key in both SEC1 forms is still one signer.
    const carolBothForms = withSignatures([
      bob.sign(message),
      carol.signAssertion(message, { publicKeyFormat: 'compressed' }),
      carol.signAssertion(message, { publicKeyFormat: 'uncompressed' }),
    ])
    assert.equal(verifySignature(carolBothForms, message), false)
  })

  test('a signer listed uncompressed may sign with the compressed key, and the reverse', () => {
    const dave = SoftwarePasskey.generate({ publicKeyFormat: 'uncompressed' })
    const both = new MultisigSigner({ members: [{ signer: dave, weight: 1 }], threshold: 1 })
    assert.equal(decodeBase58(Object.keys(both.pubKey.signers)[0], 'k').length, 65)
    const compressed = { Multisig: { pub_key: both.pubKey, signatures: [dave.signAssertion(message, { publicKeyFormat: 'compressed' })] } }
    assert.equal(verifySignature(compressed, message), true)
  })

  test('a signature by a key not in signers invalidates the whole', () => {
    const mallory = Ed25519Signer.generate()
    const signature = withSignatures([alice.sign(message), bob.sign(message), mallory.sign(message)])
    assert.equal(reasonOf(signature), 'signatures[2] is by a key that is not one of the signers')
  })

  test('an inner signature that does not verify is not counted', () => {
    const bad = alice.sign(message)
    bad.Ed25519.signature = flipBit(bad.Ed25519.signature, 9)
    const signature = withSignatures([bad, bob.sign(message)])
    assert.equal(reasonOf(signature), "signers' weight 1 is below the threshold 3 (signatures[0]: Ed25519 signature does not verify)")
    assert.equal(verifySignature(multisig.sign(utf8('another message')), message), false)
  })

  test('threshold 0, negative, fractional or missing is malformed', () => {
    for (const threshold of [0, -1, 1.5, '3', undefined]) {
      const signature = { Multisig: { pub_key: { ...multisig.pubKey, threshold }, signatures: [alice.sign(message)] } }
      assert.match(malformed(signature), /^malformed signature: signature\.Multisig\.pub_key\.threshold: /, String(threshold))
    }
    const zero = { Multisig: { pub_key: { ...multisig.pubKey, threshold: 0 }, signatures: [] } }
    assert.equal(malformed(zero), 'malformed signature: signature.Multisig.pub_key.threshold: expected an integer ≥ 1 (a threshold of 0 would let anyone sign)')
    const unreachable = { Multisig: { pub_key: { ...multisig.pubKey, threshold: 5 }, signatures: [] } }
    assert.equal(malformed(unreachable), 'malformed signature: signature.Multisig.pub_key.threshold: threshold 5 is above the total weight 4 of the signers')
  })

  test('nested multisig is rejected', () => {
    const inner = new MultisigSigner({ members: [{ signer: bob, weight: 1 }], threshold: 1 })
    const nested = { Multisig: { pub_key: multisig.pubKey, signatures: [alice.sign(message), inner.sign(message)] } }
    assert.equal(malformed(nested), 'malformed signature: signature.Multisig.signatures[1]: nested multisig is not allowed')
    assert.throws(() => new MultisigSigner({ members: [{ signer: inner as never, weight: 1 }], threshold: 1 }), { code: 'INVALID_SIGNER' })
  })

  test('bad weights, bad keys and duplicate keys in signers are malformed', () => {
    const key = alice.publicKeyBase58
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ [key]: 0 }, /signers\["\w+"\]: expected an integer weight from 1 to 1000000$/],
      [{ [key]: 1.5 }, /expected an integer weight/],
      [{ [key]: '1' }, /expected an integer weight/],
      [{ [encodeBase58(new Uint8Array(20).fill(1))]: 1 }, /expected 32 or 33 or 65 bytes, got 20$/],
      [{}, /signers: expected at least one signer$/],
      [{ [encodeBase58(carol.publicKeyCompressed)]: 1, [encodeBase58(carol.publicKeyUncompressed)]: 1 }, /the same key is listed twice$/],
    ]
    for (const [signers, pattern] of cases)
      assert.match(malformed({ Multisig: { pub_key: { signers, threshold: 1 }, signatures: [] } }), pattern)
    assert.match(malformed({ Multisig: { pub_key: multisig.pubKey } }), /signature\.Multisig\.signatures: missing$/)
    assert.match(malformed({ Multisig: { pub_key: multisig.pubKey, signatures: {} } }), /signatures: expected an array$/)
    const tooMany = Array.from({ length: 33 }, () => alice.sign(message))
    assert.match(malformed(withSignatures(tooMany)), /more than 32 signatures$/)
  })
})
