/**
 * Converts a ledger value (bigints inside) to a plain JSON value: bigints within 2^53 become
 * numbers, larger ones stay bigint for `stringifyJsonBigint`. Wire and memory shapes are the same,
 * so this one function is every `xToJson`.
 */
export function jsonValue(value: unknown): unknown {
  if (typeof value === 'bigint')
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value
  if (Array.isArray(value)) return value.map(jsonValue)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) out[key] = jsonValue(inner)
    return out
  }
  return value
}
