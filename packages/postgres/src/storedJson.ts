// Records are stored as JSON text with bigints tagged `{"$bigint":"<decimal>"}`, so that a record
// reads back with exactly the types it was written with, whatever its size (plain JSON numbers
// would come back as numbers below 2^53 and bigints above). Not jsonb on PostgreSQL: jsonb rejects
// "\u0000" in strings, which signed token metadata may contain, and would reorder keys. Shared by
// the domain's and the base layer's stores on both databases.

const BIGINT_KEY = '$bigint'

/** JSON text of a record, bigints tagged. */
export function encodeStoredJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? { [BIGINT_KEY]: inner.toString() } : inner))
}

/** The record written by `encodeStoredJson`, bigints restored. */
export function decodeStoredJson<T>(text: string): T {
  return JSON.parse(text, (_key, inner: unknown) => {
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      const tagged = (inner as Record<string, unknown>)[BIGINT_KEY]
      if (typeof tagged === 'string' && Object.keys(inner).length === 1) return BigInt(tagged)
    }
    return inner
  }) as T
}
