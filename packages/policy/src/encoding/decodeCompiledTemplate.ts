import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import { freezeTemplate } from '../ast/freezeTemplate.ts'
import { SET_RELATION_OPS, type CompareOp, type FieldType, type SetRelationOp } from '../ast/Expr.ts'
import { checkTemplate } from '../compile/checkTemplate.ts'
import { InvalidCompiledTemplateError } from '../errors/InvalidCompiledTemplateError.ts'
import { TemplateCompileError } from '../errors/TemplateCompileError.ts'
import { COMPILED_TEMPLATE_BYTES_MAX, EXPRESSION_DEPTH_MAX, IDENTIFIER_LENGTH_MAX, INT_MAX, INT_MIN, SET_LITERAL_ELEMENTS_MAX, STRING_LITERAL_BYTES_MAX } from '../limits.ts'
import type { SyntaxBlock, SyntaxDecl, SyntaxExpr, SyntaxSetElement } from '../syntax/SyntaxTree.ts'
import type { Position } from '../syntax/Token.ts'
import { compiledBytes } from './compiledBytes.ts'
import { COMPILED_FORMAT } from './compiledJson.ts'

// The decoder rebuilds the parser's syntax tree from the JSON and runs the same checker the
// compiler runs, so stored bytes obey every rule and limit of the language. It then re-encodes
// and requires the same bytes back: non-canonical input (unsorted fields, unflattened `and`,
// a type written into a reference) is refused, so one template has exactly one encoding and id.

const NOWHERE: Position = { line: 0, column: 0 }
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const INT_TEXT = /^-?(0|[1-9][0-9]{0,18})$/
const FIELD_TYPES: readonly string[] = ['string', 'int', 'bool', 'set<string>', 'set<int>']
const COMPARE_OPS: readonly string[] = ['==', '!=', '<', '<=', '>', '>=']
// JSON nesting per expression level is at most 2 (an object and an array); leave room for that.
const JSON_DEPTH_MAX = 2 * EXPRESSION_DEPTH_MAX + 8

/**
 * Loads a compiled template back from its canonical bytes, re-checking every rule the compiler
 * enforces. Throws `InvalidCompiledTemplateError` for bytes that are not a valid compiled template
 * in canonical form.
 */
export function decodeCompiledTemplate(bytes: Uint8Array): CompiledTemplate {
  if (!(bytes instanceof Uint8Array)) invalid('expected bytes')
  if (bytes.length > COMPILED_TEMPLATE_BYTES_MAX) invalid(`${bytes.length} bytes; the limit is ${COMPILED_TEMPLATE_BYTES_MAX}`)
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch (error) {
    invalid(`not UTF-8 JSON (${(error as Error).message})`)
  }
  const root = object(json, 'template')
  if (root.format !== COMPILED_FORMAT) invalid(`format is ${JSON.stringify(root.format)}, expected "${COMPILED_FORMAT}"`)
  let template: CompiledTemplate
  try {
    template = checkTemplate({
      name: identifier(root.name, 'name'),
      intent: declBlock(root.intent, 'intent'),
      evidence: declBlock(root.evidence, 'evidence'),
      requires: {
        pos: NOWHERE,
        items: array(root.requires, 'requires').map((item, index) => {
          const constraint = object(item, `requires[${index}]`)
          return { isOptional: boolean(constraint.optional, 'optional'), pos: NOWHERE, expr: expression(constraint.expr, 0) }
        }),
      },
      endPos: NOWHERE,
    })
  } catch (error) {
    if (error instanceof TemplateCompileError) invalid(error.reason)
    throw error
  }
  const frozen = freezeTemplate(template)
  if (!sameBytes(compiledBytes(frozen), bytes)) invalid('not in canonical form')
  return frozen
}

function declBlock(value: unknown, title: string): SyntaxBlock<SyntaxDecl> {
  const items = array(value, title).map((item, index) => {
    const decl = object(item, `${title}[${index}]`)
    if (typeof decl.type !== 'string' || !FIELD_TYPES.includes(decl.type)) invalid(`${title}[${index}].type is not a field type`)
    return { name: identifier(decl.name, `${title}[${index}].name`), pos: NOWHERE, type: decl.type as FieldType, isOptional: boolean(decl.optional, 'optional') }
  })
  return { pos: NOWHERE, items }
}

function expression(value: unknown, depth: number): SyntaxExpr {
  if (depth > JSON_DEPTH_MAX) invalid('expression nests too deeply')
  const node = object(value, 'expression')
  const pos = NOWHERE
  const inner = (child: unknown): SyntaxExpr => expression(child, depth + 1)
  switch (node.kind) {
    case 'Field':
      if (node.scope !== 'intent' && node.scope !== 'evidence') invalid('field scope is not intent or evidence')
      return { kind: 'Field', scope: node.scope, name: identifier(node.name, 'field name'), pos }
    case 'StringLiteral':
      return { kind: 'String', value: string(node.value, 'string literal'), pos }
    case 'IntLiteral':
      return { kind: 'Int', value: int(node.value), pos }
    case 'BoolLiteral':
      return { kind: 'Bool', value: boolean(node.value, 'bool literal'), pos }
    case 'SetLiteral': {
      const isInt = node.element_type === 'int'
      if (!isInt && node.element_type !== 'string') invalid('set element_type is not string or int')
      const values = array(node.elements, 'set elements')
      if (values.length > SET_LITERAL_ELEMENTS_MAX) invalid(`set literal has more than ${SET_LITERAL_ELEMENTS_MAX} elements`)
      const elements = values.map((element): SyntaxSetElement =>
        isInt ? { kind: 'Int', value: int(element), pos } : { kind: 'String', value: string(element, 'set element'), pos })
      return { kind: 'SetLiteral', elements, pos }
    }
    case 'Compare':
      return { kind: 'Compare', ops: [{ op: compareOp(node.op), pos }], operands: [inner(node.left), inner(node.right)], pos }
    case 'Chain': {
      const ops = array(node.ops, 'chain ops').map((op) => ({ op: compareOp(op), pos }))
      const operands = array(node.operands, 'chain operands').map(inner)
      if (ops.length < 2 || operands.length !== ops.length + 1) invalid('chain needs n >= 3 operands and n - 1 ops')
      return { kind: 'Compare', ops, operands, pos }
    }
    case 'In':
      return { kind: 'In', negated: boolean(node.negated, 'negated'), element: inner(node.element), set: inner(node.set), pos }
    case 'Relation':
      return { kind: 'Relation', op: relationOp(node.op), left: inner(node.left), right: inner(node.right), pos }
    case 'Not':
      return { kind: 'Not', operand: inner(node.operand), pos }
    case 'And':
    case 'Or': {
      const operands = array(node.operands, `${node.kind} operands`).map(inner)
      if (operands.length < 2) invalid(`${node.kind} needs at least 2 operands`)
      return { kind: node.kind, operands, pos }
    }
    default:
      return invalid(`unknown expression kind ${JSON.stringify(node.kind)}`)
  }
}

function object(value: unknown, title: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) invalid(`${title} is not an object`)
  return value as Record<string, unknown>
}

function array(value: unknown, title: string): unknown[] {
  if (!Array.isArray(value)) invalid(`${title} is not an array`)
  return value
}

function string(value: unknown, title: string): string {
  if (typeof value !== 'string') invalid(`${title} is not a string`)
  if (/\p{Surrogate}/u.test(value)) invalid(`${title} has an unpaired surrogate`)
  if (Buffer.byteLength(value, 'utf8') > STRING_LITERAL_BYTES_MAX) invalid(`${title} is longer than ${STRING_LITERAL_BYTES_MAX} bytes`)
  return value
}

function boolean(value: unknown, title: string): boolean {
  if (typeof value !== 'boolean') invalid(`${title} is not a boolean`)
  return value
}

function identifier(value: unknown, title: string): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value) || value.length > IDENTIFIER_LENGTH_MAX) invalid(`${title} is not an identifier`)
  return value
}

function int(value: unknown): bigint {
  if (typeof value !== 'string' || !INT_TEXT.test(value)) invalid('int is not a decimal string')
  const result = BigInt(value)
  if (result < INT_MIN || result > INT_MAX || value === '-0') invalid(`int ${value} is out of int64 range`)
  return result
}

function compareOp(value: unknown): CompareOp {
  if (typeof value !== 'string' || !COMPARE_OPS.includes(value)) invalid('unknown comparison operator')
  return value as CompareOp
}

function relationOp(value: unknown): SetRelationOp {
  if (typeof value !== 'string' || !(SET_RELATION_OPS as readonly string[]).includes(value)) invalid('unknown set relation')
  return value as SetRelationOp
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

function invalid(reason: string): never {
  throw new InvalidCompiledTemplateError({ reason })
}
