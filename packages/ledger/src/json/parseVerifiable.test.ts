import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, parseJsonBigint, stringifyJsonBigint } from '@verity/core'
import { parseVerifiable } from './parseVerifiable.ts'
import { parseVault } from './parseVault.ts'
import { parseStateDiff } from './parseStateDiff.ts'
import { parseSdlContent, parseSdlState } from './parseSdl.ts'
import { jsonValue } from './jsonValue.ts'
import { verifyVerifiable } from '../laws/verifyVerifiable.ts'
import { LedgerLimitError, MalformedVerifiableError } from '../errors/ledgerErrors.ts'
import { addressOf, createNfts, debit, nft } from '../testing/shardFixture.ts'
import { sdlHash } from '../sdl/sdlHash.ts'
import { AUXILIARY_BYTES_MAX } from '../limits.ts'

const alice = Ed25519Signer.generate()
const B = addressOf(Ed25519Signer.generate())

const wire = (value: unknown) => parseJsonBigint(stringifyJsonBigint(jsonValue(value)))

describe('JSON codecs', () => {
  test('a signed verifiable survives the wire and still verifies', () => {
    for (const v of [debit(alice, 7n, B, { native: { Fungible: 5n }, [B]: { NonFungible: [2n, 1n] } }), createNfts(alice, 1n, [{ address: B, nfts: [nft(9n)] }])]) {
      const parsed = parseVerifiable(wire(v))
      assert.deepEqual(parsed, v)
      assert.equal(verifyVerifiable(parsed).signer, alice.ownerId)
    }
  })

  test('errors name the field', () => {
    const v = wire(debit(alice, 1n, B, { native: { Fungible: 5n } })) as any
    const cases: [unknown, RegExp][] = [
      [{ ...v, Extra: 1 }, /verifiable: expected exactly one key/],
      [{ DebitAllowance: { ...v.DebitAllowance, payload: { ...v.DebitAllowance.payload, content: { ...v.DebitAllowance.payload.content, new_nonce: -1 } } } }, /content\.new_nonce: -1 is out of range/],
      [{ DebitAllowance: { ...v.DebitAllowance, payload: { ...v.DebitAllowance.payload, content: { ...v.DebitAllowance.payload.content, credited: 'nope' } } } }, /content\.credited/],
      [{ DebitAllowance: { ...v.DebitAllowance, payload: { ...v.DebitAllowance.payload, auxiliary: [256] } } }, /auxiliary\[0\]/],
      [{ DebitAllowance: { ...v.DebitAllowance, payload: { ...v.DebitAllowance.payload, content: { ...v.DebitAllowance.payload.content, allowances: { native: { Fungible: 1.5 } } } } } }, /Fungible: expected an integer/],
      [{ DebitAllowance: { ...v.DebitAllowance, payload: { ...v.DebitAllowance.payload, content: { ...v.DebitAllowance.payload.content, debited_shard: 0 } } } }, /debited_shard/],
      [{ DebitAllowance: { ...v.DebitAllowance, payload: { ...v.DebitAllowance.payload, extra: true } } }, /payload\.extra: unknown field/],
      [{ DebitAllowance: { ...v.DebitAllowance, signature: { RSA: {} } } }, /signature: expected exactly one key/],
    ]
    for (const [json, pattern] of cases) assert.throws(() => parseVerifiable(json), (e: Error) => e instanceof MalformedVerifiableError && pattern.test(e.message))
    const tooLong = { DebitAllowance: { ...v.DebitAllowance, payload: { ...v.DebitAllowance.payload, auxiliary: new Array(AUXILIARY_BYTES_MAX + 1).fill(0) } } }
    assert.throws(() => parseVerifiable(tooLong), LedgerLimitError)
  })

  test('u64 beyond 2^53 round-trips exactly in vaults; amounts in signed messages stop at 2^53', () => {
    const vault = { balance: 2n ** 64n - 1n, shard: 3, data: { TokenHoldings: { fungibles: { [B]: 2n ** 60n + 1n }, nfts: { [B]: [1n, 5n] } } } }
    const text = stringifyJsonBigint(jsonValue(vault))
    assert.match(text, /18446744073709551615/)
    assert.deepEqual(parseVault(parseJsonBigint(text)), vault)
    const big = wire(debit(alice, 1n, B, { native: { Fungible: 1n } })) as any
    big.DebitAllowance.payload.content.allowances.native.Fungible = 2n ** 60n
    assert.throws(() => parseVerifiable(big), /out of range/)
  })

  test('state diffs, SDL states and SDL content parse back to what was written', () => {
    const diff = { address: B, operation: { TokenDiffs: { native: { Fungible: -5n }, [B]: { NonFungible: { changes: { '3': 'Debit' as const } } } } } }
    assert.deepEqual(parseStateDiff(wire(diff)), diff)
    assert.equal(parseSdlState('Proven'), 'Proven')
    assert.deepEqual(parseSdlState({ ProvingFailed: 'boom' }), { ProvingFailed: 'boom' })
    assert.throws(() => parseSdlState('Done'), MalformedVerifiableError)
    const content = {
      shard: 1,
      sequence: 1,
      previous_hash: null,
      incoming_credits: { from_cursor: 0, to_cursor: 1, credits: [diff] },
      transactions: [{ verifiable: debit(alice, 1n, B, { native: { Fungible: 5n } }), state_diffs: [diff] }],
      root_before: `0x${'0'.repeat(64)}`,
      root_after: `0x${'1'.repeat(64)}`,
    }
    const parsed = parseSdlContent(wire(content))
    assert.deepEqual(parsed, content)
    assert.equal(sdlHash(parsed), sdlHash(content))
    assert.notEqual(sdlHash({ ...content, sequence: 2 }), sdlHash(content))
  })
})
