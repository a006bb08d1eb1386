// Records are stored as JSON text. Amounts and nonces are bigints in memory; they are written as
// `{"$bigint":"<decimal>"}` so that a record reads back with exactly the types it was written with,
// whatever its size (JSON numbers would come back as numbers below 2^53 and bigints above).

const BIGINT_KEY = '$bigint'

/** JSON text of a record, bigints tagged. */
export function encodeStoredJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'bigint' ? { [BIGINT_KEY]: inner.toString() } : inner,
  )
}

/** The record written by `encodeStoredJson`, bigints restored. */
export function decodeStoredJson<T>(text: string): T {
  return JSON.parse(text, (_key, inner: unknown) => {
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      const keys = Object.keys(inner)
      const tagged = (inner as Record<string, unknown>)[BIGINT_KEY]
      if (keys.length === 1 && typeof tagged === 'string') return BigInt(tagged)
    }
    return inner
  }) as T
}
