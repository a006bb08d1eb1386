import type { Expr } from '../ast/Expr.ts'

/** Pretty-prints one expression as source text (the `pretty_expr` of a constraint failure). */
export function formatExpression(expr: Expr): string {
  void expr
  throw new Error('formatExpression: not implemented yet')
}
