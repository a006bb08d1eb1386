import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { compileTemplate } from './compileTemplate.ts'
import { TemplateCompileError } from '../errors/TemplateCompileError.ts'
import { compiledText } from '../encoding/compiledJson.ts'
import { compiledBytes } from '../encoding/compiledBytes.ts'
import { decodeCompiledTemplate } from '../encoding/decodeCompiledTemplate.ts'
import { templateId } from '../encoding/templateId.ts'
import { evaluateTemplate } from '../evaluate/evaluateTemplate.ts'
import { formatTemplate } from '../format/formatTemplate.ts'
import { describeConstraint } from '../describe/describeConstraint.ts'
import type { InputValue } from '../values/InputValue.ts'

// Set relations (`subset`, `superset`, `intersects`, `disjoint`): compiling, the errors for wrong
// mixes, the compiled form and id, evaluation with its reasons, printing and the plain-words form.

const example = (name: string): string => readFileSync(new URL(`../../examples/${name}.template`, import.meta.url), 'utf8')

const SETS = `name t
intent {
  wanted: set<string>
  sizes: set<int>
  maybe: optional set<string>
}
evidence {
  has: set<string>
  sizes: set<int>
  size: string
  count: int
}
requires {
  REQUIRE
}
`
const withRequire = (constraint: string): string => SETS.replace('REQUIRE', constraint)

describe('set relations: compiling', () => {
  test('each keyword compiles to a Relation node, literals on either side sorted and typed', () => {
    const compiled = compileTemplate(withRequire('evidence.has superset intent.wanted;\n  {"b", "a"} subset evidence.has;\n  evidence.sizes intersects {3, 1};\n  evidence.has disjoint {};'))
    assert.deepEqual(compiled.requires.map((constraint) => constraint.expr), [
      { kind: 'Relation', op: 'superset', left: { kind: 'Field', scope: 'evidence', name: 'has', type: 'set<string>' }, right: { kind: 'Field', scope: 'intent', name: 'wanted', type: 'set<string>' } },
      { kind: 'Relation', op: 'subset', left: { kind: 'SetLiteral', elementType: 'string', elements: ['a', 'b'] }, right: { kind: 'Field', scope: 'evidence', name: 'has', type: 'set<string>' } },
      { kind: 'Relation', op: 'intersects', left: { kind: 'Field', scope: 'evidence', name: 'sizes', type: 'set<int>' }, right: { kind: 'SetLiteral', elementType: 'int', elements: [1n, 3n] } },
      { kind: 'Relation', op: 'disjoint', left: { kind: 'Field', scope: 'evidence', name: 'has', type: 'set<string>' }, right: { kind: 'SetLiteral', elementType: 'string', elements: [] } },
    ])
  })

  test('`not` and `optional:` apply as to any constraint; relations combine with and/or', () => {
    const compiled = compileTemplate(withRequire('optional: not (evidence.has intersects intent.maybe) and evidence.count > 0;'))
    assert.deepEqual(compiled.requires[0]!.guardFields, ['maybe'])
    assert.equal(compiled.requires[0]!.expr.kind, 'And')
    assert.throws(() => compileTemplate(withRequire('evidence.has intersects intent.maybe;')), /`intent.maybe` is optional; prefix the constraint with `optional:`/)
  })

  test('the examples use every relation and compile', () => {
    const ops = ['cookware', 'bedding', 'towels'].flatMap((name) => compiledText(compileTemplate(example(name))).match(/"op":"(subset|superset|intersects|disjoint)"/g) ?? [])
    for (const op of ['subset', 'superset', 'intersects', 'disjoint']) assert.ok(ops.includes(`"op":"${op}"`), op)
  })
})

// Every wrong mix is a compile error with its line, column and a hint saying what the mix means.
const INVALID: [string, string, number, number, string][] = [
  ['set and string: use in', 'intent.wanted subset evidence.size;', 14, 24,
    '`subset` relates two sets: `intent.wanted` is set<string> and `evidence.size` is string: use `in` (`evidence.size in intent.wanted`)'],
  ['string and set: use in', 'evidence.size intersects intent.wanted;', 14, 3,
    '`intersects` relates two sets: `intent.wanted` is set<string> and `evidence.size` is string: use `in` (`evidence.size in intent.wanted`)'],
  ['string and set literal', 'evidence.size disjoint {"a"};', 14, 3,
    '`disjoint` relates two sets: the set literal and `evidence.size` is string: use `in` (`evidence.size in {...}`)'],
  ['int beside a set of strings', 'evidence.count subset intent.wanted;', 14, 3,
    '`subset` relates two sets: `intent.wanted` is set<string> and `evidence.count` is int, not a set<int>'],
  ['two scalars: use ==', 'evidence.size superset evidence.size;', 14, 3,
    '`superset` relates two sets: `evidence.size` is string and `evidence.size` is string: compare them with `==`'],
  ['different element types', 'intent.wanted subset evidence.sizes;', 14, 17,
    'type mismatch: `intent.wanted` is set<string> and `evidence.sizes` is set<int>; `subset` relates two sets of the same element type'],
  ['literal of the wrong element type', 'evidence.sizes superset {1, "2"};', 14, 31,
    'type mismatch: set literal element "2" is string, but `evidence.sizes` holds ints'],
  ['two literals', '{"a"} subset {"a", "b"};', 14, 9,
    'both sides of `subset` are set literals, so its value never depends on the intent or the evidence; relate a set field to a literal or to another set field'],
  ['a boolean side', '(evidence.count > 1) subset intent.wanted;', 14, 19,
    '`subset` relates two sets (set fields or set literals `{...}`), but the comparison is bool'],
  ['comparing two sets with ==', 'evidence.has == intent.wanted;', 14, 16,
    'cannot compare sets with `==`: `evidence.has` is set<string> and `intent.wanted` is set<string>; relate them with `subset`, `superset`, `intersects` or `disjoint`'],
  ['chained relations', 'evidence.has subset intent.wanted subset evidence.has;', 14, 37,
    'cannot chain `subset` after `subset`; use parentheses and `and`'],
  ['relation after a comparison', 'evidence.count == 1 subset intent.wanted;', 14, 23,
    'cannot chain `subset` after a comparison; use parentheses and `and`'],
  ['missing left side', 'subset intent.wanted;', 14, 3, 'expected a value before `subset`'],
  ['a set literal alone', '{"a"};', 14, 3,
    'a set literal `{...}` stands only where a set does: after `in` / `not in`, or beside `subset`, `superset`, `intersects`, `disjoint`'],
  ['misspelt keyword', 'evidence.has subsets intent.wanted;', 14, 16, 'unexpected `subsets` in constraint; expected an operator or `;` (did you mean `subset`?)'],
]

describe('set relations: compile errors', () => {
  for (const [title, constraint, line, column, reason] of INVALID) {
    test(title, () => {
      assert.throws(() => compileTemplate(withRequire(constraint)), (error: unknown) => {
        assert.ok(error instanceof TemplateCompileError, `expected TemplateCompileError, got ${error}`)
        assert.equal(error.reason, reason)
        assert.deepEqual([error.line, error.column], [line, column])
        return true
      })
    })
  }

  test('deep nesting around relations is a compile error, not a crash', () => {
    const deep = '('.repeat(40) + 'evidence.has subset intent.wanted' + ')'.repeat(40) + ';'
    assert.throws(() => compileTemplate(withRequire(deep)), (error: unknown) => error instanceof TemplateCompileError && /nests deeper than/.test(error.reason))
  })
})

describe('set relations: compiled form and id', () => {
  test('the compiled form of a relation', () => {
    const text = compiledText(compileTemplate(withRequire('{"b", "a"} subset evidence.has;')))
    assert.ok(text.includes('{"expr":{"kind":"Relation","left":{"element_type":"string","elements":["a","b"],"kind":"SetLiteral"},"op":"subset","right":{"kind":"Field","name":"has","scope":"evidence"}},"optional":false}'), text)
  })

  test('the id ignores literal order, duplicates, spacing and parentheses, and changes with the op or a side', () => {
    const reference = templateId(compileTemplate(withRequire('evidence.has superset {"pan", "pot"};')))
    for (const variant of ['evidence.has superset {"pot", "pan"};', 'evidence.has   superset{"pot","pan","pot",};', '(evidence.has superset {"pan", "pot"});'])
      assert.equal(templateId(compileTemplate(withRequire(variant))), reference, variant)
    const changed = ['evidence.has subset {"pan", "pot"};', '{"pan", "pot"} superset evidence.has;', 'evidence.has superset {"pan"};', 'evidence.has intersects {"pan", "pot"};', 'not (evidence.has superset {"pan", "pot"});']
    const ids = new Set(changed.map((variant) => templateId(compileTemplate(withRequire(variant)))))
    assert.equal(ids.size, changed.length)
    assert.ok(!ids.has(reference))
  })

  test('decodes back to the same template; an unknown relation is refused', () => {
    const compiled = compileTemplate(example('cookware'))
    assert.deepEqual(decodeCompiledTemplate(compiledBytes(compiled)), compiled)
    const bad = new TextEncoder().encode(compiledText(compiled).replace('"op":"superset"', '"op":"contains"'))
    assert.throws(() => decodeCompiledTemplate(bad), /unknown set relation/)
  })

  test('printing keeps relations and literals sorted, and reprints to the same id', () => {
    const compiled = compileTemplate(withRequire('not ({"b", "a"} subset evidence.has) or evidence.count == 1;'))
    const printed = formatTemplate(compiled)
    assert.ok(printed.includes('  not ({"a", "b"} subset evidence.has) or evidence.count == 1;'), printed)
    assert.equal(templateId(compileTemplate(printed)), templateId(compiled))
  })
})

describe('set relations: evaluation', () => {
  const evidenceOf = (has: string[]): Record<string, InputValue> => ({ has, sizes: [], size: 'M', count: 1n })
  const failuresOf = (constraint: string, wanted: string[], has: string[]) => {
    const result = evaluateTemplate(compileTemplate(withRequire(constraint)), { wanted, sizes: [] }, evidenceOf(has))
    return result.ok ? [] : result.failures
  }

  test('truth of each relation, empty sets included', () => {
    const cases: [string, string[], string[], boolean][] = [
      ['evidence.has subset intent.wanted', ['a', 'b'], ['a'], true],
      ['evidence.has subset intent.wanted', ['a'], ['a', 'b'], false],
      ['evidence.has subset intent.wanted', ['a'], [], true],
      ['evidence.has superset intent.wanted', ['a', 'b'], ['b', 'a', 'c'], true],
      ['evidence.has superset intent.wanted', ['a', 'b'], ['a'], false],
      ['evidence.has superset intent.wanted', [], [], true],
      ['evidence.has intersects intent.wanted', ['a', 'b'], ['b'], true],
      ['evidence.has intersects intent.wanted', ['a'], ['b'], false],
      ['evidence.has intersects intent.wanted', [], [], false],
      ['evidence.has disjoint intent.wanted', ['a'], ['b'], true],
      ['evidence.has disjoint intent.wanted', ['a', 'b'], ['b'], false],
      ['evidence.has disjoint intent.wanted', [], [], true],
    ]
    for (const [constraint, wanted, has, holds] of cases)
      assert.equal(failuresOf(`${constraint};`, wanted, has).length === 0, holds, `${constraint} with ${wanted} / ${has}`)
  })

  test('a failure\'s reason shows both sets and the elements that made it false', () => {
    assert.deepEqual(failuresOf('evidence.has superset intent.wanted;', ['saucepan', 'skillet', 'lid'], ['saucepan']), [{
      index: 0,
      pretty_expr: 'evidence.has superset intent.wanted',
      reason: 'evidence.has superset intent.wanted evaluated to false (evidence.has = {"saucepan"}, intent.wanted = {"lid", "saucepan", "skillet"}, not in evidence.has: {"lid", "skillet"})',
    }])
    assert.equal(failuresOf('evidence.has disjoint intent.wanted;', ['wool', 'teflon'], ['steel', 'teflon'])[0]!.reason,
      'evidence.has disjoint intent.wanted evaluated to false (evidence.has = {"steel", "teflon"}, intent.wanted = {"teflon", "wool"}, in common: {"teflon"})')
    assert.equal(failuresOf('evidence.has intersects {"grey", "white"};', [], ['red'])[0]!.reason,
      'evidence.has intersects {"grey", "white"} evaluated to false (evidence.has = {"red"}, no element in common)')
    assert.equal(failuresOf('evidence.has subset intent.wanted;', ['a'], ['a', 'b'])[0]!.reason,
      'evidence.has subset intent.wanted evaluated to false (evidence.has = {"a", "b"}, intent.wanted = {"a"}, not in intent.wanted: {"b"})')
  })

  test('long sets are shortened in the reason as every set is', () => {
    const many = Array.from({ length: 40 }, (_, index) => `c${String(index).padStart(2, '0')}`)
    const reason = failuresOf('evidence.has subset intent.wanted;', [], many)[0]!.reason
    assert.match(reason, /evidence\.has = \{"c00", .*"c15", … 24 more\}, intent\.wanted = \{\}, not in intent\.wanted: \{"c00", .*, … 24 more\}\)$/)
  })
})

describe('set relations: the README example', () => {
  test('cookware.template on the example attrs and evidence fails as the README shows', () => {
    const json = (name: string) => JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'))
    const attrs = json('cookware.attrs.json')
    const result = evaluateTemplate(compileTemplate(example('cookware')), attrs, json('cookware.evidence.json'))
    assert.deepEqual(result.ok ? [] : result.failures, [{
      index: 1,
      pretty_expr: 'evidence.included_pieces superset intent.wanted_pieces',
      reason: 'evidence.included_pieces superset intent.wanted_pieces evaluated to false (evidence.included_pieces = {"lid", "saucepan", "stockpot"}, intent.wanted_pieces = {"saucepan", "skillet"}, not in evidence.included_pieces: {"skillet"})',
    }])
  })
})

describe('set relations: in words', () => {
  test('each relation reads as a sentence with the intent\'s values', () => {
    const attrs = { wanted: ['saucepan', 'skillet'], sizes: [] }
    const words = (constraint: string) => describeConstraint(compileTemplate(withRequire(constraint)).requires[0]!, attrs)
    assert.equal(words('evidence.has superset intent.wanted;'), 'has has all of "saucepan", "skillet"')
    assert.equal(words('evidence.has subset intent.wanted;'), 'every one of has is one of "saucepan", "skillet"')
    assert.equal(words('evidence.has intersects {"grey", "white"};'), 'has has at least one of "grey", "white"')
    assert.equal(words('evidence.has disjoint intent.wanted;'), 'has has none of "saucepan", "skillet"')
  })
})
