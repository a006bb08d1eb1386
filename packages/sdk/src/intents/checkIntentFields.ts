import { CentsNotWholeError, DeadlineTooSoonError } from './intentFieldErrors.ts'
import type { IntentFields } from './signIntent.ts'
import { DEADLINE_LEAD_MS_MIN } from '../limits.ts'

/**
 * Refuses attribute values that make an intent no proposal can satisfy, before it is signed:
 * an amount with a decimal point in a field named `*_cents` (CENTS_NOT_WHOLE: `25.00` meant
 * $25.00, not 25 cents), and a `*_deadline_ms` in the past or less than DEADLINE_LEAD_MS_MIN
 * away (DEADLINE_TOO_SOON). Values may be plain JSON or tagged (`{"Int": …}`); other fields pass.
 * @example checkIntentFields({ max_price_cents: 2500, payment_deadline_ms: Date.now() + 3_600_000 })
 */
export function checkIntentFields(fields: IntentFields, nowMs: number = Date.now()): void {
  for (const [name, tagged] of Object.entries(fields)) {
    const value = untagged(tagged)
    if (name.endsWith('_cents') && !isWhole(value)) throw new CentsNotWholeError({ field: name, value: String(value) })
    if (name.endsWith('_deadline_ms')) {
      const deadlineMs = Number(value)
      if (Number.isFinite(deadlineMs) && deadlineMs < nowMs + DEADLINE_LEAD_MS_MIN)
        throw new DeadlineTooSoonError({ field: name, deadlineMs, nowMs, leadMsMin: DEADLINE_LEAD_MS_MIN })
    }
  }
}

function untagged(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'Int' in value) return (value as { Int: unknown }).Int
  return value
}

// A decimal number written as text (`"25.00"`) or a fraction is not a count of cents; other
// strings are left to the template's type check, which names them.
function isWhole(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value)
  if (typeof value === 'string') return !/^-?[0-9]*\.[0-9]*$/.test(value.trim()) || value.trim() === '.'
  return true
}
