// fast-check arbitraries from JSON Schema (the subset our OpenAPI documents use: type, enum,
// const, properties/required/additionalProperties, items, anyOf/oneOf/allOf, $ref, numeric and
// length bounds, patterns). Values follow the schema loosely on purpose: sizes are kept small,
// and u64 integers range over the whole u64 (as bigints, sent exactly).
import fc from 'fast-check'
import type { JsonSchema } from './openApiOperations.ts'

/** Deepest nesting generated; below it, any small JSON value. */
const DEPTH_MAX = 5
/** Longest array and most object keys generated. */
const ITEMS_MAX = 4
/** Longest string generated from a schema without a pattern. */
const STRING_CHARS_MAX = 64
const U64_MAX = 2n ** 64n - 1n

export function arbitraryFromSchema(schema: JsonSchema, components: Record<string, JsonSchema> = {}, depth = 0): fc.Arbitrary<unknown> {
  if (depth > DEPTH_MAX) return fc.jsonValue({ maxDepth: 1 })
  const ref = schema.$ref
  if (typeof ref === 'string') {
    const target = components[ref.replace('#/components/schemas/', '')]
    return target ? arbitraryFromSchema(target, components, depth + 1) : fc.jsonValue({ maxDepth: 2 })
  }
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map((alternative) => arbitraryFromSchema(alternative, components, depth + 1)))
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return arbitraryFromSchema({ ...schema, allOf: undefined, ...(schema.allOf[0] as JsonSchema) }, components, depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return arbitraryString(schema)
    case 'integer':
      return arbitraryInteger(schema)
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return arbitraryArray(schema, components, depth)
    case 'object':
      return arbitraryObject(schema, components, depth)
    default:
      return schema.properties ? arbitraryObject(schema, components, depth) : fc.jsonValue({ maxDepth: 2 })
  }
}

function arbitraryString(schema: JsonSchema): fc.Arbitrary<string> {
  if (typeof schema.pattern === 'string') {
    // Patterns are anchored in our schemas; stringMatching builds strings that match.
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, Number(schema.maxLength ?? 256)))
    } catch {
      // a pattern fast-check cannot build from: fall through to plain strings
    }
  }
  const minLength = Number(schema.minLength ?? 0)
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? STRING_CHARS_MAX), STRING_CHARS_MAX))
  return fc.string({ minLength, maxLength, unit: 'grapheme' })
}

function arbitraryInteger(schema: JsonSchema): fc.Arbitrary<number | bigint> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined
  if (schema.format === 'uint64' || (max === undefined && min >= 0)) return fc.oneof(fc.integer({ min, max: min + 1_000 }), fc.bigInt({ min: BigInt(min), max: U64_MAX }))
  return fc.integer({ min, max: max ?? 1_000_000 })
}

function arbitraryArray(schema: JsonSchema, components: Record<string, JsonSchema>, depth: number): fc.Arbitrary<unknown[]> {
  if (Array.isArray(schema.items)) return fc.tuple(...(schema.items as JsonSchema[]).map((item) => arbitraryFromSchema(item, components, depth + 1)))
  const minLength = Number(schema.minItems ?? 0)
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? ITEMS_MAX), ITEMS_MAX))
  return fc.array(arbitraryFromSchema((schema.items ?? {}) as JsonSchema, components, depth + 1), { minLength, maxLength })
}

function arbitraryObject(schema: JsonSchema, components: Record<string, JsonSchema>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = (schema.required ?? []) as string[]
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryFromSchema(property, components, depth + 1)])),
    { requiredKeys: required.filter((name) => name in properties) },
  )
  const additional = schema.additionalProperties
  if (additional === undefined || additional === false || Object.keys(properties).length > 0) return known
  const values = additional === true ? fc.jsonValue({ maxDepth: 2 }) : arbitraryFromSchema(additional as JsonSchema, components, depth + 1)
  return fc.dictionary(fc.string({ maxLength: 16 }), values, { maxKeys: ITEMS_MAX })
}
