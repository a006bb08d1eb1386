import { test } from 'node:test'
import assert from 'node:assert/strict'
import { canonicalJsonBytes, Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue } from '../json/jsonValue.ts'
import { parseVerifiable } from '../json/parseVerifiable.ts'
import { signVerifiable } from './signVerifiable.ts'
import { canonicalPayloadBytes, freezeVerifiable } from './payloadBytes.ts'

const signer = Ed25519Signer.generate()
const signed = () =>
  parseVerifiable(
    jsonValue(signVerifiable(signer, 'DebitAllowance', { new_nonce: 1n, debited_shard: 1, credited: formatAddress(signer.ownerId, 1), allowances: { native: { Fungible: 5n } } })),
  )

test('a frozen verifiable has its signed bytes computed once; it cannot be changed afterwards', () => {
  const verifiable = freezeVerifiable(signed())
  if (!('DebitAllowance' in verifiable)) throw new Error('expected a DebitAllowance')
  const payload = verifiable.DebitAllowance.payload
  const bytes = canonicalPayloadBytes(payload)
  assert.deepEqual(bytes, canonicalJsonBytes(payload, 'payload'))
  assert.equal(canonicalPayloadBytes(payload), bytes, 'the same bytes object: computed once')
  assert.throws(() => ((payload.content as { new_nonce: bigint }).new_nonce = 2n), TypeError)
  assert.throws(() => (payload.content.allowances.native = { Fungible: 6n }), TypeError)
})

test('an unfrozen payload is canonicalized at every call, so a change shows', () => {
  const verifiable = signed()
  if (!('DebitAllowance' in verifiable)) throw new Error('expected a DebitAllowance')
  const payload = verifiable.DebitAllowance.payload
  const before = canonicalPayloadBytes(payload)
  payload.content.new_nonce = 2n
  assert.notDeepEqual(canonicalPayloadBytes(payload), before)
})
