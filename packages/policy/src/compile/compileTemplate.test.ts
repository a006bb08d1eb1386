import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { compileTemplate } from './compileTemplate.ts'
import { TemplateCompileError } from '../errors/TemplateCompileError.ts'
import { CONSTRAINTS_MAX, EXPRESSION_DEPTH_MAX, SCHEMA_FIELDS_MAX, SET_LITERAL_ELEMENTS_MAX, TEMPLATE_SOURCE_BYTES_MAX } from '../limits.ts'

const example = (name: string): string => readFileSync(new URL(`../../examples/${name}.template`, import.meta.url), 'utf8')

describe('compileTemplate: valid templates', () => {
  test('clothing example (delta-notes §3.2)', () => {
    const compiled = compileTemplate(example('clothing'))
    assert.equal(compiled.name, 'clothing_purchase_guard')
    assert.deepEqual(compiled.intent.map((decl) => decl.name), [
      'acceptable_brands', 'acceptable_categories', 'acceptable_colors', 'audience', 'max_price_cents', 'size',
    ])
    assert.equal(compiled.requires.length, 7)
    assert.deepEqual(compiled.requires[5], {
      isOptional: true,
      guardFields: ['acceptable_colors'],
      expr: {
        kind: 'In',
        negated: false,
        element: { kind: 'Field', scope: 'evidence', name: 'color', type: 'string' },
        set: { kind: 'Field', scope: 'intent', name: 'acceptable_colors', type: 'set<string>' },
      },
    })
    assert.deepEqual(compiled.requires[2]!.expr, {
      kind: 'In',
      negated: false,
      element: { kind: 'Field', scope: 'evidence', name: 'audience', type: 'string' },
      set: { kind: 'SetLiteral', elementType: 'string', elements: ['men', 'unisex', 'women'] },
    })
    assert.ok(Object.isFrozen(compiled.requires[2]!.expr))
  })

  test('laptop example: chained comparisons', () => {
    const compiled = compileTemplate(example('laptop'))
    assert.deepEqual(compiled.requires[0]!.expr, {
      kind: 'Chain',
      ops: ['<=', '<='],
      operands: [
        { kind: 'Field', scope: 'intent', name: 'min_memory_gb', type: 'int' },
        { kind: 'Field', scope: 'evidence', name: 'memory_gb', type: 'int' },
        { kind: 'Field', scope: 'intent', name: 'max_memory_gb', type: 'int' },
      ],
    })
    assert.deepEqual(compiled.requires[7]!.guardFields, ['preferred_os'])
  })

  test('shipment example: bools, not, or, grouping', () => {
    const compiled = compileTemplate(example('shipment'))
    assert.deepEqual(compiled.requires[0]!.expr, { kind: 'Field', scope: 'evidence', name: 'shipped', type: 'bool' })
    assert.equal(compiled.requires[1]!.expr.kind, 'Not')
    const grouped = compiled.requires[5]!.expr
    assert.equal(grouped.kind, 'Or')
    assert.equal(grouped.kind === 'Or' && grouped.operands[0]!.kind, 'And')
  })

  test('precedence: not binds looser than ==, and tighter than or; and/or flatten', () => {
    const compiled = compileTemplate(`name p
evidence {
  a: bool
  b: bool
  c: bool
  n: int
}
requires {
  not evidence.n == 1;
  evidence.a or evidence.b and evidence.c;
  (evidence.a and evidence.b) and evidence.c;
  evidence.a or (evidence.b or evidence.c);
}`)
    const [first, second, third, fourth] = compiled.requires.map((constraint) => constraint.expr)
    assert.equal(first!.kind, 'Not')
    assert.equal(first!.kind === 'Not' && first!.operand.kind, 'Compare')
    assert.equal(second!.kind, 'Or')
    assert.equal(second!.kind === 'Or' && second!.operands[1]!.kind, 'And')
    assert.equal(third!.kind === 'And' && third!.operands.length, 3)
    assert.equal(fourth!.kind === 'Or' && fourth!.operands.length, 3)
  })

  test('a leading byte order mark and CRLF line ends are accepted', () => {
    const compiled = compileTemplate('\uFEFFname t\r\nevidence {\r\n  a: bool\r\n}\r\nrequires {\r\n  evidence.a;\r\n}\r\n')
    assert.equal(compiled.name, 't')
  })

  test('literals: escapes, negative and extreme ints, empty set, bools, keywords as field names', () => {
    const compiled = compileTemplate(`name lits # comment
intent {}
evidence {
  s: string
  n: int
  in: string      # field names may be words the language uses
  name: bool
}
requires {
  evidence.s == "q\\"b\\\\n\\nt\\t\\u{1F600}é";
  -9223372036854775808 <= evidence.n <= 9223372036854775807;
  evidence.n not in {};
  evidence.n in {3, -1, 3, 2,};
  evidence.in != "#not a comment";
  evidence.name == true;
}`)
    const exprs = compiled.requires.map((constraint) => constraint.expr)
    assert.deepEqual(exprs[0], {
      kind: 'Compare', op: '==',
      left: { kind: 'Field', scope: 'evidence', name: 's', type: 'string' },
      right: { kind: 'StringLiteral', value: 'q"b\\n\nt\t😀é' },
    })
    assert.deepEqual(exprs[1]!.kind === 'Chain' && exprs[1]!.operands[0], { kind: 'IntLiteral', value: -(2n ** 63n) })
    assert.deepEqual(exprs[2]!.kind === 'In' && exprs[2]!.set, { kind: 'SetLiteral', elementType: 'int', elements: [] })
    assert.deepEqual(exprs[3]!.kind === 'In' && exprs[3]!.set, { kind: 'SetLiteral', elementType: 'int', elements: [-1n, 2n, 3n] })
    assert.deepEqual(exprs[4]!.kind === 'Compare' && exprs[4]!.right, { kind: 'StringLiteral', value: '#not a comment' })
  })
})

// Each invalid template: [title, source, line, column, reason]. Reasons are pinned so rewording shows in review.
const INVALID: readonly (readonly [string, string, number, number, string])[] = [
  ['unknown field with a suggestion', 'name t\nevidence {\n  color: string\n}\nrequires {\n  evidence.colr == "White";\n}',
    6, 3, 'unknown field `evidence.colr`; did you mean `evidence.color`?'],
  ['field of the other block', 'name t\nintent {\n  max_price: int\n}\nevidence {\n  price: int\n}\nrequires {\n  evidence.price <= evidence.max_price;\n}',
    9, 21, 'unknown field `evidence.max_price`; did you mean `intent.max_price`?'],
  ['unknown field without suggestion', 'name t\nevidence {\n  color: string\n}\nrequires {\n  evidence.weight == 1;\n}',
    6, 3, 'unknown field `evidence.weight`; evidence declares color'],
  ['bare name', 'name t\nevidence {\n  color: string\n}\nrequires {\n  color == "x";\n}',
    6, 3, 'unknown name `color`; did you mean `evidence.color`?'],
  ['type mismatch int vs string', 'name t\nevidence {\n  price: int\n}\nrequires {\n  evidence.price == "10";\n}',
    6, 18, 'type mismatch: `==` compares `evidence.price` (int) with "10" (string)'],
  ['ordering strings', 'name t\nevidence {\n  size: string\n}\nrequires {\n  evidence.size < "M";\n}',
    6, 17, '`<` orders ints only; `evidence.size` is string (use `==` or `!=`)'],
  ['comparing sets with <', 'name t\nintent {\n  sizes: set<int>\n}\nevidence {\n  size: int\n}\nrequires {\n  intent.sizes < evidence.size;\n}',
    9, 16, 'cannot compare sets with `<`: `intent.sizes` is set<int>; test membership with `in` / `not in`'],
  ['in against a non-set', 'name t\nintent {\n  size: string\n}\nevidence {\n  size: string\n}\nrequires {\n  evidence.size in intent.size;\n}',
    9, 20, 'the right side of `in` must be a set field or a set literal `{...}`, but `intent.size` is string'],
  ['in with wrong element type', 'name t\nintent {\n  sizes: set<int>\n}\nevidence {\n  size: string\n}\nrequires {\n  evidence.size in intent.sizes;\n}',
    9, 17, 'type mismatch: `in` tests `evidence.size` (string) against a set<int>'],
  ['set literal element type', 'name t\nevidence {\n  n: int\n}\nrequires {\n  evidence.n not in {1, "2"};\n}',
    6, 25, 'type mismatch: set literal element "2" is string, but the value tested is int'],
  ['non-boolean constraint', 'name t\nevidence {\n  n: int\n}\nrequires {\n  evidence.n;\n}',
    6, 3, 'a constraint needs a boolean, but `evidence.n` is int'],
  ['and over an int', 'name t\nevidence {\n  n: int\n  b: bool\n}\nrequires {\n  evidence.b and evidence.n;\n}',
    7, 18, '`and` needs a boolean, but `evidence.n` is int'],
  ['duplicate field', 'name t\nevidence {\n  color: string\n  color: int\n}\nrequires {\n  evidence.color == 1;\n}',
    4, 3, 'duplicate field `color` in `evidence` (first declared at line 3)'],
  ['empty requires', 'name t\nevidence {\n  color: string\n}\nrequires {\n}', 5, 1, '`requires` block is empty: write at least one constraint ending with `;`'],
  ['empty evidence', 'name t\nevidence {}\nrequires {\n  true;\n}', 2, 1, '`evidence` block is empty: declare at least one field'],
  ['missing evidence', 'name t\nrequires {\n  true;\n}\n', 5, 1, 'missing `evidence { }` block: declare the evidence fields the constraints check'],
  ['missing requires', 'name t\nevidence {\n  a: int\n}', 4, 2, 'missing `requires { }` block: a template needs at least one constraint'],
  ['missing name', 'evidence {\n  a: int\n}', 1, 1, 'a template starts with `name <identifier>`, found `evidence`'],
  ['optional: without optional field', 'name t\nevidence {\n  a: int\n}\nrequires {\n  optional: evidence.a == 1;\n}',
    6, 3, '`optional:` has no effect here: the constraint references no optional intent field'],
  ['optional field without optional:', 'name t\nintent {\n  a: optional int\n}\nevidence {\n  b: int\n}\nrequires {\n  evidence.b == intent.a;\n}',
    9, 17, '`intent.a` is optional; prefix the constraint with `optional:` so it applies only when the field is present'],
  ['optional evidence field', 'name t\nevidence {\n  a: optional int\n}\nrequires {\n  true;\n}',
    3, 3, '`optional` fields are allowed only in `intent`; evidence fields are always required'],
  ['missing semicolon', 'name t\nevidence {\n  a: int\n}\nrequires {\n  evidence.a == 1\n  evidence.a == 2;\n}',
    6, 18, 'missing `;` at the end of the constraint'],
  ['single =', 'name t\nevidence {\n  a: int\n}\nrequires {\n  evidence.a = 1;\n}', 6, 14, 'unexpected `=`; compare with `==`'],
  ['&&', 'name t\nevidence {\n  a: bool\n}\nrequires {\n  evidence.a && evidence.a;\n}', 6, 14, 'unexpected `&`; write `and` / `or`'],
  ['unknown type with suggestion', 'name t\nevidence {\n  a: integer\n}\nrequires {\n  true;\n}', 3, 6, 'unknown type `integer`; did you mean `int`?'],
  ['set of bool', 'name t\nevidence {\n  a: set<bool>\n}\nrequires {\n  true;\n}', 3, 10, 'sets hold `string` or `int`, not `bool`'],
  ['two fields on one line', 'name t\nevidence {\n  a: int b: int\n}\nrequires {\n  true;\n}', 3, 10, 'field declarations go one per line'],
  ['duplicate block', 'name t\nevidence {\n  a: int\n}\nevidence {\n  b: int\n}\nrequires {\n  true;\n}',
    5, 1, 'duplicate `evidence` block (first at line 2); each block appears once'],
  ['misspelt block', 'name t\nevidense {\n  a: int\n}', 2, 1,
    'expected a block `intent {`, `evidence {` or `requires {`, found `evidense`; did you mean `evidence`?'],
  ['int64 overflow', 'name t\nevidence {\n  a: int\n}\nrequires {\n  evidence.a < 9223372036854775808;\n}',
    6, 16, 'integer 9223372036854775808 is out of range for int (64-bit signed: -9223372036854775808 to 9223372036854775807)'],
  ['negative overflow', 'name t\nevidence {\n  a: int\n}\nrequires {\n  evidence.a > -9223372036854775809;\n}',
    6, 16, 'integer -9223372036854775809 is out of range for int (64-bit signed: -9223372036854775808 to 9223372036854775807)'],
  ['unterminated string', 'name t\nevidence {\n  a: string\n}\nrequires {\n  evidence.a == "abc;\n}', 6, 17,
    'unterminated string literal (strings end with `"` on the same line)'],
  ['bad escape', 'name t\nevidence {\n  a: string\n}\nrequires {\n  evidence.a == "a\\qb";\n}', 6, 19,
    'unknown escape `\\q` in string; use \\" \\\\ \\n \\t or \\u{...}'],
  ['surrogate escape', 'name t\nevidence {\n  a: string\n}\nrequires {\n  evidence.a == "\\u{d800}";\n}', 6, 18,
    '\\u{d800} is not a unicode scalar value'],
  ['mixed chain directions', 'name t\nevidence {\n  a: int\n}\nrequires {\n  1 < evidence.a > 0;\n}', 6, 18,
    'a chained comparison uses only `<`/`<=` or only `>`/`>=` (as in `1 <= evidence.x <= 9`); found `>`'],
  ['chain with ==', 'name t\nevidence {\n  a: int\n}\nrequires {\n  1 == evidence.a == 1;\n}', 6, 5,
    'a chained comparison uses only `<`/`<=` or only `>`/`>=` (as in `1 <= evidence.x <= 9`); found `==`'],
  ['in after comparison', 'name t\nevidence {\n  a: int\n}\nrequires {\n  evidence.a == 1 in {1};\n}', 6, 19,
    'cannot chain `in` after a comparison; use parentheses and `and`'],
  ['set literal outside in', 'name t\nevidence {\n  a: int\n}\nrequires {\n  {1} == evidence.a;\n}', 6, 3,
    'a set literal `{...}` stands only where a set does: after `in` / `not in`, or beside `subset`, `superset`, `intersects`, `disjoint`'],
  ['unclosed paren', 'name t\nevidence {\n  a: bool\n}\nrequires {\n  (evidence.a;\n}', 6, 14,
    'expected `)` to close the `(` at line 6, column 3, found `;`'],
  ['missing closing brace', 'name t\nevidence {\n  a: bool\n', 3, 10, 'missing `}` at the end of the `evidence` block'],
  ['non-ASCII outside a string', 'name t\nevidence {\n  prix_€: int\n}', 3, 8, 'unexpected character `€` (U+20AC); outside strings, templates are ASCII'],
  ['control character', 'name t\u0001', 1, 7, 'unexpected character U+0001'],
  ['bool set literal', 'name t\nevidence {\n  a: string\n}\nrequires {\n  evidence.a in {true};\n}', 6, 18, 'sets hold strings or ints, not bools'],
]

describe('compileTemplate: invalid templates', () => {
  for (const [title, source, line, column, reason] of INVALID) {
    test(title, () => {
      assert.throws(() => compileTemplate(source), (error: unknown) => {
        assert.ok(error instanceof TemplateCompileError, `expected TemplateCompileError, got ${error}`)
        assert.equal(error.reason, reason)
        assert.deepEqual([error.line, error.column], [line, column])
        assert.equal(error.message, `line ${line}, column ${column}: ${reason}`)
        assert.equal(error.code, 'TEMPLATE_COMPILE_ERROR')
        return true
      })
    })
  }
})

describe('compileTemplate: limits', () => {
  const reasonOf = (source: string): string => {
    try {
      compileTemplate(source)
    } catch (error) {
      assert.ok(error instanceof TemplateCompileError)
      return error.reason
    }
    return assert.fail('compiled')
  }

  test('source size', () => {
    const source = 'name t\n' + '#'.repeat(TEMPLATE_SOURCE_BYTES_MAX)
    assert.equal(reasonOf(source), `template source is ${source.length} bytes; the limit is ${TEMPLATE_SOURCE_BYTES_MAX}`)
  })

  test('fields per block', () => {
    const fields = Array.from({ length: SCHEMA_FIELDS_MAX + 1 }, (_, index) => `  f${index}: int`).join('\n')
    assert.equal(reasonOf(`name t\nevidence {\n${fields}\n}\nrequires {\n  true;\n}`), `\`evidence\` declares more than ${SCHEMA_FIELDS_MAX} fields (the limit)`)
  })

  test('constraints', () => {
    const lines = '  evidence.a;\n'.repeat(CONSTRAINTS_MAX + 1)
    assert.equal(reasonOf(`name t\nevidence {\n  a: bool\n}\nrequires {\n${lines}}`), `\`requires\` has more than ${CONSTRAINTS_MAX} constraints (the limit)`)
  })

  test('set literal size', () => {
    const elements = Array.from({ length: SET_LITERAL_ELEMENTS_MAX + 1 }, (_, index) => index).join(', ')
    assert.equal(reasonOf(`name t\nevidence {\n  a: int\n}\nrequires {\n  evidence.a in {${elements}};\n}`), `set literal has more than ${SET_LITERAL_ELEMENTS_MAX} elements (the limit)`)
  })

  test('nesting depth', () => {
    const depth = EXPRESSION_DEPTH_MAX * 2
    const source = `name t\nevidence {\n  a: bool\n}\nrequires {\n  ${'('.repeat(depth)}evidence.a${')'.repeat(depth)};\n}`
    assert.equal(reasonOf(source), `expression nests deeper than ${EXPRESSION_DEPTH_MAX} levels (the limit)`)
    assert.match(reasonOf(`name t\nevidence {\n  a: bool\n}\nrequires {\n  ${'not '.repeat(depth)}evidence.a;\n}`), /nests deeper/)
  })

  test('string and identifier length', () => {
    assert.match(reasonOf(`name t\nevidence {\n  a: string\n}\nrequires {\n  evidence.a == "${'x'.repeat(2000)}";\n}`), /^string literal is 2000 bytes; the limit is/)
    assert.match(reasonOf(`name ${'n'.repeat(100)}\n`), /^identifier `n{20}…` is 100 characters; the limit is 64$/)
  })
})
