// What a Verity proof binds of a UCP checkout (docs/ap2-verity-constraint.md): the digest of the
// content the business signs (the checkout without `ap2`, JCS), and the facts read from it that
// the evidence restates (line items, total, payee). The extractor computes them when it extracts
// evidence from a checkout; the SDK computes them again when it evaluates the Verity constraint.
import { encodeBase64Url } from '../encoding/base64url.ts'
import { canonicalJsonBytes } from '../encoding/jcs.ts'
import { sha256 } from '../hash/sha256.ts'

/** The payment handler through which a UCP business names its Verity domain vault (docs/ucp.md). */
export const VERITY_DOMAIN_PAYMENT_HANDLER = 'dev.verity.domain'

/** One line of a checkout: the business's item id (the variant) and how many. */
export type CheckoutLine = Readonly<{ itemId: string; quantity: number }>

/** The facts of a checkout a proof restates; a field the checkout does not state is undefined. */
export type CheckoutFacts = Readonly<{
  id: string | undefined
  status: string | undefined
  currency: string | undefined
  /** `totals[type = "total"].amount`, minor units: what the buyer pays. */
  totalCents: bigint | undefined
  lines: readonly CheckoutLine[]
  /** `ucp.payment_handlers["dev.verity.domain"][0].config.payee` / `.token`. */
  payee: string | undefined
  payeeToken: string | undefined
}>

/**
 * Fields of a checkout that are not its terms: they change along the session's life (its status,
 * the business's messages, the order once placed, the hand-off URL) without changing what is
 * bought, from whom, for how much. `ap2` carries the signature itself.
 */
export const CHECKOUT_DIGEST_EXCLUDED_FIELDS = Object.freeze(['ap2', 'status', 'messages', 'order', 'continue_url'] as const)

/**
 * base64url (no padding) of SHA-256 of JCS(the checkout without CHECKOUT_DIGEST_EXCLUDED_FIELDS):
 * the terms the business signs in `ap2.merchant_authorization` (line items, totals, currency,
 * buyer, fulfillment, discounts, payment handlers, id, links, expiry). Equal for two checkouts
 * exactly when those terms are equal (docs/ap2-verity-constraint.md, "checkout_digest").
 * @example checkoutDigestOf(checkout) // "q3xV…" (43 characters)
 */
export function checkoutDigestOf(checkout: Readonly<Record<string, unknown>>): string {
  const terms: Record<string, unknown> = { ...checkout }
  for (const field of CHECKOUT_DIGEST_EXCLUDED_FIELDS) delete terms[field]
  return encodeBase64Url(sha256(canonicalJsonBytes(terms, 'checkout')))
}

/** Reads the facts of a checkout object (any shape: what is missing or of another type stays undefined). */
export function checkoutFactsOf(checkout: Readonly<Record<string, unknown>>): CheckoutFacts {
  const totals = Array.isArray(checkout['totals']) ? (checkout['totals'] as unknown[]) : []
  const total = totals.find((entry) => isObject(entry) && entry['type'] === 'total') as Record<string, unknown> | undefined
  const amount = total?.['amount']
  const handler = firstHandler(checkout)
  return {
    id: text(checkout['id']),
    status: text(checkout['status']),
    currency: text(checkout['currency']),
    totalCents: typeof amount === 'number' && Number.isSafeInteger(amount) ? BigInt(amount) : typeof amount === 'bigint' ? amount : undefined,
    lines: linesOf(checkout['line_items']),
    payee: text(handler?.['payee']),
    payeeToken: text(handler?.['token']),
  }
}

/**
 * `"<item id>*<quantity>"` for each item (the quantities of lines of one item added up), sorted:
 * the form of the `line_items` evidence field (a set of strings).
 */
export function checkoutLineKeys(lines: readonly CheckoutLine[]): string[] {
  const quantities = new Map<string, number>()
  for (const line of lines) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.quantity)
  return [...quantities].map(([itemId, quantity]) => `${itemId}*${quantity}`).sort()
}

function linesOf(value: unknown): CheckoutLine[] {
  if (!Array.isArray(value)) return []
  const lines: CheckoutLine[] = []
  for (const entry of value) {
    if (!isObject(entry) || !isObject(entry['item'])) continue
    const itemId = entry['item']['id']
    const quantity = entry['quantity']
    if (typeof itemId === 'string' && typeof quantity === 'number' && Number.isSafeInteger(quantity)) lines.push({ itemId, quantity })
  }
  return lines
}

function firstHandler(checkout: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const ucp = checkout['ucp']
  if (!isObject(ucp) || !isObject(ucp['payment_handlers'])) return undefined
  const handlers = ucp['payment_handlers'][VERITY_DOMAIN_PAYMENT_HANDLER]
  if (!Array.isArray(handlers) || !isObject(handlers[0]) || !isObject(handlers[0]['config'])) return undefined
  return handlers[0]['config']
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}
