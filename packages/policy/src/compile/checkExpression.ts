import type { FieldDecl } from '../ast/CompiledTemplate.ts'
import type { Chain, Compare, CompareOp, Expr, FieldRef, FieldScope, FieldType, SetElementType, SetLiteral, SetOperand } from '../ast/Expr.ts'
import { EXPRESSION_NODES_MAX } from '../limits.ts'
import type { SyntaxExpr, SyntaxOp } from '../syntax/SyntaxTree.ts'
import type { Position } from '../syntax/Token.ts'
import { fail } from '../syntax/TokenCursor.ts'
import { compareSetElements } from '../values/compareSetElements.ts'
import { formatString } from '../format/formatString.ts'
import { suggestName } from './suggestName.ts'

const SET_LITERAL_PLACES =
  'a set literal `{...}` stands only where a set does: after `in` / `not in`, or beside `subset`, `superset`, `intersects`, `disjoint`'

/** What checking one constraint needs and collects. */
export type CheckContext = {
  readonly schemas: Readonly<Record<FieldScope, ReadonlyMap<string, FieldDecl>>>
  /** Optional intent fields the constraint references, with the first position of each. */
  readonly optionalRefs: Map<string, Position>
  nodeCount: number
}

type Typed = { expr: Expr; type: FieldType }

/** Resolves names and checks types of one expression, returning the typed node and its type. */
export function checkExpression(syntax: SyntaxExpr, context: CheckContext): Typed {
  context.nodeCount++
  if (context.nodeCount > EXPRESSION_NODES_MAX)
    fail(syntax.pos, `constraint has more than ${EXPRESSION_NODES_MAX} expression nodes (the limit)`)
  switch (syntax.kind) {
    case 'Field':
      return checkField(syntax, context)
    case 'Word':
      return fail(syntax.pos, unknownWordReason(syntax.text, context))
    case 'String':
      return { expr: { kind: 'StringLiteral', value: syntax.value }, type: 'string' }
    case 'Int':
      return { expr: { kind: 'IntLiteral', value: syntax.value }, type: 'int' }
    case 'Bool':
      return { expr: { kind: 'BoolLiteral', value: syntax.value }, type: 'bool' }
    case 'SetLiteral':
      return fail(syntax.pos, SET_LITERAL_PLACES)
    case 'Compare':
      return checkCompare(syntax.ops, syntax.operands, context)
    case 'In':
      return checkMembership(syntax, context)
    case 'Relation':
      return checkRelation(syntax, context)
    case 'Not': {
      const operand = checkBool(syntax.operand, context, '`not`')
      return { expr: { kind: 'Not', operand }, type: 'bool' }
    }
    case 'And':
    case 'Or': {
      const word = syntax.kind === 'And' ? '`and`' : '`or`'
      const operands = syntax.operands.flatMap((operand) => {
        const expr = checkBool(operand, context, word)
        return expr.kind === syntax.kind ? expr.operands : [expr]
      })
      return { expr: { kind: syntax.kind, operands }, type: 'bool' }
    }
  }
}

/** Checks `syntax` and requires it to be boolean; `role` names what needs the boolean. */
export function checkBool(syntax: SyntaxExpr, context: CheckContext, role: string): Expr {
  const { expr, type } = checkExpression(syntax, context)
  if (type !== 'bool') fail(syntax.pos, `${role} needs a boolean, but ${describe(syntax)} is ${type}`)
  return expr
}

function checkField(syntax: SyntaxExpr & { kind: 'Field' }, context: CheckContext): Typed {
  const decl = context.schemas[syntax.scope].get(syntax.name)
  if (decl === undefined) return fail(syntax.pos, unknownFieldReason(syntax.scope, syntax.name, context))
  if (decl.isOptional && !context.optionalRefs.has(decl.name)) context.optionalRefs.set(decl.name, syntax.pos)
  const expr: FieldRef = { kind: 'Field', scope: syntax.scope, name: syntax.name, type: decl.type }
  return { expr, type: decl.type }
}

function checkCompare(ops: readonly SyntaxOp[], operands: readonly SyntaxExpr[], context: CheckContext): Typed {
  const typed = operands.map((operand) => checkExpression(operand, context))
  ops.forEach((op, index) => checkComparable(op, operands[index]!, typed[index]!.type, operands[index + 1]!, typed[index + 1]!.type))
  if (ops.length === 1) {
    const expr: Compare = { kind: 'Compare', op: ops[0]!.op, left: typed[0]!.expr, right: typed[1]!.expr }
    return { expr, type: 'bool' }
  }
  const ascending = ops[0]!.op === '<' || ops[0]!.op === '<='
  for (const op of ops) {
    const isEquality = op.op === '==' || op.op === '!='
    const isAscending = op.op === '<' || op.op === '<='
    if (isEquality || isAscending !== ascending)
      fail(op.pos, `a chained comparison uses only \`<\`/\`<=\` or only \`>\`/\`>=\` (as in \`1 <= evidence.x <= 9\`); found \`${op.op}\``)
  }
  const expr: Chain = { kind: 'Chain', ops: ops.map((op) => op.op), operands: typed.map((entry) => entry.expr) }
  return { expr, type: 'bool' }
}

function checkComparable(op: SyntaxOp, left: SyntaxExpr, leftType: FieldType, right: SyntaxExpr, rightType: FieldType): void {
  if (leftType.startsWith('set') && rightType.startsWith('set'))
    fail(op.pos, `cannot compare sets with \`${op.op}\`: ${describe(left)} is ${leftType} and ${describe(right)} is ${rightType}; relate them with \`subset\`, \`superset\`, \`intersects\` or \`disjoint\``)
  for (const [side, type] of [[left, leftType], [right, rightType]] as const) {
    if (type.startsWith('set'))
      fail(op.pos, `cannot compare sets with \`${op.op}\`: ${describe(side)} is ${type}; test membership with \`in\` / \`not in\``)
  }
  if (leftType !== rightType)
    fail(op.pos, `type mismatch: \`${op.op}\` compares ${describe(left)} (${leftType}) with ${describe(right)} (${rightType})`)
  if (leftType !== 'int' && isOrdering(op.op))
    fail(op.pos, `\`${op.op}\` orders ints only; ${describe(left)} is ${leftType} (use \`==\` or \`!=\`)`)
}

function checkMembership(syntax: SyntaxExpr & { kind: 'In' }, context: CheckContext): Typed {
  const word = syntax.negated ? '`not in`' : '`in`'
  const element = checkExpression(syntax.element, context)
  if (element.type !== 'string' && element.type !== 'int')
    fail(syntax.pos, `${word} tests a string or an int, but ${describe(syntax.element)} is ${element.type}`)
  const set = syntax.set.kind === 'SetLiteral'
    ? checkSetLiteral(syntax.set, element.type, context, `the value tested is ${element.type}`)
    : checkSetField(syntax.set, word, context)
  const elementType = set.kind === 'SetLiteral' ? set.elementType : set.type === 'set<string>' ? 'string' : 'int'
  if (elementType !== element.type)
    fail(syntax.pos, `type mismatch: ${word} tests ${describe(syntax.element)} (${element.type}) against a set<${elementType}>`)
  return { expr: { kind: 'In', negated: syntax.negated, element: element.expr, set }, type: 'bool' }
}

// `a subset b` etc.: two sets of one element type, fields or literals (not both literals). A
// literal takes its element type from the other side, so `{}` works too.
function checkRelation(syntax: SyntaxExpr & { kind: 'Relation' }, context: CheckContext): Typed {
  const word = `\`${syntax.op}\``
  const { left, right } = syntax
  if (left.kind === 'SetLiteral' && right.kind === 'SetLiteral')
    fail(syntax.pos, `both sides of ${word} are set literals, so its value never depends on the intent or the evidence; relate a set field to a literal or to another set field`)
  const leftTyped = left.kind === 'SetLiteral' ? undefined : checkExpression(left, context)
  const rightTyped = right.kind === 'SetLiteral' ? undefined : checkExpression(right, context)
  for (const [side, typed, other, otherTyped] of [[left, leftTyped, right, rightTyped], [right, rightTyped, left, leftTyped]] as const) {
    if (typed === undefined || typed.type.startsWith('set')) continue
    fail(side.pos, relationMismatchReason(word, side, typed.type, other, otherTyped?.type))
  }
  const leftType = leftTyped?.type
  const rightType = rightTyped?.type
  if (leftType !== undefined && rightType !== undefined && leftType !== rightType)
    fail(syntax.pos, `type mismatch: ${describe(left)} is ${leftType} and ${describe(right)} is ${rightType}; ${word} relates two sets of the same element type`)
  const elementType = elementTypeOf((leftType ?? rightType)!)
  const operand = (side: SyntaxExpr, typed: Typed | undefined, otherSide: SyntaxExpr): SetOperand =>
    side.kind === 'SetLiteral' ? checkSetLiteral(side, elementType, context, `${describe(otherSide)} holds ${elementType}s`) : (typed!.expr as FieldRef)
  return { expr: { kind: 'Relation', op: syntax.op, left: operand(left, leftTyped, right), right: operand(right, rightTyped, left) }, type: 'bool' }
}

// What a relation with a non-set side means, and what to write instead: a string or int beside a
// set is a membership test (`use \`in\``), two scalars are a comparison (`==`).
function relationMismatchReason(word: string, side: SyntaxExpr, type: FieldType, other: SyntaxExpr, otherType: FieldType | undefined): string {
  const isScalar = (t: FieldType | undefined) => t === 'string' || t === 'int'
  const otherIsSet = other.kind === 'SetLiteral' || (otherType !== undefined && otherType.startsWith('set'))
  if (isScalar(type) && otherIsSet) {
    const otherText = other.kind === 'SetLiteral' ? 'the set literal' : `${describe(other)} is ${otherType}`
    const head = `${word} relates two sets: ${otherText} and ${describe(side)} is ${type}`
    // `in` is the fix only when the value has the set's element type.
    if (otherType !== undefined && elementTypeOf(otherType) !== type) return `${head}, not a set<${type}>`
    return `${head}: use \`in\` (\`${plain(side)} in ${plain(other)}\`)`
  }
  if (isScalar(type) && isScalar(otherType))
    return `${word} relates two sets: ${describe(side)} is ${type} and ${describe(other)} is ${otherType}: compare them with \`==\``
  return `${word} relates two sets (set fields or set literals \`{...}\`), but ${describe(side)} is ${type}`
}

// An operand as source text inside a hint.
function plain(syntax: SyntaxExpr): string {
  if (syntax.kind === 'Field') return `${syntax.scope}.${syntax.name}`
  if (syntax.kind === 'SetLiteral') return '{...}'
  return describe(syntax)
}

function elementTypeOf(type: FieldType): SetElementType {
  return type === 'set<int>' ? 'int' : 'string'
}

function checkSetField(syntax: SyntaxExpr, word: string, context: CheckContext): FieldRef {
  if (syntax.kind !== 'Field' && syntax.kind !== 'Word')
    fail(syntax.pos, `the right side of ${word} must be a set field or a set literal \`{...}\``)
  const { expr, type } = checkExpression(syntax, context)
  if (expr.kind !== 'Field' || !type.startsWith('set'))
    fail(syntax.pos, `the right side of ${word} must be a set field or a set literal \`{...}\`, but ${describe(syntax)} is ${type}`)
  return expr
}

function checkSetLiteral(syntax: SyntaxExpr & { kind: 'SetLiteral' }, expected: SetElementType, context: CheckContext, expectation: string): SetLiteral {
  context.nodeCount += syntax.elements.length
  for (const element of syntax.elements) {
    const type = element.kind === 'String' ? 'string' : 'int'
    if (type !== expected)
      fail(element.pos, `type mismatch: set literal element ${element.kind === 'String' ? formatString(element.value) : element.value} is ${type}, but ${expectation}`)
  }
  const unique = [...new Set(syntax.elements.map((element) => element.value))]
  return { kind: 'SetLiteral', elementType: expected, elements: unique.sort(compareSetElements) }
}

function isOrdering(op: CompareOp): boolean {
  return op === '<' || op === '<=' || op === '>' || op === '>='
}

function unknownFieldReason(scope: FieldScope, name: string, context: CheckContext): string {
  const reason = `unknown field \`${scope}.${name}\``
  const other: FieldScope = scope === 'intent' ? 'evidence' : 'intent'
  const near = suggestName(name, context.schemas[scope].keys())
  if (near !== undefined) return `${reason}; did you mean \`${scope}.${near}\`?`
  if (context.schemas[other].has(name)) return `${reason}; did you mean \`${other}.${name}\`?`
  const nearOther = suggestName(name, context.schemas[other].keys())
  if (nearOther !== undefined) return `${reason}; did you mean \`${other}.${nearOther}\`?`
  return `${reason}; ${scope} declares ${listNames(context.schemas[scope])}`
}

function unknownWordReason(word: string, context: CheckContext): string {
  for (const scope of ['evidence', 'intent'] as const) {
    if (context.schemas[scope].has(word)) return `unknown name \`${word}\`; did you mean \`${scope}.${word}\`?`
  }
  const hint = suggestName(word, ['true', 'false', 'and', 'or', 'not', 'in', 'subset', 'superset', 'intersects', 'disjoint'])
  if (hint !== undefined) return `unknown name \`${word}\`; did you mean \`${hint}\`?`
  return `unknown name \`${word}\`; fields are written \`evidence.name\` or \`intent.name\``
}

function listNames(schema: ReadonlyMap<string, FieldDecl>): string {
  const names = [...schema.keys()]
  if (names.length === 0) return 'no fields'
  const shown = names.slice(0, 8).join(', ')
  return names.length > 8 ? `${shown}, …` : shown
}

/** How a sub-expression reads in an error message. */
function describe(syntax: SyntaxExpr): string {
  switch (syntax.kind) {
    case 'Field':
      return `\`${syntax.scope}.${syntax.name}\``
    case 'String':
      return formatString(syntax.value)
    case 'Int':
      return String(syntax.value)
    case 'Bool':
      return String(syntax.value)
    case 'SetLiteral':
      return 'the set literal'
    case 'Compare':
    case 'In':
      return 'the comparison'
    case 'Relation':
      return 'the relation'
    default:
      return 'the expression'
  }
}
