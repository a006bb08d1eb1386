import type { Expr } from '../ast/Expr.ts'
import { formatString } from './formatString.ts'

// Binding strength of each kind, loosest first; an operand that binds more loosely than its
// position allows gets parentheses. Comparisons under `not` get them too, for readability
// (`not (a == b)` rather than `not a == b`); both parse to the same tree.
const PRECEDENCE: { [K in Expr['kind']]: number } = {
  Or: 1,
  And: 2,
  Not: 3,
  Compare: 4,
  Chain: 4,
  In: 4,
  Relation: 4,
  Field: 5,
  StringLiteral: 5,
  IntLiteral: 5,
  BoolLiteral: 5,
  SetLiteral: 5,
}

const print: { [K in Expr['kind']]: (expr: Extract<Expr, { kind: K }>) => string } = {
  Field: (expr) => `${expr.scope}.${expr.name}`,
  StringLiteral: (expr) => formatString(expr.value),
  IntLiteral: (expr) => expr.value.toString(),
  BoolLiteral: (expr) => String(expr.value),
  SetLiteral: (expr) => `{${expr.elements.map((element) => (typeof element === 'string' ? formatString(element) : element.toString())).join(', ')}}`,
  Compare: (expr) => `${operand(expr.left, 5)} ${expr.op} ${operand(expr.right, 5)}`,
  Chain: (expr) => expr.operands.map((inner, index) => (index === 0 ? '' : ` ${expr.ops[index - 1]} `) + operand(inner, 5)).join(''),
  In: (expr) => `${operand(expr.element, 5)} ${expr.negated ? 'not in' : 'in'} ${formatExpression(expr.set)}`,
  Relation: (expr) => `${formatExpression(expr.left)} ${expr.op} ${formatExpression(expr.right)}`,
  Not: (expr) => `not ${operand(expr.operand, expr.operand.kind === 'Not' ? 3 : 5)}`,
  And: (expr) => expr.operands.map((inner) => operand(inner, 3)).join(' and '),
  // `and` inside `or` gets parentheses too: `(a and b) or c` reads better than `a and b or c`.
  Or: (expr) => expr.operands.map((inner) => operand(inner, 3)).join(' or '),
}

/** Pretty-prints one expression as source text (the `pretty_expr` of a constraint failure). */
export function formatExpression(expr: Expr): string {
  return (print[expr.kind] as (expr: Expr) => string)(expr)
}

// Prints `expr` where an expression of at least `precedenceMin` fits without parentheses.
function operand(expr: Expr, precedenceMin: number): string {
  const text = formatExpression(expr)
  return PRECEDENCE[expr.kind] >= precedenceMin ? text : `(${text})`
}
