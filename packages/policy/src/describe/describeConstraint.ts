import type { InputValue } from '../values/InputValue.ts'
import type { Constraint } from '../ast/CompiledTemplate.ts'
import type { Expr } from '../ast/Expr.ts'

/** Set elements written out before the rest is summarised ("… 12 more"). */
const SET_ELEMENTS_SHOWN_MAX = 20

/**
 * How a reader's page names fields and shows values (the web wallet: `price` for `price_cents`,
 * `$25.00` for 2500). Left out, fields keep their names and values are written as the policy
 * language writes them.
 */
export type DescribeOptions = Readonly<{
  /** The words for an intent field's value (undefined: the default). */
  valueWords?: (field: string, value: InputValue) => string | undefined
  /** The name shown for an evidence field (undefined: the default). */
  fieldWords?: (field: string) => string | undefined
}>

export const OPERATOR_WORDS: Readonly<Record<string, string>> = { '==': 'is', '!=': 'is not', '<': '<', '<=': '≤', '>': '>', '>=': '≥' }

/**
 * One constraint in plain words, with the intent's values filled in, so a model can read what the
 * user allowed: `evidence.category in intent.acceptable_categories` with `["t-shirt","polo"]`
 * becomes `category is one of "t-shirt", "polo"`; `evidence.price_cents <= intent.max_price_cents`
 * becomes `price_cents ≤ 2500`. Evidence fields are named bare: they are what a candidate must show.
 */
export function describeConstraint(constraint: Constraint, attrs: Readonly<Record<string, InputValue>>, options: DescribeOptions = {}): string {
  return words(constraint.expr, attrs, options)
}

/** True when an `optional:` constraint applies: every optional intent field it names was given. */
export function constraintApplies(constraint: Constraint, attrs: Readonly<Record<string, InputValue>>): boolean {
  return constraint.guardFields.every((field) => Object.hasOwn(attrs, field))
}

function words(expr: Expr, attrs: Readonly<Record<string, InputValue>>, options: DescribeOptions): string {
  switch (expr.kind) {
    case 'Field':
      return expr.scope === 'evidence' ? (options.fieldWords?.(expr.name) ?? expr.name) : intentValueWords(expr.name, attrs, options)
    case 'StringLiteral':
      return JSON.stringify(expr.value)
    case 'IntLiteral':
      return expr.value.toString()
    case 'BoolLiteral':
      return String(expr.value)
    case 'SetLiteral':
      return setWords(expr.elements)
    case 'Compare':
      return `${words(expr.left, attrs, options)} ${OPERATOR_WORDS[expr.op] ?? expr.op} ${words(expr.right, attrs, options)}`
    case 'Chain':
      return expr.operands.map((operand, index) => (index === 0 ? '' : ` ${OPERATOR_WORDS[expr.ops[index - 1]!] ?? expr.ops[index - 1]} `) + words(operand, attrs, options)).join('')
    case 'In':
      return `${words(expr.element, attrs, options)} is ${expr.negated ? 'none of' : 'one of'} ${words(expr.set, attrs, options).replace(/^\{|\}$/g, '')}`
    case 'Relation':
      return relationWords(expr, attrs, options)
    case 'Not':
      return `not (${words(expr.operand, attrs, options)})`
    case 'And':
      return expr.operands.map((operand) => grouped(operand, attrs, options)).join(' and ')
    case 'Or':
      return expr.operands.map((operand) => grouped(operand, attrs, options)).join(' or ')
  }
}

// `evidence.includes superset intent.wanted` reads `includes has all of "saucepan", "skillet"`.
function relationWords(expr: Extract<Expr, { kind: 'Relation' }>, attrs: Readonly<Record<string, InputValue>>, options: DescribeOptions): string {
  const left = words(expr.left, attrs, options)
  const right = words(expr.right, attrs, options).replace(/^\{|\}$/g, '')
  switch (expr.op) {
    case 'subset':
      return `every one of ${left} is one of ${right}`
    case 'superset':
      return `${left} has all of ${right}`
    case 'intersects':
      return `${left} has at least one of ${right}`
    case 'disjoint':
      return `${left} has none of ${right}`
  }
}

function grouped(expr: Expr, attrs: Readonly<Record<string, InputValue>>, options: DescribeOptions): string {
  return expr.kind === 'And' || expr.kind === 'Or' ? `(${words(expr, attrs, options)})` : words(expr, attrs, options)
}

function intentValueWords(name: string, attrs: Readonly<Record<string, InputValue>>, options: DescribeOptions): string {
  const value = attrs[name]
  return (value === undefined ? undefined : options.valueWords?.(name, value)) ?? valueWords(value, `intent.${name}`)
}

export function valueWords(value: InputValue | undefined, name: string): string {
  if (value === undefined) return `${name} (not given)`
  if (Array.isArray(value)) return setWords(value as readonly InputValue[])
  if (typeof value === 'string') return JSON.stringify(value)
  return String(value)
}

export function setWords(elements: readonly (InputValue | bigint)[]): string {
  const shown = elements.slice(0, SET_ELEMENTS_SHOWN_MAX).map((element) => (typeof element === 'string' ? JSON.stringify(element) : String(element)))
  if (elements.length > SET_ELEMENTS_SHOWN_MAX) shown.push(`… ${elements.length - SET_ELEMENTS_SHOWN_MAX} more`)
  return `{${shown.join(', ')}}`
}
