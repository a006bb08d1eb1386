import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { InvalidAddressError } from '../errors/addressErrors.ts'
import { hashDigest } from '../hash/sha256.ts'
import { formatAddress, isHashDigest, NATIVE_TOKEN_ID, parseAddress } from './address.ts'

const owner = hashDigest('owner')

describe('addresses', () => {
  test('format and parse round-trip', () => {
    assert.equal(formatAddress(owner, 1), `${owner},1`)
    assert.equal(formatAddress(owner, 7n), `${owner},7`)
    assert.deepEqual(parseAddress(`${owner},42`), { ownerId: owner, shard: 42 })
    assert.deepEqual(parseAddress(formatAddress(owner, Number.MAX_SAFE_INTEGER)), { ownerId: owner, shard: Number.MAX_SAFE_INTEGER })
    assert.equal(NATIVE_TOKEN_ID, 'native')
    assert.equal(isHashDigest(owner), true)
    assert.equal(isHashDigest('native'), false)
  })

  test('bad addresses name the problem', () => {
    const cases: [string, string][] = [
      [`${owner},0`, 'shard "0" is not an integer ≥ 1'],
      [`${owner},-1`, 'shard "-1" is not an integer ≥ 1'],
      [`${owner},01`, 'shard "01" is not an integer ≥ 1'],
      [`${owner},1.5`, 'shard "1.5" is not an integer ≥ 1'],
      [`${owner}, 1`, 'shard " 1" is not an integer ≥ 1'],
      [`${owner},`, 'shard "" is not an integer ≥ 1'],
      [`${owner},99999999999999999`, 'shard must be an integer from 1 to 9007199254740991'],
      [owner, 'expected "<owner_id>,<shard>"'],
      [`${owner},1,2`, 'expected "<owner_id>,<shard>"'],
      ['native,1', 'owner id is not base58 of 32 bytes'],
      [`0${owner.slice(1)},1`, 'owner id is not base58 of 32 bytes'],
    ]
    for (const [text, reason] of cases)
      assert.throws(() => parseAddress(text), (error: unknown) => {
        assert.ok(error instanceof InvalidAddressError)
        assert.equal(error.code, 'INVALID_ADDRESS')
        assert.equal(error.fields.reason, reason, text)
        return true
      })
    assert.throws(() => formatAddress(owner, 0), InvalidAddressError)
    assert.throws(() => formatAddress(owner, 1.5), InvalidAddressError)
    assert.throws(() => formatAddress('abc', 1), InvalidAddressError)
  })
})
