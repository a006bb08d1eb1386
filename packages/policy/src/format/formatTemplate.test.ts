import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { compileTemplate } from '../compile/compileTemplate.ts'
import { templateId } from '../encoding/templateId.ts'
import { formatExpression } from './formatExpression.ts'
import { formatTemplate } from './formatTemplate.ts'

const examplesUrl = new URL('../../examples/', import.meta.url)
const examples = readdirSync(examplesUrl).filter((file) => file.endsWith('.template'))

describe('formatTemplate', () => {
  for (const file of examples) {
    test(`${file}: printing is idempotent and compiles to the same id`, () => {
      const compiled = compileTemplate(readFileSync(new URL(file, examplesUrl), 'utf8'))
      const printed = formatTemplate(compiled)
      const recompiled = compileTemplate(printed)
      assert.equal(templateId(recompiled), templateId(compiled))
      assert.deepEqual(recompiled, compiled)
      assert.equal(formatTemplate(recompiled), printed)
    })
  }

  test('prints the canonical layout', () => {
    const compiled = compileTemplate(`name  t   # comment
evidence { b: bool
  a: set<int> }
intent { x: optional string }
requires { optional: intent.x == "q\\"\\u{7}"  ;  ( evidence.b ) ; -3 in evidence.a; }`)
    assert.equal(formatTemplate(compiled), `name t

intent {
  x: optional string
}

evidence {
  a: set<int>
  b: bool
}

requires {
  optional: intent.x == "q\\"\\u{7}";
  evidence.b;
  -3 in evidence.a;
}
`)
  })
})

describe('formatExpression', () => {
  const exprOf = (constraint: string): string => {
    const compiled = compileTemplate(`name t
evidence {
  a: bool
  b: bool
  c: bool
  n: int
  s: string
  set: set<string>
}
requires {
  ${constraint};
}`)
    return formatExpression(compiled.requires[0]!.expr)
  }

  const CASES: readonly (readonly [string, string])[] = [
    ['evidence.a  and(evidence.b or evidence.c)', 'evidence.a and (evidence.b or evidence.c)'],
    ['evidence.a or evidence.b and evidence.c', 'evidence.a or (evidence.b and evidence.c)'],
    ['not evidence.n == 3', 'not (evidence.n == 3)'],
    ['not not evidence.a', 'not not evidence.a'],
    ['not (evidence.a and evidence.b)', 'not (evidence.a and evidence.b)'],
    ['(evidence.n > 3) == evidence.a', '(evidence.n > 3) == evidence.a'],
    ['evidence.a == (evidence.b or evidence.c)', 'evidence.a == (evidence.b or evidence.c)'],
    ['1<=evidence.n<10', '1 <= evidence.n < 10'],
    ['evidence.s not in {"b","a","b"}', 'evidence.s not in {"a", "b"}'],
    ['evidence.s in evidence.set', 'evidence.s in evidence.set'],
    ['evidence.n not in {}', 'evidence.n not in {}'],
    ['evidence.s == "tab\\tnl\\nq\\"bs\\\\"', 'evidence.s == "tab\\tnl\\nq\\"bs\\\\"'],
    ['evidence.n >= -9223372036854775808', 'evidence.n >= -9223372036854775808'],
    ['true != false', 'true != false'],
  ]
  for (const [source, printed] of CASES) {
    test(`${source} → ${printed}`, () => {
      assert.equal(exprOf(source), printed)
      assert.equal(exprOf(printed), printed)
    })
  }
})
