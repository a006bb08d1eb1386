import assert from 'node:assert/strict'
import { createHash, createPrivateKey, sign } from 'node:crypto'
import { describe, test } from 'node:test'
import { decodeBase58, encodeBase58 } from '../encoding/base58.ts'
import { encodeBase64Url } from '../encoding/base64url.ts'
import { InvalidSignatureError, MalformedSignatureError } from '../errors/signatureErrors.ts'
import { SoftwarePasskey } from '../signer/SoftwarePasskey.ts'
import { authenticatorFlags } from './checkPasskey.ts'
import type { PasskeySignature } from './Signature.ts'
import { flipBit, utf8 } from './testing.ts'
import { assertSignature, verifySignature } from './verifySignature.ts'

const message = utf8('{"id":"550e8400-e29b-41d4-a716-446655440000","policy_id":"p"}')
const passkey = SoftwarePasskey.generate({ rpId: 'verity.example', origin: 'https://verity.example' })

function reasonOf(signature: unknown, signed: Uint8Array = message): string {
  try {
    assertSignature(signature, signed)
  } catch (error) {
    assert.ok(error instanceof InvalidSignatureError, String(error))
    return error.fields.reason
  }
  return 'verified'
}

function withField(signature: PasskeySignature, field: keyof PasskeySignature['Passkey'], value: string): PasskeySignature {
  return { Passkey: { ...signature.Passkey, [field]: value } }
}

describe('Passkey (WebAuthn ES256)', () => {
  test('a real assertion verifies; its parts are what WebAuthn specifies', () => {
    const signature = passkey.sign(message)
    assert.equal(verifySignature(signature, message), true)
    const clientData = JSON.parse(signature.Passkey.client_data) as Record<string, string>
    assert.deepEqual(Object.keys(clientData), ['type', 'challenge', 'origin'])
    assert.equal(clientData.type, 'webauthn.get')
    assert.equal(clientData.challenge, encodeBase64Url(createHash('sha256').update(message).digest()))
    const authenticatorData = decodeBase58(signature.Passkey.authenticator_data, 'a')
    assert.equal(authenticatorData.length, 37)
    assert.deepEqual(authenticatorData.subarray(0, 32), new Uint8Array(createHash('sha256').update('verity.example').digest()))
    assert.equal(authenticatorData[32], 0x05, 'UP | UV')
    assert.equal(decodeBase58(signature.Passkey.signature, 's')[0], 0x30, 'DER by default')
  })

  test('DER and raw r‖s signatures, compressed and uncompressed keys all verify', () => {
    for (const signatureFormat of ['der', 'raw'] as const)
      for (const publicKeyFormat of ['compressed', 'uncompressed'] as const) {
        const signature = passkey.signAssertion(message, { signatureFormat, publicKeyFormat })
        const keyLength = decodeBase58(signature.Passkey.pub_key, 'k').length
        assert.equal(keyLength, publicKeyFormat === 'compressed' ? 33 : 65)
        if (signatureFormat === 'raw') assert.equal(decodeBase58(signature.Passkey.signature, 's').length, 64)
        assert.equal(verifySignature(signature, message), true, `${signatureFormat} ${publicKeyFormat}`)
      }
  })

  test('an assertion made outside our signer (node:crypto directly, raw form) verifies', () => {
    const authenticatorData = Buffer.concat([createHash('sha256').update('x').digest(), Buffer.of(0x01), Buffer.alloc(4)])
    const clientData = `{"type":"webauthn.get","challenge":"${encodeBase64Url(createHash('sha256').update(message).digest())}","origin":"https://x","crossOrigin":false}`
    const key = SoftwarePasskey.generate()
    const file = JSON.parse(key.toKeyFileText()) as { secret_key: string }
    const secret = decodeBase58(file.secret_key, 'k')
    const uncompressed = key.publicKeyUncompressed
    const jwk = {
      kty: 'EC', crv: 'P-256', d: encodeBase64Url(secret),
      x: encodeBase64Url(uncompressed.subarray(1, 33)), y: encodeBase64Url(uncompressed.subarray(33)),
    }
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientData).digest()])
    const raw = sign('sha256', signed, { key: createPrivateKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' })
    const signature: PasskeySignature = {
      Passkey: {
        pub_key: encodeBase58(uncompressed),
        signature: encodeBase58(raw),
        client_data: clientData,
        authenticator_data: encodeBase58(authenticatorData),
      },
    }
    assert.equal(verifySignature(signature, message), true)
  })

  test('wrong key', () => {
    const other = SoftwarePasskey.generate()
    const signature = withField(passkey.sign(message), 'pub_key', other.publicKeyBase58)
    assert.equal(reasonOf(signature), 'ECDSA P-256 signature does not verify')
  })

  test('flipped bit in the message (the challenge no longer matches)', () => {
    const signature = passkey.sign(message)
    const tampered = Uint8Array.from(message)
    tampered[3]! ^= 0x10
    assert.equal(verifySignature(signature, tampered), false)
    assert.equal(reasonOf(signature, tampered), 'client_data challenge is not base64url(SHA-256(signed bytes))')
  })

  test('flipped bits in the signature, DER and raw', () => {
    for (const signatureFormat of ['der', 'raw'] as const) {
      const signature = passkey.signAssertion(message, { signatureFormat })
      const length = decodeBase58(signature.Passkey.signature, 's').length
      for (const bit of [7 * 8, 20 * 8 + 3, (length - 1) * 8]) {
        const tampered = withField(signature, 'signature', flipBit(signature.Passkey.signature, bit))
        assert.equal(verifySignature(tampered, message), false, `${signatureFormat} bit ${bit}`)
      }
    }
  })

  test('flipped bit in authenticator data or a re-serialized client_data', () => {
    const signature = passkey.sign(message)
    const counterBit = 36 * 8
    assert.equal(reasonOf(withField(signature, 'authenticator_data', flipBit(signature.Passkey.authenticator_data, counterBit))), 'ECDSA P-256 signature does not verify')
    const spaced = JSON.stringify(JSON.parse(signature.Passkey.client_data), null, 1)
    assert.equal(reasonOf(withField(signature, 'client_data', spaced)), 'ECDSA P-256 signature does not verify')
  })

  test('wrong challenge', () => {
    const signature = passkey.signAssertion(message, { challenge: encodeBase64Url(createHash('sha256').update('other').digest()) })
    assert.equal(reasonOf(signature), 'client_data challenge is not base64url(SHA-256(signed bytes))')
    // The padded base64 form is not the same text either.
    const padded = passkey.signAssertion(message, { challenge: `${createHash('sha256').update(message).digest('base64url')}=` })
    assert.equal(verifySignature(padded, message), false)
  })

  test('user-present flag missing (even with user-verified set)', () => {
    const signature = passkey.signAssertion(message, { flags: authenticatorFlags.userVerified })
    assert.equal(reasonOf(signature), 'user-present flag is not set in authenticator_data')
    assert.equal(verifySignature(passkey.signAssertion(message, { flags: authenticatorFlags.userPresent }), message), true)
  })

  test('wrong clientData type', () => {
    const signature = passkey.signAssertion(message, { clientDataType: 'webauthn.create' })
    assert.equal(reasonOf(signature), 'client_data type is "webauthn.create", expected "webauthn.get"')
  })

  test('client_data that is not a JSON object', () => {
    const signature = passkey.sign(message)
    assert.equal(reasonOf(withField(signature, 'client_data', 'not json')), 'client_data is not a JSON object')
    assert.equal(reasonOf(withField(signature, 'client_data', '[1]')), 'client_data is not a JSON object')
  })

  test('shape errors name the field', () => {
    const signature = passkey.sign(message)
    const notOnCurve = new Uint8Array(33).fill(0xff)
    notOnCurve[0] = 0x02
    const cases: [unknown, string][] = [
      [withField(signature, 'pub_key', encodeBase58(new Uint8Array(32).fill(3))), 'signature.Passkey.pub_key: expected 33 or 65 bytes, got 32'],
      [withField(signature, 'pub_key', encodeBase58(notOnCurve)), 'signature.Passkey.pub_key: not a point on the P-256 curve'],
      [withField(signature, 'signature', encodeBase58(new Uint8Array(5).fill(1))), 'signature.Passkey.signature: expected a DER signature (8 to 72 bytes) or 64-byte r‖s, got 5 bytes'],
      [withField(signature, 'authenticator_data', encodeBase58(new Uint8Array(36).fill(1))), 'signature.Passkey.authenticator_data: expected 37 to 2048 bytes, got 36'],
      [{ Passkey: { ...signature.Passkey, client_data: undefined } }, 'signature.Passkey.client_data: expected a string'],
      [withField(signature, 'client_data', 'x'.repeat(5000)), 'signature.Passkey.client_data: longer than 4096 characters'],
    ]
    for (const [value, text] of cases)
      assert.throws(() => assertSignature(value, message), (error: unknown) => {
        assert.ok(error instanceof MalformedSignatureError, text)
        assert.equal(error.message, `malformed signature: ${text}`)
        return true
      })
    const { authenticator_data: _, ...missing } = signature.Passkey
    assert.throws(() => assertSignature({ Passkey: missing }, message), { message: 'malformed signature: signature.Passkey.authenticator_data: missing' })
  })
})
