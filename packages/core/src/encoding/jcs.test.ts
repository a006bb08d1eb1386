import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { InvalidJsonError } from '../errors/encodingErrors.ts'
import { readVectors } from '../vectors/readVectors.ts'
import canonicalize from 'canonicalize'
import fc from 'fast-check'
import { canonicalJson, canonicalJsonBytes } from './jcs.ts'

type JcsVectors = { examples: { name: string; input: string; output: string }[]; numbers: [string, string | null][] }
const { examples, numbers } = readVectors<JcsVectors>('rfc8785-jcs.json')

describe('canonicalJson (RFC 8785)', () => {
  for (const example of examples)
    test(`RFC 8785 ${example.name}`, () => {
      assert.equal(canonicalJson(JSON.parse(example.input)), example.output)
      assert.deepEqual(canonicalJsonBytes(JSON.parse(example.input)), new TextEncoder().encode(example.output))
    })

  test('RFC 8785 Appendix B numbers', () => {
    const view = new DataView(new ArrayBuffer(8))
    for (const [bits, expected] of numbers) {
      view.setBigUint64(0, BigInt(`0x${bits}`))
      const value = view.getFloat64(0)
      if (expected === null) assert.throws(() => canonicalJson(value), InvalidJsonError, bits)
      else assert.equal(canonicalJson(value), expected, bits)
    }
  })

  test('key order and whitespace do not matter; nested objects are sorted', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } }), '{"a":{"c":"x","d":[true,null]},"b":1}')
    assert.equal(canonicalJson(JSON.parse('{ "b" : 1 ,\n "a":2}')), canonicalJson({ a: 2, b: 1 }))
  })

  test('bigints are written exactly up to 2^53 and refused beyond', () => {
    assert.equal(canonicalJson({ amount: 9007199254740991n }), '{"amount":9007199254740991}')
    assert.throws(() => canonicalJson({ amount: 2n ** 64n - 1n }, 'payload'), (error: unknown) => {
      assert.ok(error instanceof InvalidJsonError)
      assert.match(error.message, /^"payload": integer 18446744073709551615 is beyond 2\^53/)
      return true
    })
  })

  test('values without a JSON form are refused', () => {
    for (const value of [undefined, () => 1, { f: () => 1 }, [Symbol('s')], 'lone \ud800', NaN, new Map([['a', 1]]), { b: new Uint8Array(2) }, new Set([1])])
      assert.throws(() => canonicalJson(value), InvalidJsonError)
  })

  test('a "__proto__" key is kept as data', () => {
    const value = JSON.parse('{"__proto__":{"x":1},"a":2}')
    assert.equal(canonicalJson(value), '{"__proto__":{"x":1},"a":2}')
  })
})

// The implementation before the one-pass writer: bigints converted in a copy, then the
// `canonicalize` package. Both must agree on every value (text, or refusal).
describe('canonicalJson agrees with the canonicalize package', () => {
  const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER)
  const viaPackage = (value: unknown): string | undefined => {
    const convert = (inner: unknown): unknown => {
      if (typeof inner === 'bigint') {
        if (inner > SAFE_MAX || inner < -SAFE_MAX) throw new Error('beyond 2^53')
        return Number(inner)
      }
      if (Array.isArray(inner)) return inner.map(convert)
      if (inner !== null && typeof inner === 'object' && !(inner instanceof Date)) {
        const out: Record<string, unknown> = {}
        for (const [key, field] of Object.entries(inner)) Object.defineProperty(out, key, { value: convert(field), enumerable: true, writable: true, configurable: true })
        return out
      }
      return inner
    }
    const text = canonicalize(convert(value))
    if (text === undefined) throw new Error('not a JSON value')
    return text
  }
  const outcome = (write: () => string | undefined) => {
    try {
      return { text: write() }
    } catch {
      return { refused: true }
    }
  }
  const bigints = fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n })
  const values = fc.letrec((tie) => ({
    value: fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }), fc.double(), bigints, fc.constant(undefined), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 5 }),
    object: fc.dictionary(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constant('__proto__')), tie('value'), { maxKeys: 5 }),
  })).value

  test('on random values: JSON, any doubles, bigints, undefined, lone surrogates, odd keys', () => {
    fc.assert(
      fc.property(values, (value) => {
        assert.deepEqual(outcome(() => canonicalJson(value)), outcome(() => viaPackage(value)))
      }),
      { numRuns: 2_000 },
    )
  })

  test('on the values of this file', () => {
    for (const value of [{ d: new Date(0), x: [undefined, 1] }, JSON.parse('{"__proto__":{"x":1},"a":2}'), { '\u00e9': 1, e: 2, 'e\u0301': 3, '\ud83d\ude00': 4, '\uffff': 5 }])
      assert.deepEqual(outcome(() => canonicalJson(value)), outcome(() => viaPackage(value)))
  })
})
