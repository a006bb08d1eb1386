import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { InvalidJsonError, JsonTooDeepError } from '../errors/encodingErrors.ts'
import { parseJsonBigint } from './parseJsonBigint.ts'
import { stringifyJsonBigint } from './stringifyJsonBigint.ts'

describe('parseJsonBigint', () => {
  test('keeps 2^64 - 1 and other large integers exact', () => {
    const value = parseJsonBigint('{"amount":18446744073709551615,"debt":-9223372036854775808}') as Record<string, unknown>
    assert.equal(value.amount, 2n ** 64n - 1n)
    assert.equal(value.debt, -(2n ** 63n))
  })

  test('safe integers and non-integers stay numbers; the 2^53 boundary', () => {
    assert.deepEqual(parseJsonBigint('[9007199254740991,-9007199254740991,9007199254740992,1.5,1e3,-0,0]'), [
      9007199254740991, -9007199254740991, 9007199254740992n, 1.5, 1000, -0, 0,
    ])
    assert.equal(parseJsonBigint('123456789012345'), 123456789012345)
    assert.equal(parseJsonBigint('1234567890123456789e0'), 1234567890123456789e0)
  })

  test('agrees with JSON.parse on ordinary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        // Unsafe integers come back as bigint; as numbers they equal what JSON.parse rounds to.
        assert.deepEqual(bigintsToNumbers(parseJsonBigint(text)), JSON.parse(text))
      }),
      { numRuns: 300 },
    )
    const text = ' { "a" : [ 1 , "x\\u00e9\\n\\"" , true , false , null , { } , [ ] ] , "b" : "\\ud83d\\ude00" } '
    assert.deepEqual(parseJsonBigint(text), JSON.parse(text))
  })

  test('an unsafe integer is found wherever a number token may start; digits in strings do not matter', () => {
    assert.deepEqual(parseJsonBigint('-9007199254740993'), -9007199254740993n)
    assert.deepEqual(parseJsonBigint('[ 9007199254740993,\n9007199254740994]'), [9007199254740993n, 9007199254740994n])
    assert.deepEqual(parseJsonBigint('{"a":"x12345678901234567890","b":\t12345678901234567890}'), { a: 'x12345678901234567890', b: 12345678901234567890n })
    assert.deepEqual(parseJsonBigint('{"a":"12345678901234567890"}'), { a: '12345678901234567890' })
    assert.equal(parseJsonBigint('900719925474099'), 900719925474099)
  })

  test('the exact parser and the fast path agree where both apply', () => {
    const text = '{"a":[1,2.5,"x\\u00e9",{"b":null}],"c":true,"d":-12}'
    assert.deepEqual(parseJsonBigint(text), JSON.parse(text))
    assert.deepEqual(parseJsonBigint(text.replace('-12', '-12345678901234567890')), { ...JSON.parse(text), d: -12345678901234567890n })
  })

  test('stringify and parse round-trip bigints', () => {
    const value = { amount: 2n ** 64n - 1n, list: [1n, -(2n ** 70n)], name: 'x', nested: { n: 5 } }
    const text = stringifyJsonBigint(value)
    assert.equal(text, '{"amount":18446744073709551615,"list":[1,-1180591620717411303424],"name":"x","nested":{"n":5}}')
    assert.deepEqual(parseJsonBigint(text), { ...value, list: [1, -(2n ** 70n)] })
    assert.equal(stringifyJsonBigint(5n), '5')
    assert.equal(stringifyJsonBigint({ s: '\u0000bigint:x:0\u0000' }), JSON.stringify({ s: '\u0000bigint:x:0\u0000' }))
    assert.equal(stringifyJsonBigint({ a: [1n] }, 2), '{\n  "a": [\n    1\n  ]\n}')
  })

  test('a "__proto__" key is an own property', () => {
    const value = parseJsonBigint('{"__proto__":{"polluted":true}}') as Record<string, unknown>
    assert.equal(Object.getPrototypeOf(value), Object.prototype)
    assert.deepEqual(Object.keys(value), ['__proto__'])
    assert.equal(({} as Record<string, unknown>).polluted, undefined)
  })

  test('bad JSON is refused with a position', () => {
    for (const text of ['', '{', '{"a":}', '[1,]', '{"a":1,}', '01', '1.', '.5', '+1', 'NaN', 'tru', '"\\x"', '"a\nb"', "{'a':1}", '[1] 2', '{"a" 1}', '\u00a01'])
      assert.throws(() => parseJsonBigint(text), InvalidJsonError, JSON.stringify(text))
    assert.throws(() => parseJsonBigint('{"a":}', { title: 'request body' }), {
      code: 'INVALID_JSON',
      message: '"request body": unexpected character "}" at position 5',
    })
  })

  test('nesting deeper than the limit is refused', () => {
    assert.deepEqual(parseJsonBigint('[[[1]]]', { depthMax: 3 }), [[[1]]])
    assert.throws(() => parseJsonBigint('[[[[1]]]]', { depthMax: 3 }), JsonTooDeepError)
    // Objects and arrays count together, whether the text has few brackets (no scan) or more.
    assert.deepEqual(parseJsonBigint('{"a":[{"b":[1]}]}', { depthMax: 4 }), { a: [{ b: [1] }] })
    assert.throws(() => parseJsonBigint('{"a":[{"b":[1]}]}', { depthMax: 3 }), JsonTooDeepError)
    assert.deepEqual(parseJsonBigint('[{},[],{"a":[]},[{}]]', { depthMax: 3 }), [{}, [], { a: [] }, [{}]])
    assert.throws(() => parseJsonBigint('['.repeat(100_000)), { code: 'JSON_TOO_DEEP' })
    // Brackets inside strings, also after escaped quotes and backslashes, do not count.
    assert.deepEqual(parseJsonBigint('["[[[[", "\\"[[[[", "\\\\", {"k[[[": "]]]"}]', { depthMax: 2 }), ['[[[[', '"[[[[', '\\', { 'k[[[': ']]]' }])
  })
})

function bigintsToNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') {
    assert.ok(value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    return Number(value)
  }
  if (Array.isArray(value)) return value.map(bigintsToNumbers)
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value))
      Object.defineProperty(out, key, { value: bigintsToNumbers(inner), enumerable: true, writable: true, configurable: true })
    return out
  }
  return value
}
