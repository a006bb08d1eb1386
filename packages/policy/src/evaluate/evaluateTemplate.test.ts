import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { compileTemplate } from '../compile/compileTemplate.ts'
import { InputDataError } from '../errors/InputDataError.ts'
import { INPUT_SET_ELEMENTS_MAX, INT_MAX, INT_MIN } from '../limits.ts'
import type { InputValue } from '../values/InputValue.ts'
import { checkInputs } from './checkInputs.ts'
import { evaluateTemplate } from './evaluateTemplate.ts'

const MIN = INT_MIN
const MAX = INT_MAX

// One template whose evidence covers every type; each case is one constraint over it.
const SCHEMA = `
intent {
  maybe: optional int
  tags: optional set<string>
}
evidence {
  a: int
  b: int
  c: int
  s: string
  t: string
  p: bool
  q: bool
  ints: set<int>
  strs: set<string>
}`

type Evidence = Record<string, InputValue>
const BASE_EVIDENCE: Evidence = { a: 0n, b: 0n, c: 0n, s: '', t: '', p: false, q: false, ints: [], strs: [] }

function holds(constraint: string, evidence: Partial<Evidence>, attrs: Record<string, InputValue> = {}): boolean {
  const compiled = compileTemplate(`name t\n${SCHEMA}\nrequires {\n  ${constraint};\n}`)
  return evaluateTemplate(compiled, attrs, { ...BASE_EVIDENCE, ...evidence } as Evidence).ok
}

describe('evaluateTemplate: truth tables', () => {
  const INT_PAIRS: readonly (readonly [bigint, bigint])[] = [
    [MIN, MIN], [MIN, MIN + 1n], [MIN, MAX], [MAX, MIN], [MAX, MAX], [MAX - 1n, MAX], [-1n, 0n], [0n, -1n], [0n, 0n], [5n, 3n],
  ]
  const OPS: Record<string, (a: bigint, b: bigint) => boolean> = {
    '==': (a, b) => a === b, '!=': (a, b) => a !== b, '<': (a, b) => a < b,
    '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b,
  }
  for (const [op, expected] of Object.entries(OPS)) {
    test(`int ${op} over int64 edges, field-field and field-literal`, () => {
      for (const [a, b] of INT_PAIRS) {
        assert.equal(holds(`evidence.a ${op} evidence.b`, { a, b }), expected(a, b), `${a} ${op} ${b}`)
        assert.equal(holds(`evidence.a ${op} ${b}`, { a }), expected(a, b), `${a} ${op} literal ${b}`)
        assert.equal(holds(`${a} ${op} evidence.b`, { b }), expected(a, b), `literal ${a} ${op} ${b}`)
      }
    })
  }

  test('string and bool equality', () => {
    for (const [s, t] of [['', ''], ['a', 'a'], ['a', 'A'], ['é', 'e\u0301'], ['x', 'x ']] as const) {
      assert.equal(holds('evidence.s == evidence.t', { s, t }), s === t)
      assert.equal(holds('evidence.s != evidence.t', { s, t }), s !== t)
    }
    for (const p of [false, true]) {
      for (const q of [false, true]) {
        assert.equal(holds('evidence.p == evidence.q', { p, q }), p === q)
        assert.equal(holds('evidence.p != evidence.q', { p, q }), p !== q)
        assert.equal(holds('evidence.p and evidence.q', { p, q }), p && q)
        assert.equal(holds('evidence.p or evidence.q', { p, q }), p || q)
        assert.equal(holds('not evidence.p', { p, q }), !p)
        assert.equal(holds('evidence.p == true', { p, q }), p)
      }
    }
    assert.equal(holds('evidence.p', { p: true }), true)
    assert.equal(holds('evidence.p', { p: false }), false)
  })

  test('chained comparisons', () => {
    for (const [a, b, c] of [[1n, 2n, 3n], [1n, 1n, 1n], [3n, 2n, 1n], [MIN, 0n, MAX], [0n, MAX, MAX]] as const) {
      assert.equal(holds('evidence.a <= evidence.b <= evidence.c', { a, b, c }), a <= b && b <= c)
      assert.equal(holds('evidence.a < evidence.b <= evidence.c', { a, b, c }), a < b && b <= c)
      assert.equal(holds('evidence.a > evidence.b >= evidence.c', { a, b, c }), a > b && b >= c)
      assert.equal(holds('evidence.a >= evidence.b >= evidence.c >= 0', { a, b, c }), a >= b && b >= c && c >= 0n)
    }
  })

  test('in / not in over set fields, set literals and empty sets', () => {
    assert.equal(holds('evidence.a in evidence.ints', { a: MIN, ints: [MAX, MIN] }), true)
    assert.equal(holds('evidence.a in evidence.ints', { a: 0n, ints: [] }), false)
    assert.equal(holds('evidence.a not in evidence.ints', { a: 0n, ints: [] }), true)
    assert.equal(holds('evidence.a not in evidence.ints', { a: 1n, ints: [1n, 1n] }), false)
    assert.equal(holds('evidence.s in evidence.strs', { s: 'a', strs: ['b', 'a'] }), true)
    assert.equal(holds('evidence.s in evidence.strs', { s: 'A', strs: ['a'] }), false)
    assert.equal(holds('evidence.a in {}', { a: 0n }), false)
    assert.equal(holds('evidence.a not in {}', { a: 0n }), true)
    assert.equal(holds('evidence.a in {-9223372036854775808, 9223372036854775807}', { a: MAX }), true)
    assert.equal(holds('evidence.a in {-1, 1}', { a: 0n }), false)
    assert.equal(holds('evidence.s in {"x", "y"}', { s: 'y' }), true)
    assert.equal(holds('evidence.s not in {"x", "y"}', { s: 'z' }), true)
    assert.equal(holds('"x" in evidence.strs', { strs: ['x'] }), true)
  })

  test('optional: constraints are skipped when their optional fields are absent', () => {
    assert.equal(holds('optional: evidence.a == intent.maybe', { a: 1n }), true)
    assert.equal(holds('optional: evidence.a == intent.maybe', { a: 1n }, { maybe: 2n }), false)
    assert.equal(holds('optional: evidence.a == intent.maybe', { a: 2n }, { maybe: 2n }), true)
    assert.equal(holds('optional: evidence.s in intent.tags and evidence.a == intent.maybe', { s: 'x' }, { tags: ['x'] }), true)
    assert.equal(holds('optional: evidence.s in intent.tags', { s: 'x' }, { tags: [] }), false)
  })
})

describe('evaluateTemplate: failures', () => {
  const clothing = compileTemplate(readFileSync(new URL('../../examples/clothing.template', import.meta.url), 'utf8'))
  const attrs = { acceptable_categories: ['t-shirt', 'polo'], acceptable_colors: ['White'], size: 'M', audience: 'men', max_price_cents: 2500n }
  const evidence = { category: 't-shirt', color: 'White', brand: 'Acme', size: 'M', audience: 'men', price_cents: 1999n }

  test('passes when every constraint holds (plain JSON numbers accepted for int)', () => {
    assert.deepEqual(evaluateTemplate(clothing, attrs, evidence), { ok: true })
    assert.deepEqual(evaluateTemplate(clothing, { ...attrs, max_price_cents: 2500 } as never, { ...evidence, price_cents: 1999 } as never), { ok: true })
  })

  test('lists every failed constraint with its index, printed expression and values', () => {
    const result = evaluateTemplate(clothing, attrs, { ...evidence, color: 'Multicolor', price_cents: 2600n, audience: 'kids' })
    assert.deepEqual(result, {
      ok: false,
      failures: [
        {
          index: 2,
          pretty_expr: 'evidence.audience in {"men", "unisex", "women"}',
          reason: 'evidence.audience in {"men", "unisex", "women"} evaluated to false (evidence.audience = "kids")',
        },
        {
          index: 3,
          pretty_expr: 'evidence.audience == intent.audience',
          reason: 'evidence.audience == intent.audience evaluated to false (evidence.audience = "kids", intent.audience = "men")',
        },
        {
          index: 4,
          pretty_expr: 'evidence.price_cents <= intent.max_price_cents',
          reason: 'evidence.price_cents <= intent.max_price_cents evaluated to false (evidence.price_cents = 2600, intent.max_price_cents = 2500)',
        },
        {
          index: 5,
          pretty_expr: 'evidence.color in intent.acceptable_colors',
          reason: 'evidence.color in intent.acceptable_colors evaluated to false (evidence.color = "Multicolor", intent.acceptable_colors = {"White"})',
        },
      ],
    })
  })

  test('the reason of the DESIGN example', () => {
    const compiled = compileTemplate('name t\nevidence {\n  color: string\n}\nrequires {\n  evidence.color == "White";\n}')
    assert.deepEqual(evaluateTemplate(compiled, {}, { color: 'Multicolor' }), {
      ok: false,
      failures: [{ index: 0, pretty_expr: 'evidence.color == "White"', reason: 'evidence.color == "White" evaluated to false (evidence.color = "Multicolor")' }],
    })
  })
})

describe('evaluateTemplate / checkInputs: input data errors', () => {
  const compiled = compileTemplate(`name t\n${SCHEMA}\nrequires {\n  evidence.p;\n}`)
  const CASES: readonly (readonly [string, Record<string, unknown>, Record<string, unknown>, string, string])[] = [
    ['missing evidence field', {}, { ...BASE_EVIDENCE, a: undefined }, 'evidence.a', 'input data error: missing required field evidence.a'],
    ['unknown evidence field', {}, { ...BASE_EVIDENCE, colr: 'x' }, 'evidence.colr', 'input data error: unknown field evidence.colr'],
    ['unknown with suggestion', { mabye: 1n }, BASE_EVIDENCE, 'intent.mabye', 'input data error: unknown field intent.mabye (did you mean intent.maybe?)'],
    ['string for int', {}, { ...BASE_EVIDENCE, a: '12' }, 'evidence.a', 'input data error: wrong type for field evidence.a: expected int, got string'],
    ['int for bool', {}, { ...BASE_EVIDENCE, p: 1n }, 'evidence.p', 'input data error: wrong type for field evidence.p: expected bool, got int'],
    ['fraction for int', {}, { ...BASE_EVIDENCE, a: 1.5 }, 'evidence.a', 'input data error: wrong type for field evidence.a: expected int, got a non-integer number'],
    ['scalar for set', {}, { ...BASE_EVIDENCE, strs: 'x' }, 'evidence.strs', 'input data error: wrong type for field evidence.strs: expected set<string>, got string'],
    ['wrong set element', {}, { ...BASE_EVIDENCE, ints: [1n, 'x'] }, 'evidence.ints[1]', 'input data error: wrong type for field evidence.ints[1]: expected set<int>, got string'],
    ['int64 overflow', {}, { ...BASE_EVIDENCE, a: MAX + 1n }, 'evidence.a',
      'input data error: field evidence.a is 9223372036854775808, out of int64 range (-9223372036854775808 to 9223372036854775807)'],
    ['int64 underflow in an intent field', { maybe: MIN - 1n }, BASE_EVIDENCE, 'intent.maybe',
      'input data error: field intent.maybe is -9223372036854775809, out of int64 range (-9223372036854775808 to 9223372036854775807)'],
    ['unsafe number', {}, { ...BASE_EVIDENCE, a: 2 ** 60 }, 'evidence.a',
      'input data error: field evidence.a is 1152921504606847000, beyond 2^53 as a number; pass it as a bigint'],
    ['set too large', {}, { ...BASE_EVIDENCE, ints: Array.from({ length: INPUT_SET_ELEMENTS_MAX + 1 }, (_, i) => BigInt(i)) }, 'evidence.ints',
      `input data error: field evidence.ints has ${INPUT_SET_ELEMENTS_MAX + 1} elements; the limit is ${INPUT_SET_ELEMENTS_MAX}`],
    ['not an object', {}, [] as never, 'evidence', 'input data error: evidence values must be an object of fields'],
  ]
  for (const [title, attrs, evidence, field, message] of CASES) {
    test(title, () => {
      assert.throws(() => evaluateTemplate(compiled, attrs as never, evidence as never), (error: unknown) => {
        assert.ok(error instanceof InputDataError)
        assert.equal(error.message, message)
        assert.equal(error.field, field)
        assert.equal(error.code, 'INPUT_DATA_ERROR')
        return true
      })
    })
  }

  test('every missing, unknown and mistyped field is named at once; the first line is the one-field message', () => {
    const { a: _a, p: _p, ...rest } = BASE_EVIDENCE as Record<string, unknown>
    const evidence = { ...rest, strs: 'x', colr: 'red' }
    assert.throws(() => evaluateTemplate(compiled, { maybe: 'no' } as never, evidence as never), (error: unknown) => {
      assert.ok(error instanceof InputDataError)
      assert.deepEqual(error.problems.map((problem) => [problem.field, problem.kind]), [
        ['intent.maybe', 'wrong_type'], ['evidence.colr', 'unknown'], ['evidence.a', 'missing'], ['evidence.p', 'missing'], ['evidence.strs', 'wrong_type'],
      ])
      const lines = error.message.split('\n')
      assert.equal(lines[0], 'input data error: wrong type for field intent.maybe: expected int, got string')
      assert.equal(lines.length, 5)
      assert.ok(lines.every((line, index) => line === `input data error: ${error.problems[index]!.reason}`))
      assert.equal(error.field, 'intent.maybe')
      return true
    })
    // One problem: exactly the spec's one-line message.
    const { a: _dropped, ...withoutA } = BASE_EVIDENCE as Record<string, unknown>
    assert.throws(() => evaluateTemplate(compiled, {}, withoutA as never), (error: unknown) =>
      error instanceof InputDataError && error.message === 'input data error: missing required field evidence.a' && error.problems.length === 1)
  })

  test('checkInputs validates intent attributes alone; optional fields may be absent; __proto__ is a plain key', () => {
    checkInputs(compiled.intent, {}, 'intent')
    checkInputs(compiled.intent, { maybe: MIN, tags: [] }, 'intent')
    assert.throws(() => checkInputs(compiled.intent, { tags: [1n] }, 'intent'), /wrong type for field intent.tags\[0\]: expected set<string>, got int/)
    assert.throws(() => checkInputs(compiled.intent, JSON.parse('{"__proto__": 1}'), 'intent'), /unknown field intent.__proto__/)
  })
})
