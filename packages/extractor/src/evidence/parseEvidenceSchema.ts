import { InvalidExtractRequestError } from '../errors/extractorErrors.ts'
import { SCHEMA_FIELDS_MAX, SCHEMA_NAME_CHARS_MAX } from '../limits.ts'

export type EvidenceBaseType = 'string' | 'int' | 'bool' | 'set<string>' | 'set<int>'

export type EvidenceType = Readonly<{ base: EvidenceBaseType; optional: boolean }>

export type EvidenceSchema = ReadonlyMap<string, EvidenceType>

const BASE_TYPES: readonly EvidenceBaseType[] = ['string', 'int', 'bool', 'set<string>', 'set<int>']

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Parses one type string of the request's `schema`: `string`, `int`, `bool`, `set<string>`,
 * `set<int>`, each optionally prefixed with `optional ` (spaces inside `set< int >` are allowed).
 * Returns undefined for anything else.
 */
export function parseEvidenceType(text: string): EvidenceType | undefined {
  const compact = text.trim().replace(/\s*([<>])\s*/g, '$1').replace(/\s+/g, ' ')
  const optional = compact.startsWith('optional ')
  const base = optional ? compact.slice('optional '.length) : compact
  const found = BASE_TYPES.find((name) => name === base)
  return found === undefined ? undefined : { base: found, optional }
}

/** Validates the request's `schema` (field name → type string) and returns it parsed, in request order. */
export function parseEvidenceSchema(schema: unknown): EvidenceSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw new InvalidExtractRequestError({ field: 'schema', reason: 'expected an object mapping field names to type strings' })
  const entries = Object.entries(schema)
  if (entries.length > SCHEMA_FIELDS_MAX)
    throw new InvalidExtractRequestError({ field: 'schema', reason: `${entries.length} fields, at most ${SCHEMA_FIELDS_MAX}` })
  const parsed = new Map<string, EvidenceType>()
  for (const [name, typeText] of entries) {
    if (name.length > SCHEMA_NAME_CHARS_MAX || !FIELD_NAME.test(name))
      throw new InvalidExtractRequestError({ field: `schema.${name}`, reason: 'field names are identifiers ([A-Za-z_][A-Za-z0-9_]*)' })
    const type = typeof typeText === 'string' && typeText.length <= SCHEMA_NAME_CHARS_MAX ? parseEvidenceType(typeText) : undefined
    if (type === undefined)
      throw new InvalidExtractRequestError({
        field: `schema.${name}`,
        reason: `unknown type ${JSON.stringify(typeText)}; expected string, int, bool, set<string>, set<int>, or optional <type>`,
      })
    parsed.set(name, type)
  }
  return parsed
}
