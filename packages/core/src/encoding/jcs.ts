import { InvalidJsonError } from '../errors/encodingErrors.ts'

/**
 * Serializes a JSON value canonically (RFC 8785, JCS): object keys sorted by UTF-16 code units,
 * no whitespace, numbers as ECMAScript writes doubles, strings as JSON.stringify escapes them.
 * Bigints are written as JSON integers (our amounts and nonces are u64) up to 2^53; beyond, and
 * for NaN, infinities, lone surrogates, functions, symbols and objects other than plain ones
 * (and Dates, written as their toJSON), it throws InvalidJsonError naming `title`.
 * One pass over the value (it was a copy converting bigints, then the `canonicalize` package; the
 * test checks the two agree).
 */
export function canonicalJson(value: unknown, title = 'value'): string {
  let text: string | undefined
  try {
    text = writeValue(value)
  } catch (error) {
    throw new InvalidJsonError({ title, reason: (error as Error).message })
  }
  if (text === undefined) throw new InvalidJsonError({ title, reason: 'not a JSON value' })
  return text
}

/** UTF-8 bytes of the canonical JSON of `value`: the bytes we sign and hash. */
export function canonicalJsonBytes(value: unknown, title = 'value'): Uint8Array {
  return UTF8.encode(canonicalJson(value, title))
}

const UTF8 = new TextEncoder()
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER)
const SURROGATE = /[\uD800-\uDFFF]/

/** The canonical text of `value`, or undefined for `undefined` (left out of objects, null in arrays). */
function writeValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return writeString(value)
    case 'number':
      return writeNumber(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'bigint':
      return writeNumber(bigintToNumber(value))
    case 'undefined':
      return undefined
    case 'function':
    case 'symbol':
      throw new Error(`a ${typeof value} has no JSON form`)
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) return writeArray(value)
  if (value instanceof Date) return writeValue(value.toJSON())
  // A Map, Set or Uint8Array would otherwise turn into `{}` or an index-keyed object silently.
  const prototype = Object.getPrototypeOf(value) as unknown
  if (prototype !== Object.prototype && prototype !== null)
    throw new Error(`a ${(value as object).constructor?.name ?? 'non-plain object'} has no JSON form; convert it first`)
  return writeObject(value as Record<string, unknown>)
}

function writeArray(values: readonly unknown[]): string {
  let text = '['
  for (let index = 0; index < values.length; index++) {
    if (index > 0) text += ','
    text += writeValue(values[index]) ?? 'null'
  }
  return `${text}]`
}

// Own enumerable keys (a "__proto__" key is data), sorted by UTF-16 code units as JCS wants,
// which is what the default sort compares.
function writeObject(object: Record<string, unknown>): string {
  const keys = Object.keys(object).sort()
  let text = '{'
  for (const key of keys) {
    const inner = writeValue(object[key])
    if (inner === undefined) continue
    if (text.length > 1) text += ','
    text += `${writeString(key)}:${inner}`
  }
  return `${text}}`
}

function writeString(value: string): string {
  if (SURROGATE.test(value) && hasLoneSurrogate(value)) throw new Error('Lone surrogate is not allowed')
  return JSON.stringify(value)
}

// JCS serializes numbers as IEEE doubles (RFC 8785 §3.2.2.3), as ECMAScript's Number to String.
function writeNumber(value: number): string {
  if (Number.isNaN(value)) throw new Error('NaN is not allowed')
  if (!Number.isFinite(value)) throw new Error('Infinity is not allowed')
  return JSON.stringify(value)
}

// An integer beyond 2^53 cannot be represented exactly as a double, so we refuse it rather than
// sign or hash a rounded value.
function bigintToNumber(value: bigint): number {
  if (value > SAFE_MAX || value < -SAFE_MAX) throw new Error(`integer ${value} is beyond 2^53 and has no exact JCS form`)
  return Number(value)
}

function hasLoneSurrogate(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code >= 0xdc00 && code <= 0xdfff) return true
    if (code < 0xd800 || code > 0xdbff) continue
    const next = value.charCodeAt(index + 1)
    if (!(next >= 0xdc00 && next <= 0xdfff)) return true
    index++
  }
  return false
}
