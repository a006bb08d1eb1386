import type { Constraint } from '../ast/CompiledTemplate.ts'
import type { CompareOp, Expr, FieldRef } from '../ast/Expr.ts'
import type { InputValue } from '../values/InputValue.ts'
import { describeConstraint, setWords, valueWords, type DescribeOptions } from './describeConstraint.ts'

/**
 * A failed constraint in plain words, with the evidence's value and the intent's: `Price: $34.99,
 * above your $25.00 cap` for `evidence.price_cents <= intent.max_price_cents` (with the web
 * wallet's options; `price_cents: 3499, above your 2500 cap` without). A comparison or a
 * membership of one evidence field reads that way; any other constraint reads `Not met: …` (its
 * describeConstraint words) with the evidence values it names. `evidence` is the proposal's
 * evidence as plain JSON (a failure event's).
 */
export function describeFailure(constraint: Constraint, attrs: Readonly<Record<string, InputValue>>, evidence: Readonly<Record<string, unknown>>, options: DescribeOptions = {}): string {
  const expr = constraint.expr
  const side = (operand: Expr) => operandWords(operand, attrs, options)
  if (expr.kind === 'Compare' && expr.left.kind === 'Field' && expr.left.scope === 'evidence') {
    const shown = evidenceWords(expr.left, evidence, options)
    return `${shown}, ${COMPARE_FAILURE_WORDS[expr.op](side(expr.right))}`
  }
  if (expr.kind === 'In' && expr.element.kind === 'Field' && expr.element.scope === 'evidence') {
    const shown = evidenceWords(expr.element, evidence, options)
    const set = side(expr.set).replace(/^\{|\}$/g, '')
    return expr.negated ? `${shown}, which you ruled out (${set})` : `${shown}, not one of ${set === '' ? 'nothing (an empty set)' : set}`
  }
  const named = evidenceFieldsOf(expr).map((field) => evidenceWords(field, evidence, options))
  return `Not met: ${describeConstraint(constraint, attrs, options)}${named.length === 0 ? '' : ` (${named.join('; ')})`}`
}

/** What a failed `evidence.x op y` says of y: the evidence value is not on the allowed side of it. */
const COMPARE_FAILURE_WORDS: Readonly<Record<CompareOp, (bound: string) => string>> = {
  '==': (bound) => `not the ${bound} you asked for`,
  '!=': (bound) => `which you ruled out (${bound})`,
  '<': (bound) => `not under your ${bound} cap`,
  '<=': (bound) => `above your ${bound} cap`,
  '>': (bound) => `not over your ${bound} minimum`,
  '>=': (bound) => `below your ${bound} minimum`,
}

/** `Price: $34.99`: an evidence field's name (capitalised) and its value in the proposal's evidence. */
function evidenceWords(field: FieldRef, evidence: Readonly<Record<string, unknown>>, options: DescribeOptions): string {
  const name = options.fieldWords?.(field.name) ?? field.name
  const value = inputOfJson(evidence[field.name])
  const shown = value === undefined ? '(not in the evidence)' : (options.valueWords?.(field.name, value) ?? valueWords(value, field.name))
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${shown}`
}

function operandWords(operand: Expr, attrs: Readonly<Record<string, InputValue>>, options: DescribeOptions): string {
  if (operand.kind === 'SetLiteral') return setWords(operand.elements)
  return describeConstraint({ isOptional: false, guardFields: [], expr: operand }, attrs, options)
}

function evidenceFieldsOf(expr: Expr): FieldRef[] {
  const found = new Map<string, FieldRef>()
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return
    if ((node as Expr).kind === 'Field' && (node as FieldRef).scope === 'evidence') found.set((node as FieldRef).name, node as FieldRef)
    for (const child of Object.values(node)) visit(child)
  }
  visit(expr)
  return [...found.values()]
}

/** A plain JSON value (a failure event's evidence) as the policy's InputValue: integers become bigints. */
function inputOfJson(value: unknown): InputValue | undefined {
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined
  if (Array.isArray(value)) {
    const items = value.map(inputOfJson)
    return items.every((item) => item !== undefined) ? (items as InputValue) : undefined
  }
  return undefined
}
