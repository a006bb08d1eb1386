import type { SetOperand, SetRelation } from '../ast/Expr.ts'
import { formatValue } from '../format/formatValue.ts'
import { compileExpression } from './compileExpression.ts'
import type { NormalizedRecord } from './NormalizedValue.ts'

/** Words naming the elements that made a false relation false, for a failure's `reason`. */
export type RelationExplainer = (intent: NormalizedRecord, evidence: NormalizedRecord) => string

/**
 * For a false `a subset b` the elements of `a` missing from `b` (`superset`: of `b` missing from
 * `a`), for a false `a disjoint b` the shared elements, for a false `a intersects b` that they share
 * none. Sets are shown sorted and shortened as every value in a reason is.
 */
export function explainRelation(expr: SetRelation): RelationExplainer {
  const left = compileExpression(expr.left)
  const right = compileExpression(expr.right)
  return (intent, evidence) => {
    const a = left(intent, evidence) as ReadonlySet<string | bigint>
    const b = right(intent, evidence) as ReadonlySet<string | bigint>
    switch (expr.op) {
      case 'subset':
        return `not in ${sideName(expr.right)}: ${formatValue(difference(a, b))}`
      case 'superset':
        return `not in ${sideName(expr.left)}: ${formatValue(difference(b, a))}`
      case 'intersects':
        return 'no element in common'
      case 'disjoint':
        return `in common: ${formatValue(new Set([...a].filter((element) => b.has(element))))}`
    }
  }
}

function sideName(side: SetOperand): string {
  return side.kind === 'Field' ? `${side.scope}.${side.name}` : 'the set literal'
}

function difference(a: ReadonlySet<string | bigint>, b: ReadonlySet<string | bigint>): Set<string | bigint> {
  return new Set([...a].filter((element) => !b.has(element)))
}
