import type { InputValue, TaggedInputValue } from './InputValue.ts'

/** The tagged wire form of a value; `Int` holds a bigint (write it with `stringifyJsonBigint`). */
export function encodeInputValueTagged(value: InputValue): TaggedInputValue {
  if (typeof value === 'string') return { String: value }
  if (typeof value === 'bigint') return { Int: value }
  if (typeof value === 'boolean') return { Bool: value }
  return { Set: value.map(encodeInputValueTagged) }
}

/** The tagged InputMap `{ fields }` of a record of values. */
export function encodeInputMapTagged(values: Readonly<Record<string, InputValue>>): { fields: Record<string, TaggedInputValue> } {
  const fields: Record<string, TaggedInputValue> = {}
  for (const [name, value] of Object.entries(values))
    Object.defineProperty(fields, name, { value: encodeInputValueTagged(value), enumerable: true, writable: true, configurable: true })
  return { fields }
}
