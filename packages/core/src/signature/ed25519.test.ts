import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { encodeBase58 } from '../encoding/base58.ts'
import { InvalidSignatureError, MalformedSignatureError } from '../errors/signatureErrors.ts'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { readVectors } from '../vectors/readVectors.ts'
import type { Ed25519Signature } from './Signature.ts'
import { flipBit, flipBitInBytes, utf8 } from './testing.ts'
import { assertSignature, verifySignature } from './verifySignature.ts'

type Rfc8032 = { vectors: { name: string; secret_key: string; public_key: string; message: string; signature: string }[] }
const { vectors } = readVectors<Rfc8032>('rfc8032-ed25519.json')
const hex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'))

function wire(publicKey: string, signature: string): Ed25519Signature {
  return { Ed25519: { pub_key: encodeBase58(hex(publicKey)), signature: encodeBase58(hex(signature)) } }
}

describe('Ed25519 (RFC 8032 §7.1 vectors)', () => {
  for (const vector of vectors)
    test(vector.name, () => {
      const message = hex(vector.message)
      const signer = Ed25519Signer.fromSecretKey(hex(vector.secret_key))
      assert.equal(Buffer.from(signer.publicKey).toString('hex'), vector.public_key)
      const signature = signer.sign(message)
      assert.deepEqual(signature, wire(vector.public_key, vector.signature), 'signing is deterministic and matches the RFC')
      assert.equal(verifySignature(signature, message), true)
      assertSignature(signature, message)
      if (message.length > 0) assert.equal(verifySignature(signature, flipBitInBytes(message, 0)), false, 'flipped message bit')
      assert.equal(verifySignature(signature, utf8('other')), false, 'other message')
      for (const bit of [0, 255, 256, 400, 511]) {
        const tampered = { Ed25519: { ...signature.Ed25519, signature: flipBit(signature.Ed25519.signature, bit) } }
        assert.equal(verifySignature(tampered, message), false, `flipped signature bit ${bit}`)
      }
    })

  test('the 1023-byte message vector is really 1023 bytes', () => {
    assert.equal(hex(vectors.find((v) => v.name === 'TEST 1024')!.message).length, 1023)
  })
})

describe('Ed25519 rejections', () => {
  const message = utf8('{"amount":1}')
  const signer = Ed25519Signer.generate()
  const good = signer.sign(message)

  test('wrong key: a signature checked against another key is false, and assertSignature says why', () => {
    const other = Ed25519Signer.generate()
    const wrongKey = { Ed25519: { ...good.Ed25519, pub_key: other.publicKeyBase58 } }
    assert.equal(verifySignature(wrongKey, message), false)
    assert.throws(() => assertSignature(wrongKey, message), (error: unknown) => {
      assert.ok(error instanceof InvalidSignatureError)
      assert.equal(error.code, 'INVALID_SIGNATURE')
      assert.equal(error.message, 'invalid signature: Ed25519 signature does not verify')
      return true
    })
  })

  test('S at or above the group order is refused (RFC 8032 §5.1.7)', () => {
    const vector = vectors[0]!
    const signature = hex(vector.signature)
    // L = 2^252 + 27742317777372353535851937790883648493, little-endian in bytes 32..63.
    const order = 2n ** 252n + 27742317777372353535851937790883648493n
    let s = 0n
    for (let index = 63; index >= 32; index--) s = (s << 8n) | BigInt(signature[index]!)
    let sPlusOrder = s + order
    for (let index = 32; index < 64; index++) {
      signature[index] = Number(sPlusOrder & 0xffn)
      sPlusOrder >>= 8n
    }
    const tampered = { Ed25519: { pub_key: encodeBase58(hex(vector.public_key)), signature: encodeBase58(signature) } }
    assert.equal(verifySignature(tampered, new Uint8Array()), false)
  })

  test('shape errors name the field', () => {
    const cases: [unknown, string][] = [
      [{ Ed25519: { pub_key: good.Ed25519.pub_key } }, 'signature.Ed25519.signature: missing'],
      [{ Ed25519: { signature: good.Ed25519.signature } }, 'signature.Ed25519.pub_key: missing'],
      [{ Ed25519: { ...good.Ed25519, extra: 1 } }, 'signature.Ed25519.extra: unexpected key'],
      [{ Ed25519: { ...good.Ed25519, pub_key: encodeBase58(new Uint8Array(31).fill(1)) } }, 'signature.Ed25519.pub_key: expected 32 bytes, got 31'],
      [{ Ed25519: { ...good.Ed25519, signature: encodeBase58(new Uint8Array(63).fill(1)) } }, 'signature.Ed25519.signature: expected 64 bytes, got 63'],
      [{ Ed25519: { ...good.Ed25519, signature: '0OIl' } }, 'signature.Ed25519.signature: not valid base58'],
      [{ Ed25519: { ...good.Ed25519, pub_key: 7 } }, 'signature.Ed25519.pub_key: expected a string'],
      [{ Ed25519: good.Ed25519, Passkey: {} }, 'signature: expected exactly one scheme key (Ed25519, Passkey or Multisig), got 2'],
      [{ Schnorr: good.Ed25519 }, 'signature: unknown scheme "Schnorr", expected Ed25519, Passkey or Multisig'],
      [{}, 'signature: expected exactly one scheme key (Ed25519, Passkey or Multisig), got 0'],
      [null, 'signature: expected an object'],
      ['Unsigned', 'signature: expected an object'],
      [{ Ed25519: [] }, 'signature.Ed25519: expected an object'],
    ]
    for (const [value, message] of cases) {
      assert.throws(() => assertSignature(value, utf8('m')), (error: unknown) => {
        assert.ok(error instanceof MalformedSignatureError, message)
        assert.equal(error.code, 'MALFORMED_SIGNATURE')
        assert.equal(error.message, `malformed signature: ${message}`)
        return true
      })
      assert.throws(() => verifySignature(value as Ed25519Signature, utf8('m')), MalformedSignatureError)
    }
  })
})
