import { InvalidJsonError, JsonTooDeepError } from '../errors/encodingErrors.ts'
import { JSON_NESTING_DEPTH_MAX } from '../limits.ts'
import { parseJsonBigintSlowly } from './JsonBigintParser.ts'

export type ParseJsonBigintOptions = {
  /** deepest nesting of arrays and objects accepted; default JSON_NESTING_DEPTH_MAX */
  depthMax?: number
  /** name of the text in error messages; default `body` */
  title?: string
}

/**
 * A number token of sixteen digits or more: the shortest that can spell an integer beyond 2^53 - 1.
 * A JSON number starts the text or follows whitespace, `:`, `,` or `[` (a string's digits may
 * match too: that only sends the text down the slower, exact path).
 */
const SIXTEEN_DIGITS = /(?:^|[\s:,[])-?[0-9]{16}/

/**
 * Parses JSON text (RFC 8259) like `JSON.parse`, except that an integer outside ±(2^53 - 1)
 * becomes a `bigint` instead of being rounded, and nesting deeper than `depthMax` is refused
 * with `JsonTooDeepError`. Other numbers (fractions, exponents, small integers) are `number`.
 * Duplicate object keys keep the last value, as `JSON.parse` does; a `__proto__` key is an own
 * property, never the prototype. Throws `InvalidJsonError` with the position for bad text.
 * @example parseJsonBigint('{"amount":18446744073709551615}') // { amount: 18446744073709551615n }
 */
export function parseJsonBigint(text: string, options: ParseJsonBigintOptions = {}): unknown {
  const title = options.title ?? 'body'
  const depthMax = options.depthMax ?? JSON_NESTING_DEPTH_MAX
  if (typeof text !== 'string') throw new InvalidJsonError({ title, reason: 'expected text' })
  assertNestingDepth(text, depthMax)
  // Fastest path: an integer beyond 2^53 - 1 has at least 16 digits (2^53 = 9007199254740992),
  // so text without such a number token has none, and the native parser needs no reviver (a
  // reviver call per value was about half of the parse of a signed intent).
  if (!SIXTEEN_DIGITS.test(text)) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return parseJsonBigintSlowly(text, depthMax, title)
    }
  }
  // Fast path: the native parser, watching for integers it had to round. Only if it met one
  // (or failed, to report where) does the slower exact parser run; it was 3 to 8 times slower
  // than JSON.parse on large bodies when measured.
  let isRounded = false
  let value: unknown
  try {
    value = JSON.parse(text, (_key, inner: unknown) => {
      if (typeof inner === 'number' && !Number.isSafeInteger(inner) && Number.isInteger(inner)) isRounded = true
      return inner
    })
  } catch {
    return parseJsonBigintSlowly(text, depthMax, title)
  }
  return isRounded ? parseJsonBigintSlowly(text, depthMax, title) : value
}

/**
 * Throws `JsonTooDeepError` when arrays and objects nest deeper than `depthMax`. Strings are
 * skipped (brackets inside them do not count). Bad text is left to the parser to report.
 */
function assertNestingDepth(text: string, depthMax: number): void {
  if (countsAtMost(text, '{', '[', depthMax)) return
  let depth = 0
  let position = 0
  const length = text.length
  while (position < length) {
    const code = text.charCodeAt(position)
    if (code === 0x22) {
      position = endOfString(text, position)
      continue
    }
    if (code === 0x7b || code === 0x5b) {
      depth++
      if (depth > depthMax) throw new JsonTooDeepError({ depthMax, position })
    } else if (code === 0x7d || code === 0x5d) depth--
    position++
  }
}

/**
 * Whether `text` holds at most `countMax` of `first` and `second` together (inside strings too):
 * then nothing can nest deeper than that, and the character-by-character scan is not needed (a
 * signed intent has a handful of brackets; indexOf runs natively).
 */
function countsAtMost(text: string, first: string, second: string, countMax: number): boolean {
  let count = 0
  for (const character of [first, second])
    for (let position = text.indexOf(character); position >= 0; position = text.indexOf(character, position + 1))
      if (++count > countMax) return false
  return true
}

/** Position just after the string that opens at `start`, or the text's length if it never closes. */
function endOfString(text: string, start: number): number {
  let quote = start
  for (;;) {
    quote = text.indexOf('"', quote + 1)
    if (quote < 0) return text.length
    let backslashCount = 0
    while (text.charCodeAt(quote - 1 - backslashCount) === 0x5c) backslashCount++
    if (backslashCount % 2 === 0) return quote + 1
  }
}
