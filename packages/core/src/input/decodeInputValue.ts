import { InvalidInputValueError } from '../errors/inputValueErrors.ts'
import { INPUT_INT_MAX, INPUT_INT_MIN, INPUT_MAP_FIELDS_MAX, INPUT_SET_ELEMENTS_MAX, INPUT_STRING_LENGTH_MAX } from '../limits.ts'
import type { InputValue } from './InputValue.ts'

/**
 * Decodes one InputMap value, tagged (`{"String": s}`, `{"Int": n}`, `{"Bool": b}`,
 * `{"Set": [tagged, …]}`) or plain JSON (string, integer, boolean, array). Integers become
 * `bigint` and must fit 64-bit signed; a set holds strings or integers (one kind, not nested).
 * Throws `InvalidInputValueError` naming `path`, e.g. `attrs.fields.max_price`.
 */
export function decodeInputValue(json: unknown, path: string): InputValue {
  if (Array.isArray(json)) return decodeSet(json, path)
  if (typeof json === 'object' && json !== null) return decodeTagged(json as Record<string, unknown>, path)
  return decodeScalar(json, path)
}

/**
 * Decodes a whole InputMap `{ fields: { name: value, … } }` into a plain record of values.
 * Throws `InvalidInputValueError` naming the field.
 */
export function decodeInputMap(inputMap: unknown, path = 'attrs'): Record<string, InputValue> {
  if (typeof inputMap !== 'object' || inputMap === null || Array.isArray(inputMap))
    throw new InvalidInputValueError({ path, reason: 'expected an object {"fields": {...}}' })
  const keys = Object.keys(inputMap)
  if (keys.length !== 1 || keys[0] !== 'fields')
    throw new InvalidInputValueError({ path, reason: 'expected exactly one key, "fields"' })
  return decodeInputFields((inputMap as { fields: unknown }).fields, `${path}.fields`)
}

/** Decodes the `fields` object of an InputMap (name → value). */
export function decodeInputFields(fields: unknown, path = 'fields'): Record<string, InputValue> {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw new InvalidInputValueError({ path, reason: 'expected an object mapping names to values' })
  const entries = Object.entries(fields)
  if (entries.length > INPUT_MAP_FIELDS_MAX)
    throw new InvalidInputValueError({ path, reason: `more than ${INPUT_MAP_FIELDS_MAX} fields` })
  const out: Record<string, InputValue> = {}
  for (const [name, value] of entries) {
    if (name.length === 0 || name.length > INPUT_STRING_LENGTH_MAX)
      throw new InvalidInputValueError({ path, reason: `field name must be 1 to ${INPUT_STRING_LENGTH_MAX} characters` })
    Object.defineProperty(out, name, { value: decodeInputValue(value, `${path}.${name}`), enumerable: true, writable: true, configurable: true })
  }
  return out
}

function decodeTagged(json: Record<string, unknown>, path: string): InputValue {
  const keys = Object.keys(json)
  if (keys.length !== 1)
    throw new InvalidInputValueError({ path, reason: 'expected a tagged value with one key: String, Int, Bool or Set' })
  const tag = keys[0]!
  const inner = json[tag]
  const innerPath = `${path}.${tag}`
  switch (tag) {
    case 'String':
      if (typeof inner !== 'string') throw new InvalidInputValueError({ path: innerPath, reason: 'expected a string' })
      return decodeScalar(inner, innerPath)
    case 'Int':
      if (typeof inner !== 'number' && typeof inner !== 'bigint')
        throw new InvalidInputValueError({ path: innerPath, reason: 'expected an integer' })
      return decodeScalar(inner, innerPath)
    case 'Bool':
      if (typeof inner !== 'boolean') throw new InvalidInputValueError({ path: innerPath, reason: 'expected true or false' })
      return inner
    case 'Set':
      if (!Array.isArray(inner)) throw new InvalidInputValueError({ path: innerPath, reason: 'expected an array of tagged values' })
      return decodeSet(inner, innerPath)
    default:
      throw new InvalidInputValueError({ path, reason: `unknown tag ${JSON.stringify(tag)}, expected String, Int, Bool or Set` })
  }
}

function decodeSet(elements: readonly unknown[], path: string): readonly InputValue[] {
  if (elements.length > INPUT_SET_ELEMENTS_MAX)
    throw new InvalidInputValueError({ path, reason: `a set holds at most ${INPUT_SET_ELEMENTS_MAX} elements` })
  const values = elements.map((element, index) => {
    const value = decodeInputValue(element, `${path}[${index}]`)
    if (typeof value !== 'string' && typeof value !== 'bigint')
      throw new InvalidInputValueError({ path: `${path}[${index}]`, reason: 'set elements must be strings or integers' })
    return value
  })
  const first = values[0]
  for (let index = 1; index < values.length; index++)
    if (typeof values[index] !== typeof first)
      throw new InvalidInputValueError({ path: `${path}[${index}]`, reason: 'set elements must all be strings or all integers' })
  return values
}

function decodeScalar(json: unknown, path: string): InputValue {
  if (typeof json === 'string') {
    if (json.length > INPUT_STRING_LENGTH_MAX)
      throw new InvalidInputValueError({ path, reason: `string longer than ${INPUT_STRING_LENGTH_MAX} characters` })
    return json
  }
  if (typeof json === 'boolean') return json
  if (typeof json === 'number') {
    if (!Number.isSafeInteger(json))
      throw new InvalidInputValueError({ path, reason: Number.isInteger(json) ? 'integer is not exact (parse with parseJsonBigint)' : `expected an integer, got ${json}` })
    return decodeScalar(BigInt(json), path)
  }
  if (typeof json === 'bigint') {
    if (json < INPUT_INT_MIN || json > INPUT_INT_MAX)
      throw new InvalidInputValueError({ path, reason: `integer ${json} is outside the 64-bit signed range` })
    return json
  }
  throw new InvalidInputValueError({ path, reason: `expected a string, integer, boolean, set or tagged value, got ${json === null ? 'null' : typeof json}` })
}
