import { normalizeName } from '../product/normalizeName.ts'
import type { SourceWord } from './sourceWords.ts'

/**
 * Evidence fields the extractor establishes itself, from what it fetched, never from what a
 * business writes about its product (docs/extractor.md, "Extractor-owned fields"; issue 42).
 * They name where the money goes, how much, and what exactly was bought: a proof's payment and a
 * payee binding (`evidence.business` / `evidence.payee`, policy's PAYEE_BINDING_FIELDS) rest on
 * them, so a product attribute or option never supplies one and no mapping can reroute one.
 * Names compare loosely, as option and attribute names do (`Checkout-Digest` is `checkout_digest`).
 */
export const EXTRACTOR_OWNED_FIELDS = Object.freeze([
  'business',
  'payee',
  'payee_token',
  'price_cents',
  'currency',
  'total_cents',
  'checkout_id',
  'checkout_digest',
  'line_items',
  'quantity',
] as const)

export type ExtractorOwnedField = (typeof EXTRACTOR_OWNED_FIELDS)[number]

/**
 * The only sources of each owned field for a product (a catalog entry, a storefront page, a UCP
 * product); a mapping never changes them. The checkout fields have none: only a checkout session
 * the business signed establishes them (UcpCheckoutSource), and it establishes every owned field.
 */
const OWNED_FIELD_SOURCES: Readonly<Record<ExtractorOwnedField, readonly SourceWord[]>> = Object.freeze({
  // The base URL of the UCP business whose profile was fetched, or the origin of the storefront page read; none for a catalog.
  business: ['business'],
  // The payment handler of the business's own profile (UCP `dev.verity.domain`), never an attribute.
  payee: ['payee'],
  payee_token: ['payee_token'],
  price_cents: ['price_cents'],
  currency: ['currency'],
  total_cents: [],
  checkout_id: [],
  checkout_digest: [],
  line_items: [],
  quantity: [],
})

const OWNED_BY_NORMALIZED_NAME: ReadonlyMap<string, ExtractorOwnedField> = new Map(EXTRACTOR_OWNED_FIELDS.map((field) => [normalizeName(field), field]))

/** The owned field `name` is (compared loosely), or undefined when the name is not an owned field's. */
export function extractorOwnedFieldOf(name: string): ExtractorOwnedField | undefined {
  return OWNED_BY_NORMALIZED_NAME.get(normalizeName(name))
}

/** True when `name` is an extractor-owned evidence field (compared loosely). */
export function isExtractorOwnedField(name: string): boolean {
  return extractorOwnedFieldOf(name) !== undefined
}

/** The fixed sources of an owned field for a product; undefined when `name` is not owned. */
export function ownedFieldSources(name: string): readonly SourceWord[] | undefined {
  const owned = extractorOwnedFieldOf(name)
  return owned === undefined ? undefined : OWNED_FIELD_SOURCES[owned]
}
