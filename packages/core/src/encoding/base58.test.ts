import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, test } from 'node:test'
import { base64urlnopad } from '@scure/base'
import { InvalidBase58Error } from '../errors/encodingErrors.ts'
import { readVectors } from '../vectors/readVectors.ts'
import { decodeBase58, encodeBase58 } from './base58.ts'
import { decodeBase64Url, encodeBase64Url } from './base64url.ts'

const { vectors } = readVectors<{ vectors: [string, string][] }>('base58-bitcoin.json')

describe('base58', () => {
  test('Bitcoin Core vectors encode and decode', () => {
    for (const [hex, text] of vectors) {
      assert.equal(encodeBase58(Buffer.from(hex, 'hex')), text)
      if (text !== '') assert.equal(Buffer.from(decodeBase58(text, 'v')).toString('hex'), hex)
    }
  })

  test('random bytes round-trip, leading zeros kept', () => {
    for (let length = 0; length < 80; length++) {
      const bytes = randomBytes(length)
      if (length > 2) bytes[0] = 0
      const text = encodeBase58(bytes)
      if (length > 0) assert.deepEqual(decodeBase58(text, 'v'), new Uint8Array(bytes))
    }
  })

  test('characters outside the alphabet (0, O, I, l) and other junk are refused', () => {
    for (const bad of ['0', 'O', 'I', 'l', '3mJr0', 'O3yxU', '3sNI', '4kl8', 'abc def', '+/', '', 'é']) {
      assert.throws(() => decodeBase58(bad, 'pub_key'), (error: unknown) => {
        assert.ok(error instanceof InvalidBase58Error)
        assert.equal(error.code, 'INVALID_BASE58')
        assert.match(error.message, /"pub_key"/)
        return true
      })
    }
    for (const bad of [undefined, null, 42, ['2g'], {}]) assert.throws(() => decodeBase58(bad, 'x'), InvalidBase58Error)
  })

  test('length is checked, one or several allowed', () => {
    const key = encodeBase58(new Uint8Array(32).fill(7))
    assert.equal(decodeBase58(key, 'k', 32).length, 32)
    assert.equal(decodeBase58(key, 'k', [33, 32]).length, 32)
    assert.throws(() => decodeBase58(key, 'k', 33), {
      code: 'INVALID_BASE58',
      message: '"k" expected base58 of 33 bytes, got 32 bytes',
    })
  })
})

describe('base64url', () => {
  test('no padding, URL alphabet, round trip', () => {
    assert.equal(encodeBase64Url(Buffer.from([0xfb, 0xff])), '-_8')
    assert.deepEqual(decodeBase64Url('-_8'), new Uint8Array([0xfb, 0xff]))
    // RFC 4648 §10 test vectors, without padding.
    const cases: [string, string][] = [['', ''], ['f', 'Zg'], ['fo', 'Zm8'], ['foo', 'Zm9v'], ['foob', 'Zm9vYg'], ['fooba', 'Zm9vYmE'], ['foobar', 'Zm9vYmFy']]
    for (const [plain, encoded] of cases) assert.equal(encodeBase64Url(Buffer.from(plain)), encoded)
    assert.throws(() => decodeBase64Url('Zg=='))
  })

  test('the native encoder agrees with @scure/base', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = randomBytes(length)
      assert.equal(encodeBase64Url(bytes), base64urlnopad.encode(bytes))
      assert.equal(encodeBase64Url(bytes.subarray(1)), base64urlnopad.encode(bytes.subarray(1)))
    }
  })
})

describe('base58 size bounds', () => {
  test('encoding more than BASE58_BYTES_MAX is a RangeError; overlong text is invalid base58', () => {
    assert.equal(decodeBase58(encodeBase58(new Uint8Array(2048).fill(0xff)), 'big').length, 2048)
    assert.throws(() => encodeBase58(new Uint8Array(2049)), RangeError)
    assert.throws(() => decodeBase58('2'.repeat(4097), 'long'), InvalidBase58Error)
  })
})
