import type { FieldDecl, InputValue } from '@verity/policy'
import { limits as policyLimits } from '@verity/policy'
import { DEADLINE_LEAD_MS_MIN } from '../../../../sdk/src/limits.ts'

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
export function parseFieldInput(field: FieldDecl, input: FieldInput, nowMs: number = Date.now()): ParsedField {
  if (field.type === 'bool') return { ok: true, value: input.checked }
  const text = input.text.trim()
  if (text === '') return field.isOptional ? { ok: true, value: undefined } : { ok: false, error: 'required' }
  switch (field.type) {
    case 'string':
      return parseString(text)
    case 'int':
      return fieldInputKind(field) === 'dollars' ? parseDollars(text) : fieldInputKind(field) === 'deadline' ? parseDeadline(text, nowMs) : parseInt64(text)
    case 'set<string>':
    case 'set<int>':
      return parseSet(field.type, text)
  }
}

/** How the form asks for an int field: dollars for `*_cents` (signed as cents), a date and time for `*_deadline_ms`, else a whole number. */
export function fieldInputKind(field: FieldDecl): 'dollars' | 'deadline' | 'number' | 'other' {
  if (field.type !== 'int') return 'other'
  if (field.name.endsWith('_cents')) return 'dollars'
  return field.name.endsWith('_deadline_ms') ? 'deadline' : 'number'
}

// `25`, `25.00`, `$1,234.5`: dollars and at most two digits of cents.
const DOLLARS = /^\$?\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]{0,2}))?$/

/** An amount in dollars (`25.00`) as the cents the intent signs (2500): a person types money, the wire keeps integer cents. */
function parseDollars(text: string): ParsedField {
  const match = DOLLARS.exec(text)
  if (match === null) return { ok: false, error: 'an amount in dollars, like 25.00 (at most two digits after the point)' }
  const cents = BigInt(match[1]!.replaceAll(',', '')) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
  if (cents > FORM_INT_ABS_MAX) return { ok: false, error: 'too large an amount' }
  return { ok: true, value: cents }
}

/**
 * A date and time (the `datetime-local` input's `2026-12-02T05:30`, read in this browser's time
 * zone) as milliseconds since 1970, at least DEADLINE_LEAD_MS_MIN from now (the SDK's
 * DEADLINE_TOO_SOON, as the CLI refuses it): a deadline already past could never be paid.
 */
function parseDeadline(text: string, nowMs: number): ParsedField {
  const ms = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$/.test(text) ? new Date(text).getTime() : Number.NaN
  if (!Number.isSafeInteger(ms)) return { ok: false, error: 'a date and time, like 2026-12-31 18:00' }
  if (ms < nowMs + DEADLINE_LEAD_MS_MIN) return { ok: false, error: ms <= nowMs ? 'this time is in the past: the intent could never be paid' : 'less than a minute from now: give the agent time to propose and pay' }
  return { ok: true, value: BigInt(ms) }
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
