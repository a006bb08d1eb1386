import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { CompiledTemplate, FieldDecl } from '../ast/CompiledTemplate.ts'
import type { CompareOp, Expr } from '../ast/Expr.ts'
import { compileTemplate } from '../compile/compileTemplate.ts'
import { intValue, stringValue, templateSource } from '../testing/arbitraryTemplateSource.ts'
import type { InputValue } from '../values/InputValue.ts'
import { evaluateTemplate } from './evaluateTemplate.ts'

// A plain tree-walking interpreter, independent of the closures evaluateTemplate builds; the
// property checks both agree on which constraints fail, for random templates and inputs.
type Values = Record<string, InputValue>

function interpret(expr: Expr, intent: Values, evidence: Values): InputValue {
  switch (expr.kind) {
    case 'Field':
      return (expr.scope === 'intent' ? intent : evidence)[expr.name]!
    case 'StringLiteral':
    case 'IntLiteral':
    case 'BoolLiteral':
      return expr.value
    case 'SetLiteral':
      return expr.elements
    case 'Compare':
      return holds(expr.op, interpret(expr.left, intent, evidence), interpret(expr.right, intent, evidence))
    case 'Chain':
      return expr.ops.every((op, index) =>
        holds(op, interpret(expr.operands[index]!, intent, evidence), interpret(expr.operands[index + 1]!, intent, evidence)))
    case 'In': {
      const found = (interpret(expr.set, intent, evidence) as readonly InputValue[]).includes(interpret(expr.element, intent, evidence))
      return expr.negated ? !found : found
    }
    case 'Relation': {
      const left = interpret(expr.left, intent, evidence) as readonly InputValue[]
      const right = interpret(expr.right, intent, evidence) as readonly InputValue[]
      const within = (a: readonly InputValue[], b: readonly InputValue[]) => a.every((element) => b.includes(element))
      const shared = left.some((element) => right.includes(element))
      return expr.op === 'subset' ? within(left, right) : expr.op === 'superset' ? within(right, left) : expr.op === 'intersects' ? shared : !shared
    }
    case 'Not':
      return !interpret(expr.operand, intent, evidence)
    case 'And':
      return expr.operands.every((operand) => interpret(operand, intent, evidence) === true)
    case 'Or':
      return expr.operands.some((operand) => interpret(operand, intent, evidence) === true)
  }
}

function holds(op: CompareOp, left: InputValue, right: InputValue): boolean {
  switch (op) {
    case '==': return left === right
    case '!=': return left !== right
    case '<': return left < right
    case '<=': return left <= right
    case '>': return left > right
    case '>=': return left >= right
  }
}

function valueOf(decl: FieldDecl): fc.Arbitrary<InputValue> {
  switch (decl.type) {
    case 'string': return stringValue
    case 'int': return intValue
    case 'bool': return fc.boolean()
    case 'set<string>': return fc.array(stringValue, { maxLength: 4 })
    case 'set<int>': return fc.array(intValue, { maxLength: 4 })
  }
}

function valuesOf(schema: readonly FieldDecl[]): fc.Arbitrary<Values> {
  const entries = schema.map((decl) => fc.tuple(fc.constant(decl.name), decl.isOptional ? fc.option(valueOf(decl), { nil: undefined }) : valueOf(decl)))
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, value]) => value !== undefined)) as Values)
}

const scenario = templateSource.chain((source) => {
  const compiled: CompiledTemplate = compileTemplate(source)
  return fc.tuple(fc.constant(compiled), valuesOf(compiled.intent), valuesOf(compiled.evidence))
})

test('evaluateTemplate agrees with a tree-walking interpreter on random templates and inputs', () => {
  fc.assert(
    fc.property(scenario, ([compiled, intent, evidence]) => {
      const expected = compiled.requires.flatMap((constraint, index) => {
        if (constraint.guardFields.some((name) => intent[name] === undefined)) return []
        return interpret(constraint.expr, intent, evidence) === true ? [] : [index]
      })
      const result = evaluateTemplate(compiled, intent, evidence)
      assert.deepEqual(result.ok ? [] : result.failures.map((failure) => failure.index), expected)
      if (!result.ok) for (const failure of result.failures) assert.ok(failure.reason.startsWith(`${failure.pretty_expr} evaluated to false`))
    }),
    { numRuns: 150, endOnFailure: true },
  )
})
