import type { FieldDecl, Schema } from '../ast/CompiledTemplate.ts'
import type { FieldScope } from '../ast/Expr.ts'
import { suggestName } from '../compile/suggestName.ts'
import { InputDataError } from '../errors/InputDataError.ts'
import { INPUT_SET_ELEMENTS_MAX, INPUT_STRING_BYTES_MAX, INT_MAX, INT_MIN } from '../limits.ts'
import type { NormalizedRecord, NormalizedValue } from './NormalizedValue.ts'

// Schemas are frozen arrays; index each once.
const indexes = new WeakMap<Schema, ReadonlyMap<string, FieldDecl>>()

/**
 * Checks `values` against `schema` and returns them normalized (see NormalizedValue). `null` and
 * `undefined` count as absent. Integers may be bigints or safe-integer numbers (plain JSON).
 * Throws `InputDataError` naming the first offending field as `<prefix>.<name>`.
 */
export function normalizeInputs(schema: Schema, values: unknown, prefix: FieldScope): NormalizedRecord {
  if (values === null || typeof values !== 'object' || Array.isArray(values))
    throw new InputDataError({ field: prefix, reason: `${prefix} values must be an object of fields` })
  const index = indexOf(schema)
  const record = values as Record<string, unknown>
  const normalized: Record<string, NormalizedValue | undefined> = Object.create(null)
  for (const key of Object.keys(record)) {
    if (index.has(key)) continue
    if (record[key] === undefined || record[key] === null) continue
    const near = suggestName(key, index.keys())
    throw new InputDataError({ field: `${prefix}.${key}`, reason: `unknown field ${prefix}.${key}` + (near === undefined ? '' : ` (did you mean ${prefix}.${near}?)`) })
  }
  for (const decl of schema) {
    const value = Object.hasOwn(record, decl.name) ? record[decl.name] : undefined
    const field = `${prefix}.${decl.name}`
    if (value === undefined || value === null) {
      if (!decl.isOptional) throw new InputDataError({ field, reason: `missing required field ${field}` })
      continue
    }
    normalized[decl.name] = normalizeValue(decl, value, field)
  }
  return normalized
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
        throw new InputDataError({ field, reason: `field ${field} has ${value.length} elements; the limit is ${INPUT_SET_ELEMENTS_MAX}` })
      const set = new Set<string | bigint>()
      value.forEach((element: unknown, position) => {
        const path = `${field}[${position}]`
        set.add(decl.type === 'set<int>' ? normalizeInt(element, path, decl.type) : normalizeString(element, path, decl.type))
      })
      return set
    }
  }
}

function normalizeString(value: unknown, field: string, type: string): string {
  if (typeof value !== 'string') throw wrongType(field, type, value)
  const bytes = Buffer.byteLength(value, 'utf8')
  if (bytes > INPUT_STRING_BYTES_MAX)
    throw new InputDataError({ field, reason: `field ${field} is ${bytes} bytes long; the limit is ${INPUT_STRING_BYTES_MAX}` })
  return value
}

function normalizeInt(value: unknown, field: string, type: string): bigint {
  let int: bigint
  if (typeof value === 'bigint') int = value
  else if (typeof value === 'number' && Number.isInteger(value)) {
    if (!Number.isSafeInteger(value))
      throw new InputDataError({ field, reason: `field ${field} is ${value}, beyond 2^53 as a number; pass it as a bigint` })
    int = BigInt(value)
  } else throw wrongType(field, type, value)
  if (int < INT_MIN || int > INT_MAX)
    throw new InputDataError({ field, reason: `field ${field} is ${int}, out of int64 range (${INT_MIN} to ${INT_MAX})` })
  return int
}

function wrongType(field: string, type: string, value: unknown): InputDataError {
  return new InputDataError({ field, reason: `wrong type for field ${field}: expected ${type}, got ${describeType(value)}` })
}

function describeType(value: unknown): string {
  if (typeof value === 'bigint') return 'int'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'a non-integer number'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'string') return 'string'
  if (Array.isArray(value)) return 'a set (array)'
  return typeof value === 'object' ? 'an object' : typeof value
}
