/** A storefront reply parses as JSON but does not have the expected shape; `path` names the spot. */
export class ReplyShapeError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`${path}: ${reason}`)
  }
}

export type JsonRecord = Record<string, unknown>

export function asRecord(value: unknown, path: string): JsonRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ReplyShapeError(path, 'expected an object')
  return value as JsonRecord
}

/** A short string field, or undefined when absent or of another type (a field we cannot read establishes nothing). */
export function optionalText(value: unknown, charsMax: number): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= charsMax ? value : undefined
}

/** An identifier given as a string or an integer (Shopify ids are integers). */
export function identifier(value: unknown, path: string): string {
  if (typeof value === 'string' && value.length > 0 && value.length <= 256) return value
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) return String(value)
  throw new ReplyShapeError(path, 'expected a string or integer id')
}
