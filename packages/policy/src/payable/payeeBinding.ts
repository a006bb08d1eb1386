// Whether a payable template ties its payee to what the user signed (docs/template-language.md,
// "Payable templates"; issue 38): otherwise whoever proposes first chooses who is paid.
import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import type { Expr } from '../ast/Expr.ts'

/** The evidence fields that name who is paid: the payee's address, or the business (UCP) it belongs to. */
export const PAYEE_BINDING_FIELDS: readonly string[] = Object.freeze(['payee', 'business'])

/** The constraint that ties the payee: its index in `requires` and the field it ties. */
export type PayeeBinding = { index: number; field: string }

/**
 * The first constraint of `requires` that always holds the payee (or the business) to values the
 * user signed: `evidence.payee == intent.x`, `evidence.payee in intent.allowed_payees`, or the same
 * with a literal (the template id is signed too), or with `evidence.business`; as a whole
 * constraint or an operand of a top-level `and`. A constraint under `optional:` does not count
 * (an intent may leave its guard out), nor one inside `or` or `not`. Undefined when there is none.
 * @example payeeBindingOf(compileTemplate(source)) // { index: 4, field: 'evidence.payee' }
 */
export function payeeBindingOf(template: CompiledTemplate): PayeeBinding | undefined {
  for (const [index, constraint] of template.requires.entries()) {
    if (constraint.isOptional) continue
    const field = boundField(constraint.expr)
    if (field !== undefined) return { index, field: `evidence.${field}` }
  }
  return undefined
}

function boundField(expr: Expr): string | undefined {
  if (expr.kind === 'And') {
    for (const operand of expr.operands) {
      const field = boundField(operand)
      if (field !== undefined) return field
    }
    return undefined
  }
  if (expr.kind === 'Compare' && expr.op === '==') return payeeFieldOf(expr.left, expr.right) ?? payeeFieldOf(expr.right, expr.left)
  if (expr.kind === 'In' && !expr.negated) return payeeFieldOf(expr.element, expr.set)
  return undefined
}

/** The payee field `side` names when `other` is something the user signed (an intent field or a literal). */
function payeeFieldOf(side: Expr, other: Expr): string | undefined {
  if (side.kind !== 'Field' || side.scope !== 'evidence' || !PAYEE_BINDING_FIELDS.includes(side.name)) return undefined
  const signed = (other.kind === 'Field' && other.scope === 'intent') || other.kind === 'StringLiteral' || other.kind === 'SetLiteral'
  return signed ? side.name : undefined
}
