import { UsageError } from './UsageError.ts'

/**
 * Parses `--attr name=value`. The value is read as JSON when it parses (`2500` → int,
 * `true` → bool, `["a","b"]` → set), otherwise taken as a string (`size=M`).
 */
export function parseAttr(text: string): [string, unknown] {
  const at = text.indexOf('=')
  if (at <= 0) throw new UsageError(`--attr expects name=value, got ${JSON.stringify(text)}`)
  const name = text.slice(0, at)
  const raw = text.slice(at + 1)
  // `25.00` in a cents field is kept as written, for checkIntentFields to refuse (CENTS_NOT_WHOLE), not read as 25.
  if (name.endsWith('_cents') && raw.includes('.')) return [name, raw]
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value === 'number' && !Number.isSafeInteger(value)) return [name, BigInt(raw)]
    if (value === null || (typeof value === 'object' && !Array.isArray(value))) return [name, raw]
    return [name, value]
  } catch {
    return [name, raw]
  }
}
