import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { ed25519KeyObject, PublicKeyCache } from './publicKeyCache.ts'

describe('PublicKeyCache', () => {
  test('is bounded and evicts the least recently used key', () => {
    const cache = new PublicKeyCache(2)
    const keys = Array.from({ length: 3 }, () => Ed25519Signer.generate())
    let builds = 0
    const get = (index: number) =>
      cache.getOrBuild(keys[index]!.publicKeyBase58, () => {
        builds++
        const bytes = keys[index]!.publicKey
        return { bytes, keyObject: ed25519KeyObject(bytes), canonicalBytes: bytes, canonicalText: keys[index]!.publicKeyBase58 }
      })
    get(0)
    get(1)
    get(0) // 0 is now the most recent, so 1 is evicted next
    get(2)
    assert.equal(cache.size, 2)
    assert.equal(builds, 3)
    get(0)
    assert.equal(builds, 3, 'key 0 was kept')
    get(1)
    assert.equal(builds, 4, 'key 1 was evicted')
    assert.equal(cache.size, 2)
  })

  test('a build that throws caches nothing', () => {
    const cache = new PublicKeyCache(2)
    assert.throws(() => cache.getOrBuild('x', () => { throw new Error('bad key') }), /bad key/)
    assert.equal(cache.size, 0)
  })
})
