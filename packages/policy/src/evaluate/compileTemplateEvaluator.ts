import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import type { Expr, FieldRef } from '../ast/Expr.ts'
import { formatExpression } from '../format/formatExpression.ts'
import { compileExpression, type Evaluator } from './compileExpression.ts'
import { explainRelation, type RelationExplainer } from './explainRelation.ts'

/** A constraint ready to run: its closure, guard fields, printed form and referenced fields. */
export type ConstraintEvaluator = Readonly<{
  evaluate: Evaluator
  guardFields: readonly string[]
  prettyExpr: string
  fields: readonly FieldRef[]
  /** For a constraint that is one set relation: which elements made it false. */
  explain: RelationExplainer | undefined
}>

// Frozen templates never change; a WeakMap lets the GC bound the cache.
const cache = new WeakMap<CompiledTemplate, readonly ConstraintEvaluator[]>()

/** The evaluators of `template`'s constraints, built once per template. */
export function compileTemplateEvaluator(template: CompiledTemplate): readonly ConstraintEvaluator[] {
  let evaluators = cache.get(template)
  if (evaluators === undefined) {
    evaluators = template.requires.map((constraint) => ({
      evaluate: compileExpression(constraint.expr),
      guardFields: constraint.guardFields,
      prettyExpr: formatExpression(constraint.expr),
      fields: referencedFields(constraint.expr),
      explain: constraint.expr.kind === 'Relation' ? explainRelation(constraint.expr) : undefined,
    }))
    if (Object.isFrozen(template)) cache.set(template, evaluators)
  }
  return evaluators
}

/** Fields referenced by `expr`, each once, in source order. */
function referencedFields(expr: Expr): FieldRef[] {
  const found = new Map<string, FieldRef>()
  const visit = (node: Expr): void => {
    switch (node.kind) {
      case 'Field':
        found.set(`${node.scope}.${node.name}`, node)
        return
      case 'Compare':
        visit(node.left)
        visit(node.right)
        return
      case 'In':
        visit(node.element)
        visit(node.set)
        return
      case 'Relation':
        visit(node.left)
        visit(node.right)
        return
      case 'Not':
        visit(node.operand)
        return
      case 'Chain':
      case 'And':
      case 'Or':
        node.operands.forEach(visit)
        return
      default:
        return
    }
  }
  visit(expr)
  return [...found.values()]
}
