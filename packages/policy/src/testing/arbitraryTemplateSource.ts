import fc from 'fast-check'
import { INT_MAX, INT_MIN } from '../limits.ts'

// A generator of random well-typed template sources, written independently of the package's
// printer: it renders text as it goes, wrapping every compound operand in parentheses, with random
// whitespace, comments, escapes and field order, so the compiler sees many spellings of one meaning.

type Type = 'string' | 'int' | 'bool' | 'set<string>' | 'set<int>'
type Field = { scope: 'intent' | 'evidence'; name: string; type: Type; isOptional: boolean }
type Draw = <T>(arbitrary: fc.Arbitrary<T>) => T
type Rendered = { text: string; optionalRefs: Set<string> }

const TYPES: readonly Type[] = ['string', 'int', 'bool', 'set<string>', 'set<int>']
const NAMES = ['a', 'b', 'color', 'price_cents', 'in', 'name', 'not', 'optional', 'x1', '_y', 'Size', 'set']

function drawSchema(draw: Draw): Field[] {
  const fields: Field[] = []
  for (const scope of ['intent', 'evidence'] as const) {
    const names = draw(fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: scope === 'evidence' ? 1 : 0, maxLength: 6 }))
    for (const name of names) {
      fields.push({ scope, name, type: draw(fc.constantFrom(...TYPES)), isOptional: scope === 'intent' && draw(fc.boolean()) })
    }
  }
  return fields
}

function space(draw: Draw): string {
  return draw(fc.constantFrom(' ', ' ', '  ', '\t', '\n    ', ' # note\n  '))
}

function escapeString(draw: Draw, value: string): string {
  let out = '"'
  for (const char of value) {
    const code = char.codePointAt(0)!
    if (char === '"' || char === '\\') out += '\\' + char
    else if (char === '\n') out += draw(fc.constantFrom('\\n', '\\u{a}'))
    else if (char === '\t') out += '\\t'
    else if (code < 0x20 || code === 0x7f || draw(fc.integer({ min: 0, max: 9 })) === 0) out += `\\u{${code.toString(16)}}`
    else out += char
  }
  return out + '"'
}

/** Ints that often collide (so equalities hold now and then), int64 edges, and anything else. */
export const intValue = fc.oneof(fc.bigInt({ min: -2n, max: 2n }), fc.constantFrom(INT_MIN, INT_MAX, INT_MIN + 1n, INT_MAX - 1n), fc.bigInt({ min: INT_MIN, max: INT_MAX }))

/** Strings that often collide, and any Unicode text. */
export const stringValue = fc.oneof(fc.constantFrom('', 'a', 'b', 'é'), fc.string({ unit: 'binary', maxLength: 6 }))

function literal(draw: Draw, type: 'string' | 'int' | 'bool'): string {
  if (type === 'int') return String(draw(intValue))
  if (type === 'bool') return String(draw(fc.boolean()))
  return escapeString(draw, draw(stringValue))
}

function setLiteral(draw: Draw, elementType: 'string' | 'int'): string {
  const elements = Array.from({ length: draw(fc.integer({ min: 0, max: 4 })) }, () => literal(draw, elementType))
  const trailing = elements.length > 0 ? draw(fc.constantFrom('', ',')) : ''
  return `{${elements.join(`,${space(draw)}`)}${trailing}}`
}

function reference(field: Field, refs: Set<string>): string {
  if (field.isOptional) refs.add(field.name)
  return `${field.scope}.${field.name}`
}

function scalar(draw: Draw, fields: Field[], type: 'string' | 'int' | 'bool', refs: Set<string>): string {
  const candidates = fields.filter((field) => field.type === type)
  if (candidates.length === 0 || draw(fc.integer({ min: 0, max: 3 })) === 0) return literal(draw, type)
  return reference(draw(fc.constantFrom(...candidates)), refs)
}

function boolExpr(draw: Draw, fields: Field[], depth: number, refs: Set<string>): string {
  const kind = draw(fc.integer({ min: 0, max: depth <= 0 ? 4 : 9 }))
  const s = (): string => space(draw)
  switch (kind) {
    case 0:
      return scalar(draw, fields, 'bool', refs)
    case 1: {
      const type = draw(fc.constantFrom('string' as const, 'int' as const, 'bool' as const))
      return `${scalar(draw, fields, type, refs)}${s()}${draw(fc.constantFrom('==', '!='))}${s()}${scalar(draw, fields, type, refs)}`
    }
    case 2: {
      const count = draw(fc.integer({ min: 2, max: 4 }))
      const ops = draw(fc.constantFrom(['<', '<='], ['>', '>=']))
      const operands = Array.from({ length: count }, () => scalar(draw, fields, 'int', refs))
      return operands.map((operand, index) => (index === 0 ? '' : `${s()}${draw(fc.constantFrom(...ops))}${s()}`) + operand).join('')
    }
    case 3:
    case 4: {
      const elementType = draw(fc.constantFrom('string' as const, 'int' as const))
      const sets = fields.filter((field) => field.type === `set<${elementType}>`)
      const negated = draw(fc.boolean()) ? 'not in' : 'in'
      const set = sets.length > 0 && draw(fc.boolean())
        ? reference(draw(fc.constantFrom(...sets)), refs)
        : setLiteral(draw, elementType)
      return `${scalar(draw, fields, elementType, refs)}${s()}${negated}${s()}${set}`
    }
    case 5:
      return `not${s()}(${boolExpr(draw, fields, depth - 1, refs)})`
    case 6:
    case 7: {
      const word = kind === 6 ? 'and' : 'or'
      const count = draw(fc.integer({ min: 2, max: 3 }))
      return Array.from({ length: count }, () => `(${boolExpr(draw, fields, depth - 1, refs)})`).join(`${s()}${word}${s()}`)
    }
    case 9:
      return relation(draw, fields, refs)
    default:
      return `(${boolExpr(draw, fields, depth - 1, refs)})${s()}${draw(fc.constantFrom('==', '!='))}${s()}(${boolExpr(draw, fields, depth - 1, refs)})`
  }
}

// `a subset b` and the other relations: set fields or literals (at least one field) of one element type.
function relation(draw: Draw, fields: Field[], refs: Set<string>): string {
  const elementType = draw(fc.constantFrom('string' as const, 'int' as const))
  const sets = fields.filter((field) => field.type === `set<${elementType}>`)
  if (sets.length === 0) return scalar(draw, fields, 'bool', refs)
  const op = draw(fc.constantFrom('subset', 'superset', 'intersects', 'disjoint'))
  const field = reference(draw(fc.constantFrom(...sets)), refs)
  const other = draw(fc.boolean()) ? reference(draw(fc.constantFrom(...sets)), refs) : setLiteral(draw, elementType)
  const [left, right] = draw(fc.boolean()) ? [field, other] : [other, field]
  return `${left}${space(draw)}${op}${space(draw)}${right}`
}

function constraint(draw: Draw, fields: Field[]): Rendered {
  const refs = new Set<string>()
  const text = boolExpr(draw, fields, 3, refs)
  return { text: `${refs.size > 0 ? 'optional:' + space(draw) : ''}${text};`, optionalRefs: refs }
}

/** Random well-typed template sources (test support; used by the property tests). */
export const templateSource = fc.gen().map((g) => {
  const draw: Draw = (arbitrary) => g(() => arbitrary)
  const fields = drawSchema(draw)
  const name = draw(fc.constantFrom('t', 'guard', 'laptop_v2', 'not'))
  const block = (scope: 'intent' | 'evidence'): string => {
    const lines = draw(fc.shuffledSubarray(fields.filter((field) => field.scope === scope), { minLength: fields.filter((field) => field.scope === scope).length }))
      .map((field) => `  ${field.name}${draw(fc.constantFrom(':', ' :', ': '))} ${field.isOptional ? 'optional ' : ''}${field.type}${draw(fc.constantFrom('', '  # c'))}`)
    return `${scope} {\n${lines.join('\n')}\n}\n`
  }
  const count = draw(fc.integer({ min: 1, max: 5 }))
  const constraints = Array.from({ length: count }, () => `  ${constraint(draw, fields).text}`).join('\n')
  const hasIntent = fields.some((field) => field.scope === 'intent') || draw(fc.boolean())
  return `# generated\nname ${name}\n${hasIntent ? block('intent') : ''}${block('evidence')}requires {\n${constraints}\n}\n`
})

