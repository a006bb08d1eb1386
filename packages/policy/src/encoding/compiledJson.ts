import type { CompiledTemplate, FieldDecl } from '../ast/CompiledTemplate.ts'
import type { Expr } from '../ast/Expr.ts'

/** Identifies the compiled format; bumped on any change to the encoding. */
export const COMPILED_FORMAT = 'verity-template/1'

/**
 * The JSON value whose RFC 8785 (JCS) serialization is the compiled form. It holds exactly the
 * meaning of the template: schemas sorted by field name, set literals sorted and deduplicated,
 * ints as decimal strings (JCS numbers are doubles and cannot hold every int64), and nothing
 * derivable (field types in references, guard fields), which the decoder recomputes.
 */
export function compiledJson(template: CompiledTemplate): unknown {
  return {
    format: COMPILED_FORMAT,
    name: template.name,
    intent: template.intent.map(declJson),
    evidence: template.evidence.map(declJson),
    requires: template.requires.map((constraint) => ({ optional: constraint.isOptional, expr: exprJson(constraint.expr) })),
  }
}

function declJson(decl: FieldDecl): unknown {
  return { name: decl.name, type: decl.type, optional: decl.isOptional }
}

const toJson: { [K in Expr['kind']]: (expr: Extract<Expr, { kind: K }>) => unknown } = {
  Field: (expr) => ({ kind: 'Field', scope: expr.scope, name: expr.name }),
  StringLiteral: (expr) => ({ kind: 'StringLiteral', value: expr.value }),
  IntLiteral: (expr) => ({ kind: 'IntLiteral', value: expr.value.toString() }),
  BoolLiteral: (expr) => ({ kind: 'BoolLiteral', value: expr.value }),
  SetLiteral: (expr) => ({ kind: 'SetLiteral', element_type: expr.elementType, elements: expr.elements.map(String) }),
  Compare: (expr) => ({ kind: 'Compare', op: expr.op, left: exprJson(expr.left), right: exprJson(expr.right) }),
  Chain: (expr) => ({ kind: 'Chain', ops: expr.ops, operands: expr.operands.map(exprJson) }),
  In: (expr) => ({ kind: 'In', negated: expr.negated, element: exprJson(expr.element), set: exprJson(expr.set) }),
  Not: (expr) => ({ kind: 'Not', operand: exprJson(expr.operand) }),
  And: (expr) => ({ kind: 'And', operands: expr.operands.map(exprJson) }),
  Or: (expr) => ({ kind: 'Or', operands: expr.operands.map(exprJson) }),
}

function exprJson(expr: Expr): unknown {
  return (toJson[expr.kind] as (expr: Expr) => unknown)(expr)
}
