import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import canonicalize from 'canonicalize'
import fc from 'fast-check'
import { InvalidJsonError } from '../errors/encodingErrors.ts'
import { readVectors } from '../vectors/readVectors.ts'
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

describe('canonicalJson: values already in canonical order are written as they are', () => {
  // Random JSON values, as received (any key order) and in canonical order (parsed from their JCS):
  // canonicalJson must equal the canonicalize package on both, so the fast path changes no byte.
  const jsonValues = fc.jsonValue({ maxDepth: 5 })
  test('equal to the canonicalize package on random values, in any order and in canonical order', () => {
    fc.assert(
      fc.property(jsonValues, (value) => {
        const reference = canonicalize(value)
        assert.equal(canonicalJson(value), reference)
        assert.equal(canonicalJson(JSON.parse(reference!)), reference)
      }),
      { numRuns: 2_000 },
    )
  })

  test('integer-like keys, surrogates, -0, unicode and escapes', () => {
    for (const value of [
      { '1': 1, '10': 2, '2': 3 },
      { a: '😀', b: 'é\u2028\u0007"\\' },
      { '\u00e9': 1, e: 2, z: 3 },
      [-0, 1e21, 5e-7, 0.1, -1.5],
      { a: [{ c: 1, b: 2 }] },
      { a: { '': null }, b: [] },
    ])
      assert.equal(canonicalJson(value), canonicalize(value))
  })
})
