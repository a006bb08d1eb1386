/**
 * Converts a decimal amount in major units ("19.99", "20", "19.990") to integer cents, exactly,
 * without floating point. Returns undefined when the text is not a plain non-negative decimal or
 * when it has a non-zero digit beyond the cents (it cannot be expressed in cents exactly).
 * @example parseDecimalCents("19.99") // 1999n
 */
export function parseDecimalCents(text: string): bigint | undefined {
  const match = /^(\d{1,18})(?:\.(\d{1,18}))?$/.exec(text.trim())
  if (match === null) return undefined
  const whole = match[1] as string
  const fraction = match[2] ?? ''
  if (/[1-9]/.test(fraction.slice(2))) return undefined
  return BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'))
}

/**
 * Converts a JSON number holding a decimal amount in major units to cents. JSON.parse already
 * turned the literal into a double; its shortest round-trip text (`String(19.99)` is "19.99") is
 * the literal itself for any price with at most 15 significant digits, so no rounding happens.
 */
export function numberToCents(value: number): bigint | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined
  return parseDecimalCents(String(value))
}
