/**
 * Serializes a value as JSON like `JSON.stringify`, writing each `bigint` as a JSON integer
 * (exact, however large). `space` indents as in `JSON.stringify`.
 * @example stringifyJsonBigint({ amount: 2n ** 64n - 1n }) // '{"amount":18446744073709551615}'
 */
export function stringifyJsonBigint(value: unknown, space?: number | string): string {
  // Fast path: without bigints the native serializer needs no replacer (a call per value). It
  // throws a TypeError at the first bigint, and only then is the value written again with marks.
  if (!hasBigintJson()) {
    try {
      return JSON.stringify(value, null, space)
    } catch (error) {
      if (!(error instanceof TypeError)) throw error
    }
  }
  return stringifyWithMarks(value, space)
}

/** Whether someone gave bigints a `toJSON` (then JSON.stringify would not throw at one). */
function hasBigintJson(): boolean {
  return typeof (BigInt.prototype as { toJSON?: unknown }).toJSON === 'function'
}

function stringifyWithMarks(value: unknown, space?: number | string): string {
  const marks = new Map<string, string>()
  let counter = 0
  // A unique, unforgeable marker per run: JSON.stringify cannot emit a bare integer for a bigint,
  // so each bigint is written as a marker string and the quotes are removed afterwards.
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
  const text = JSON.stringify(
    value,
    (_key, inner: unknown) => {
      if (typeof inner !== 'bigint') return inner
      const mark = `\u0000bigint:${nonce}:${counter++}\u0000`
      marks.set(mark, inner.toString())
      return mark
    },
    space,
  ) as string | undefined
  if (text === undefined) return text as unknown as string
  if (marks.size === 0) return text
  return text.replace(/"\\u0000bigint:[0-9a-z]+:[0-9]+\\u0000"/g, (quoted) => {
    const mark = JSON.parse(quoted) as string
    return marks.get(mark) ?? quoted
  })
}
