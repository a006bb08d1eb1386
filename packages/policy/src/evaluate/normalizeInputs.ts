import type { FieldDecl, Schema } from '../ast/CompiledTemplate.ts'
import type { FieldScope } from '../ast/Expr.ts'
import { suggestName } from '../compile/suggestName.ts'
import { InputDataError, type InputProblem, type InputProblemKind } from '../errors/InputDataError.ts'
import { INPUT_PROBLEMS_MAX, INPUT_SET_ELEMENTS_MAX, INPUT_STRING_BYTES_MAX, INT_MAX, INT_MIN } from '../limits.ts'
import type { NormalizedRecord, NormalizedValue } from './NormalizedValue.ts'

// Schemas are frozen arrays; index each once.
const indexes = new WeakMap<Schema, ReadonlyMap<string, FieldDecl>>()

/** Normalized values, and every problem found with them (empty when they match the schema). */
export type CollectedInputs = { normalized: NormalizedRecord; problems: InputProblem[] }

/**
 * Checks `values` against `schema` and returns them normalized (see NormalizedValue). `null` and
 * `undefined` count as absent. Integers may be bigints or safe-integer numbers (plain JSON).
 * Throws `InputDataError` naming every offending field as `<prefix>.<name>`, the first one first.
 */
export function normalizeInputs(schema: Schema, values: unknown, prefix: FieldScope): NormalizedRecord {
  const { normalized, problems } = collectInputs(schema, values, prefix)
  if (problems.length > 0) throw new InputDataError({ problems })
  return normalized
}

/**
 * As `normalizeInputs`, but returns the problems rather than throwing, so that intent and evidence
 * problems can be reported together. Unknown fields come first (in the values' key order), then
 * the schema's fields by name; at most INPUT_PROBLEMS_MAX.
 */
export function collectInputs(schema: Schema, values: unknown, prefix: FieldScope): CollectedInputs {
  const normalized: Record<string, NormalizedValue | undefined> = Object.create(null)
  if (values === null || typeof values !== 'object' || Array.isArray(values))
    return { normalized, problems: [{ field: prefix, kind: 'wrong_type', reason: `${prefix} values must be an object of fields` }] }
  const index = indexOf(schema)
  const record = values as Record<string, unknown>
  const problems: InputProblem[] = []
  const add = (problem: InputProblem) => {
    if (problems.length < INPUT_PROBLEMS_MAX) problems.push(problem)
  }
  for (const key of Object.keys(record)) {
    if (index.has(key)) continue
    if (record[key] === undefined || record[key] === null) continue
    const near = suggestName(key, index.keys())
    add({ field: `${prefix}.${key}`, kind: 'unknown', reason: `unknown field ${prefix}.${key}` + (near === undefined ? '' : ` (did you mean ${prefix}.${near}?)`) })
    if (problems.length === INPUT_PROBLEMS_MAX) break
  }
  for (const decl of schema) {
    const value = Object.hasOwn(record, decl.name) ? record[decl.name] : undefined
    const field = `${prefix}.${decl.name}`
    if (value === undefined || value === null) {
      if (!decl.isOptional) add({ field, kind: 'missing', reason: `missing required field ${field}` })
      continue
    }
    try {
      normalized[decl.name] = normalizeValue(decl, value, field)
    } catch (error) {
      if (!(error instanceof InputDataError)) throw error
      error.problems.forEach(add)
    }
  }
  return { normalized, problems }
}

function indexOf(schema: Schema): ReadonlyMap<string, FieldDecl> {
  let index = indexes.get(schema)
  if (index === undefined) {
    index = new Map(schema.map((decl) => [decl.name, decl]))
    if (Object.isFrozen(schema)) indexes.set(schema, index)
  }
  return index
}

function normalizeValue(decl: FieldDecl, value: unknown, field: string): NormalizedValue {
  switch (decl.type) {
    case 'string':
      return normalizeString(value, field, decl.type)
    case 'int':
      return normalizeInt(value, field, decl.type)
    case 'bool':
      if (typeof value !== 'boolean') throw wrongType(field, decl.type, value)
      return value
    case 'set<string>':
    case 'set<int>': {
      if (!Array.isArray(value)) throw wrongType(field, decl.type, value)
      if (value.length > INPUT_SET_ELEMENTS_MAX)
        throw problem(field, 'out_of_range', `field ${field} has ${value.length} elements; the limit is ${INPUT_SET_ELEMENTS_MAX}`)
      const set = new Set<string | bigint>()
      for (let position = 0; position < value.length; position++) {
        const element: unknown = value[position]
        const path = `${field}[${position}]`
        set.add(decl.type === 'set<int>' ? normalizeInt(element, path, decl.type) : normalizeString(element, path, decl.type))
      }
      return set
    }
  }
}

function normalizeString(value: unknown, field: string, type: string): string {
  if (typeof value !== 'string') throw wrongType(field, type, value)
  const bytes = Buffer.byteLength(value, 'utf8')
  if (bytes > INPUT_STRING_BYTES_MAX)
    throw problem(field, 'out_of_range', `field ${field} is ${bytes} bytes long; the limit is ${INPUT_STRING_BYTES_MAX}`)
  return value
}

function normalizeInt(value: unknown, field: string, type: string): bigint {
  let int: bigint
  if (typeof value === 'bigint') int = value
  else if (typeof value === 'number' && Number.isInteger(value)) {
    if (!Number.isSafeInteger(value))
      throw problem(field, 'out_of_range', `field ${field} is ${value}, beyond 2^53 as a number; pass it as a bigint`)
    int = BigInt(value)
  } else throw wrongType(field, type, value)
  if (int < INT_MIN || int > INT_MAX)
    throw problem(field, 'out_of_range', `field ${field} is ${int}, out of int64 range (${INT_MIN} to ${INT_MAX})`)
  return int
}

function problem(field: string, kind: InputProblemKind, reason: string): InputDataError {
  return new InputDataError({ problems: [{ field, kind, reason }] })
}

function wrongType(field: string, type: string, value: unknown): InputDataError {
  return problem(field, 'wrong_type', `wrong type for field ${field}: expected ${type}, got ${describeType(value)}`)
}

function describeType(value: unknown): string {
  if (typeof value === 'bigint') return 'int'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'a non-integer number'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'string') return 'string'
  if (Array.isArray(value)) return 'a set (array)'
  return typeof value === 'object' ? 'an object' : typeof value
}
