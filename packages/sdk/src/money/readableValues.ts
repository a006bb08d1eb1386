import type { DescribeOptions, InputValue } from '@verity/policy'
import { centsAsMoney } from './centsAsMoney.ts'
import { formatDeadline } from './formatDeadline.ts'

const DEADLINE_FIELD = /_(deadline|expires|expiry)(_at)?_ms$/

/**
 * A value as a person reads it, beside its raw form: `$25.00` for a `*_cents` field (centsAsMoney),
 * a date and how far away it is for a `*_deadline_ms` field (`2026-12-02 05:30 UTC (in 59 min)`,
 * formatDeadline); undefined for anything else. Used by the web app, the CLI's text output and MCP.
 */
export function readableValue(name: string, value: unknown, currency?: string): string | undefined {
  const money = centsAsMoney(name, value, currency)
  if (money !== undefined) return money
  if (!DEADLINE_FIELD.test(name)) return undefined
  const ms = typeof value === 'bigint' ? Number(value) : value
  return typeof ms === 'number' && Number.isSafeInteger(ms) ? formatDeadline(ms) : undefined
}

/** A field's name in words: `max price` for `max_price_cents`, `payment deadline` for `payment_deadline_ms`. */
export function fieldInWords(name: string): string {
  return name.replace(/_(cents|ms)$/, '').replaceAll('_', ' ')
}

/**
 * How a person reads constraints and failures (@verity/policy describeConstraint, describeFailure):
 * fields in words, money as money, dates as dates (`price ≤ $25.00`, `Price: $34.99, above your
 * $25.00 cap`). The web app, the CLI's text output and MCP's in_words all use it.
 */
export const READABLE_DESCRIBE_OPTIONS: DescribeOptions = {
  valueWords: (field: string, value: InputValue) => readableValue(field, value),
  fieldWords: fieldInWords,
}
