// Money reads as money (issue 37): a field whose name ends in `_cents` holds an amount in cents
// (the templates' convention: price_cents, max_price_cents), shown beside its raw value as
// `$19.99`. The currency is the one a `currency` field of the same table names (ISO 4217, e.g.
// the evidence's), else US dollars, the demo store's.

const CENTS_FIELD = /_cents$/
const CURRENCY_CODE = /^[A-Z]{3}$/
const SAFE_CENTS_MAX = BigInt(Number.MAX_SAFE_INTEGER)

/** The integer a value holds: a JSON number, a bigint (exact JSON), a decimal string or the tagged `{Int: n}` of an InputMap. */
function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string') return /^-?\d{1,30}$/.test(value) ? BigInt(value) : undefined
  if (value !== null && typeof value === 'object' && 'Int' in value && Object.keys(value).length === 1) return integerOf((value as { Int: unknown }).Int)
  return undefined
}

/** The ISO 4217 code a table's `currency` field names (plain or tagged `{String: …}`), else undefined. */
export function currencyOf(values: Record<string, unknown>): string | undefined {
  const raw = values.currency
  const text = typeof raw === 'string' ? raw : raw !== null && typeof raw === 'object' && 'String' in raw ? (raw as { String: unknown }).String : undefined
  return typeof text === 'string' && CURRENCY_CODE.test(text.toUpperCase()) ? text.toUpperCase() : undefined
}

/**
 * `$19.99` for `price_cents` = 1999 (`-$0.05` for -5, `€1,234.50` with currency EUR); undefined
 * when `name` does not end in `_cents` or `value` is not an integer.
 */
export function centsAsMoney(name: string, value: unknown, currency = 'USD'): string | undefined {
  if (!CENTS_FIELD.test(name)) return undefined
  const cents = integerOf(value)
  if (cents === undefined) return undefined
  const magnitude = cents < 0n ? -cents : cents
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
  // Exact up to 2^53 cents; beyond, whole units through BigInt and the cents appended.
  if (magnitude <= SAFE_CENTS_MAX) return format.format(Number(cents) / 100)
  const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(cents / 100n)
  return `${whole}.${String(magnitude % 100n).padStart(2, '0')}`
}
