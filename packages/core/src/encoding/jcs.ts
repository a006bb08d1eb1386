import canonicalize from 'canonicalize'
import { InvalidJsonError } from '../errors/encodingErrors.ts'

/**
 * Serializes a JSON value canonically (RFC 8785, JCS). Bigints are written as JSON integers
 * (our amounts and nonces are u64), so they must be converted before the library sees them.
 * A value that is already in canonical order (what a signer that sends its canonical form sends)
 * is written by JSON.stringify, which is then its JCS (isInCanonicalOrder); any other goes through
 * the canonicalize package.
 */
export function canonicalJson(value: unknown, title = 'value'): string {
  if (isInCanonicalOrder(value, 0)) return JSON.stringify(value)
  let text: string | undefined
  try {
    text = canonicalize(replaceBigints(value))
  } catch (error) {
    throw new InvalidJsonError({ title, reason: (error as Error).message })
  }
  if (text === undefined) throw new InvalidJsonError({ title, reason: 'not a JSON value' })
  return text
}

const UTF8 = new TextEncoder()

/** UTF-8 bytes of the canonical JSON of `value`: the bytes we sign and hash. */
export function canonicalJsonBytes(value: unknown, title = 'value'): Uint8Array {
  return UTF8.encode(canonicalJson(value, title))
}

const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER)
const SURROGATE = /[\uD800-\uDFFF]/
/** Deeper values take the library's path (which refuses nothing for depth; this only bounds the recursion here). */
const AS_IS_DEPTH_MAX = 64

/**
 * True when JSON.stringify(value) is exactly its JCS: RFC 8785 writes strings, numbers and
 * literals as ECMAScript's JSON.stringify does (§3.2.2), so the two differ only in member order.
 * Holds for null, booleans, finite numbers, strings without surrogate code units, arrays of such,
 * and plain objects whose keys are in strictly ascending UTF-16 order (JCS's order, §3.2.3) with
 * such values. Anything else (bigints, undefined, unsorted keys, a surrogate, another class) is
 * left to canonicalize, which sorts, converts or refuses it. Issue 37: a signed intent's JCS was
 * the main thread's largest item of ours per request.
 */
function isInCanonicalOrder(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean') return true
  if (typeof value === 'string') return !SURROGATE.test(value)
  if (typeof value === 'number') return Number.isFinite(value)
  if (typeof value !== 'object' || depth >= AS_IS_DEPTH_MAX) return false
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!isInCanonicalOrder(value[index], depth + 1)) return false
    return true
  }
  const prototype = Object.getPrototypeOf(value) as unknown
  if (prototype !== Object.prototype && prototype !== null) return false
  const keys = Object.keys(value)
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    if ((index > 0 && !(keys[index - 1]! < key)) || SURROGATE.test(key)) return false
    if (!isInCanonicalOrder((value as Record<string, unknown>)[key], depth + 1)) return false
  }
  return true
}

// JCS serializes numbers as IEEE doubles (RFC 8785 §3.2.2.3); an integer beyond 2^53 cannot be
// represented exactly, so we refuse it rather than sign or hash a rounded value. Functions and
// symbols have no JSON form (the library would print `undefined` for them), so they are refused.
function replaceBigints(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value > SAFE_MAX || value < -SAFE_MAX) throw new Error(`integer ${value} is beyond 2^53 and has no exact JCS form`)
    return Number(value)
  }
  if (typeof value === 'function' || typeof value === 'symbol') throw new Error(`a ${typeof value} has no JSON form`)
  if (Array.isArray(value)) return value.map(replaceBigints)
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    // A Map, Set or Uint8Array would otherwise turn into `{}` or an index-keyed object silently.
    const prototype = Object.getPrototypeOf(value) as unknown
    if (prototype !== Object.prototype && prototype !== null)
      throw new Error(`a ${(value as object).constructor?.name ?? 'non-plain object'} has no JSON form; convert it first`)
    const out: Record<string, unknown> = {}
    // defineProperty, so a "__proto__" key stays an ordinary key.
    for (const [key, inner] of Object.entries(value))
      Object.defineProperty(out, key, { value: replaceBigints(inner), enumerable: true, writable: true, configurable: true })
    return out
  }
  return value
}
