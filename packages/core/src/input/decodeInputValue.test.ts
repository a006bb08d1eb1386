import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { InvalidInputValueError } from '../errors/inputValueErrors.ts'
import { parseJsonBigint } from '../json/parseJsonBigint.ts'
import { stringifyJsonBigint } from '../json/stringifyJsonBigint.ts'
import { decodeInputMap, decodeInputValue } from './decodeInputValue.ts'
import { encodeInputMapTagged, encodeInputValueTagged } from './encodeInputValueTagged.ts'

function reasonOf(json: unknown): string {
  try {
    decodeInputValue(json, 'attrs.fields.x')
  } catch (error) {
    assert.ok(error instanceof InvalidInputValueError)
    assert.equal(error.code, 'INVALID_INPUT_VALUE')
    return error.message
  }
  return 'accepted'
}

describe('InputMap values', () => {
  test('tagged values', () => {
    assert.equal(decodeInputValue({ String: 'White' }, 'x'), 'White')
    assert.equal(decodeInputValue({ Int: 5000 }, 'x'), 5000n)
    assert.equal(decodeInputValue({ Int: -(2n ** 63n) }, 'x'), -(2n ** 63n))
    assert.equal(decodeInputValue({ Bool: false }, 'x'), false)
    assert.deepEqual(decodeInputValue({ Set: [{ String: 'S' }, { String: 'M' }] }, 'x'), ['S', 'M'])
    assert.deepEqual(decodeInputValue({ Set: [{ Int: 1 }, { Int: 2 }] }, 'x'), [1n, 2n])
    assert.deepEqual(decodeInputValue({ Set: [] }, 'x'), [])
  })

  test('plain JSON values', () => {
    assert.equal(decodeInputValue('pullover', 'x'), 'pullover')
    assert.equal(decodeInputValue(5000, 'x'), 5000n)
    assert.equal(decodeInputValue(true, 'x'), true)
    assert.deepEqual(decodeInputValue(['a', 'b'], 'x'), ['a', 'b'])
    assert.deepEqual(decodeInputValue([1, 2n], 'x'), [1n, 2n])
  })

  test('a whole InputMap, parsed with big integers intact', () => {
    const body = parseJsonBigint('{"fields":{"max_price_cents":5000,"category":"pullover","big":9223372036854775807,"sizes":{"Set":[{"String":"S"}]}}}')
    assert.deepEqual(decodeInputMap(body), { max_price_cents: 5000n, category: 'pullover', big: 2n ** 63n - 1n, sizes: ['S'] })
    assert.throws(() => decodeInputMap({ max: 1 }), { message: 'attrs: expected exactly one key, "fields"' })
    assert.throws(() => decodeInputMap({ fields: { a: null } }, 'intent.attrs'), { message: 'intent.attrs.fields.a: expected a string, integer, boolean, set or tagged value, got null' })
  })

  test('tagged encoding round-trips through text', () => {
    const values = { color: 'White', price: 2n ** 62n, ok: true, sizes: ['S', 'M'], ids: [1n] }
    const tagged = encodeInputMapTagged(values)
    assert.deepEqual(tagged.fields.sizes, { Set: [{ String: 'S' }, { String: 'M' }] })
    assert.deepEqual(encodeInputValueTagged(7n), { Int: 7n })
    assert.deepEqual(decodeInputMap(parseJsonBigint(stringifyJsonBigint(tagged))), values)
  })

  test('bad values name the path and the problem', () => {
    assert.equal(reasonOf(1.5), 'attrs.fields.x: expected an integer, got 1.5')
    assert.equal(reasonOf(2 ** 60), 'attrs.fields.x: integer is not exact (parse with parseJsonBigint)')
    assert.equal(reasonOf(2n ** 63n), 'attrs.fields.x: integer 9223372036854775808 is outside the 64-bit signed range')
    assert.equal(reasonOf({ Int: '5' }), 'attrs.fields.x.Int: expected an integer')
    assert.equal(reasonOf({ String: 5 }), 'attrs.fields.x.String: expected a string')
    assert.equal(reasonOf({ Bool: 'true' }), 'attrs.fields.x.Bool: expected true or false')
    assert.equal(reasonOf({ Float: 1.5 }), 'attrs.fields.x: unknown tag "Float", expected String, Int, Bool or Set')
    assert.equal(reasonOf({ String: 'a', Int: 1 }), 'attrs.fields.x: expected a tagged value with one key: String, Int, Bool or Set')
    assert.equal(reasonOf({ Set: [{ String: 'a' }, { Int: 1 }] }), 'attrs.fields.x.Set[1]: set elements must all be strings or all integers')
    assert.equal(reasonOf({ Set: [{ Bool: true }] }), 'attrs.fields.x.Set[0]: set elements must be strings or integers')
    assert.equal(reasonOf([['a']]), 'attrs.fields.x[0]: set elements must be strings or integers')
    assert.equal(reasonOf({ Set: 'a' }), 'attrs.fields.x.Set: expected an array of tagged values')
    assert.equal(reasonOf(null), 'attrs.fields.x: expected a string, integer, boolean, set or tagged value, got null')
    assert.equal(reasonOf(Array.from({ length: 1025 }, () => 'a')), 'attrs.fields.x: a set holds at most 1024 elements')
  })
})
