import type { Static, TSchema } from '@verity/wire'
import { describeUcpViolations, validateUcp } from '@verity/wire'
import { UcpBadReplyError, UcpPriceInvalidError } from '../errors/ucpErrors.ts'

/** Parses a UCP reply body as JSON; not JSON is UcpBadReplyError naming what the parser said. */
export function parseUcpJson(body: string, url: string, what: string): unknown {
  try {
    return JSON.parse(body)
  } catch (error) {
    throw new UcpBadReplyError({ url, reason: `${what} is not JSON (${(error as Error).message})` }, { cause: error })
  }
}

/** The value at a JSON pointer (`/product/variants/0/price/amount`), or undefined. */
function valueAt(value: unknown, pointer: string): unknown {
  let current = value
  for (const token of pointer.split('/').slice(1)) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[token.replaceAll('~1', '/').replaceAll('~0', '~')]
  }
  return current
}

const AMOUNT_PATH = /\/(?:price|list_price|unit_price|min|max)\/amount$/

/**
 * Checks `value` against a UCP 2026-04-08 schema of @verity/wire. A price amount that is not a
 * non-negative integer is UcpPriceInvalidError (the path and value named); any other violation is
 * UcpBadReplyError listing the first ones with their JSON pointers.
 */
export function checkUcpShape<T extends TSchema>(schema: T, value: unknown, url: string, what: string): Static<T> {
  const checked = validateUcp(schema, value)
  if (checked.ok) return checked.value
  const price = checked.violations.find((violation) => AMOUNT_PATH.test(violation.path))
  if (price !== undefined) throw new UcpPriceInvalidError({ url, path: price.path, amount: valueAt(value, price.path) })
  throw new UcpBadReplyError({ url, reason: `${what} breaks the UCP 2026-04-08 schema: ${describeUcpViolations(checked.violations)}` })
}
