import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { readVectors } from '../vectors/readVectors.ts'
import { verifyEs256 } from './checkPasskey.ts'
import { compressP256PublicKey } from './p256PublicKey.ts'
import { p256KeyObject } from './publicKeyCache.ts'

type Wycheproof = {
  numberOfTests: number
  testGroups: { publicKey: { uncompressed: string }; tests: { tcId: number; comment: string; msg: string; sig: string; result: 'valid' | 'invalid' | 'acceptable' }[] }[]
}
const vectors = readVectors<Wycheproof>('wycheproof-ecdsa-secp256r1-sha256.json')
const hex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'))

describe('ES256 verification against Wycheproof ecdsa_secp256r1_sha256', () => {
  test('every vector: valid ones verify, invalid ones (BER, bad ranges, r = 0 …) do not', () => {
    let count = 0
    for (const group of vectors.testGroups) {
      const uncompressed = hex(group.publicKey.uncompressed)
      // Both SEC1 forms of the key must give the same answers.
      const keys = [p256KeyObject(uncompressed), p256KeyObject(compressP256PublicKey(uncompressed))]
      for (const vector of group.tests) {
        count++
        if (vector.result === 'acceptable') continue
        for (const key of keys)
          assert.equal(verifyEs256(key, hex(vector.msg), hex(vector.sig)), vector.result === 'valid', `tcId ${vector.tcId}: ${vector.comment}`)
      }
    }
    assert.equal(count, vectors.testGroups.reduce((sum, group) => sum + group.tests.length, 0))
    assert.ok(count >= 400)
  })
})
