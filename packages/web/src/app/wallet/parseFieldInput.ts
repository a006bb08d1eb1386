import type { FieldDecl, InputValue } from '@verity/policy'
import { limits as policyLimits } from '@verity/policy'

/**
 * Elements of one set value: the policy circuit's bound (POLICY_SET_SIZE in @verity/prover), lower
 * than the language's INPUT_SET_ELEMENTS_MAX. A larger set would be accepted but never proven.
 */
export const FORM_SET_ELEMENTS_MAX = 16
/** Largest int the form takes: JCS (RFC 8785) writes numbers as doubles, so larger ints cannot be signed exactly. */
export const FORM_INT_ABS_MAX = BigInt(Number.MAX_SAFE_INTEGER)

export type FieldInput = { text: string; checked: boolean }
export type ParsedField = { ok: true; value: InputValue | undefined } | { ok: false; error: string }

/**
 * The value of one form field under its declaration (type, optional, limits), or the reason it
 * is not valid, worded for the line under the input. An empty optional field is left out.
 */
export function parseFieldInput(field: FieldDecl, input: FieldInput): ParsedField {
  if (field.type === 'bool') return { ok: true, value: input.checked }
  const text = input.text.trim()
  if (text === '') return field.isOptional ? { ok: true, value: undefined } : { ok: false, error: 'required' }
  switch (field.type) {
    case 'string':
      return parseString(text)
    case 'int':
      return parseInt64(text)
    case 'set<string>':
    case 'set<int>':
      return parseSet(field.type, text)
  }
}

function parseString(text: string): ParsedField {
  if (new TextEncoder().encode(text).length > policyLimits.INPUT_STRING_BYTES_MAX) return { ok: false, error: `at most ${policyLimits.INPUT_STRING_BYTES_MAX} bytes` }
  return { ok: true, value: text }
}

function parseInt64(text: string): ParsedField {
  if (!/^-?[0-9]{1,20}$/.test(text)) return { ok: false, error: 'a whole number, like 2500' }
  const value = BigInt(text)
  if (value > FORM_INT_ABS_MAX || value < -FORM_INT_ABS_MAX) return { ok: false, error: `between −${FORM_INT_ABS_MAX} and ${FORM_INT_ABS_MAX}` }
  return { ok: true, value }
}

function parseSet(type: 'set<string>' | 'set<int>', text: string): ParsedField {
  const items = [...new Set(text.split(',').map((item) => item.trim()).filter((item) => item !== ''))]
  if (items.length > FORM_SET_ELEMENTS_MAX) return { ok: false, error: `at most ${FORM_SET_ELEMENTS_MAX} values (the proof circuit's bound)` }
  const values: InputValue[] = []
  for (const item of items) {
    const parsed = type === 'set<int>' ? parseInt64(item) : parseString(item)
    if (!parsed.ok) return { ok: false, error: `"${item}": ${parsed.error}` }
    values.push(parsed.value!)
  }
  return { ok: true, value: values }
}

/** Plain JSON of a value for the intent's `attrs.fields` (ints as numbers: within FORM_INT_ABS_MAX). */
export function fieldJson(value: InputValue): unknown {
  if (typeof value === 'bigint') return Number(value)
  if (Array.isArray(value)) return value.map((item) => fieldJson(item as InputValue))
  return value
}
