import { CATALOG_SEARCH_RESULTS_DEFAULT, CATALOG_SEARCH_RESULTS_MAX } from '../limits.ts'
import { lookupByName } from '../product/normalizeName.ts'
import type { AttributeValue, Attributes, Product, ProductVariant } from '../product/Product.ts'
import type { Catalog } from './parseCatalog.ts'

/**
 * What to look for (the body of `POST /catalog/search`). Every given filter must hold; string
 * comparisons ignore case. `q`'s words must each be a word (or, from 3 letters, the start of
 * one) of the variant's ids, title, vendor, category, tags, option values or string attributes.
 */
export type CatalogQuery = Readonly<{
  q?: string
  /** Product types accepted (`t-shirt`, `polo`); any of them. */
  category?: string | readonly string[]
  /** Variant options that must match (`{"Color": "White", "Size": "M"}`). */
  options?: Readonly<Record<string, string>>
  /** Attributes (of the variant, else the product) that must equal, or for a set contain, the value. */
  attributes?: Readonly<Record<string, string | number | bigint | boolean>>
  price_cents_min?: number | bigint
  price_cents_max?: number | bigint
  /** Include variants marked unavailable (default false). */
  include_unavailable?: boolean
  /** Most hits returned (default CATALOG_SEARCH_RESULTS_DEFAULT, at most CATALOG_SEARCH_RESULTS_MAX). */
  limit?: number
}>

/** One variant that matches, named by the `solution` to propose for it. */
export type CatalogHit = {
  solution: string
  product_id: string
  variant_id: string
  title?: string
  vendor?: string
  category?: string
  tags: readonly string[]
  options: Readonly<Record<string, string>>
  price_cents?: bigint
  currency?: string
  available?: boolean
  /** The product's attributes with the variant's on top. */
  attributes: Attributes
}

export type CatalogSearchResult = { results: CatalogHit[]; total: number; truncated: boolean }

/**
 * Searches a loaded catalog variant by variant, in catalog order, and returns at most `limit`
 * hits with the number of all matches. A plain function over the catalog: no I/O.
 * @example searchCatalog(catalog, { category: ['t-shirt', 'polo'], options: { Size: 'M' }, price_cents_max: 2500 })
 */
export function searchCatalog(catalog: Catalog, query: CatalogQuery): CatalogSearchResult {
  const limit = Math.min(query.limit ?? CATALOG_SEARCH_RESULTS_DEFAULT, CATALOG_SEARCH_RESULTS_MAX)
  const words = tokensOf(query.q ?? '')
  const categories = query.category === undefined ? undefined : [query.category].flat().map((category) => category.toLowerCase())
  const results: CatalogHit[] = []
  let total = 0
  for (const product of catalog.products.values()) {
    if (categories !== undefined && !categories.includes((product.productType ?? '').toLowerCase())) continue
    for (const variant of product.variants) {
      if (!variantMatches(product, variant, query, words)) continue
      total += 1
      if (results.length < limit) results.push(hitOf(product, variant))
    }
  }
  return { results, total, truncated: total > results.length }
}

function variantMatches(product: Product, variant: ProductVariant, query: CatalogQuery, words: readonly string[]): boolean {
  if (variant.available === false && query.include_unavailable !== true) return false
  if (query.price_cents_min !== undefined && (variant.priceCents === undefined || variant.priceCents < BigInt(query.price_cents_min))) return false
  if (query.price_cents_max !== undefined && (variant.priceCents === undefined || variant.priceCents > BigInt(query.price_cents_max))) return false
  for (const [name, wanted] of Object.entries(query.options ?? {})) {
    const value = lookupByName(variant.options, name)
    if (value === undefined || value.toLowerCase() !== wanted.toLowerCase()) return false
  }
  const attributes = { ...product.attributes, ...variant.attributes }
  for (const [name, wanted] of Object.entries(query.attributes ?? {}))
    if (!attributeHolds(lookupByName(attributes, name), wanted)) return false
  if (words.length === 0) return true
  const tokens = searchableTokens(product, variant, attributes)
  return words.every((word) => tokens.some((token) => token === word || (word.length >= PREFIX_MATCH_CHARS_MIN && token.startsWith(word))))
}

/** A query word this long also matches the start of a word ("merin" finds "merino"); shorter ones must match whole ("m" is a size). */
const PREFIX_MATCH_CHARS_MIN = 3

function tokensOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0)
}

function attributeHolds(value: AttributeValue | undefined, wanted: string | number | bigint | boolean): boolean {
  if (value === undefined) return false
  const same = (element: string | bigint | boolean) =>
    typeof element === 'string' ? typeof wanted === 'string' && element.toLowerCase() === wanted.toLowerCase() : String(element) === String(wanted)
  return Array.isArray(value) ? value.some(same) : same(value as string | bigint | boolean)
}

function searchableTokens(product: Product, variant: ProductVariant, attributes: Attributes): string[] {
  const parts = [
    product.id,
    variant.id,
    product.title,
    variant.title,
    product.vendor,
    product.productType,
    ...(product.tags ?? []),
    ...Object.values(variant.options),
    ...Object.values(attributes).flatMap((value) => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((e) => typeof e === 'string') : [])),
  ]
  return tokensOf(parts.filter((part) => part !== undefined).join(' '))
}

function hitOf(product: Product, variant: ProductVariant): CatalogHit {
  const title = variant.title === undefined || product.title === undefined ? product.title : `${product.title} (${variant.title})`
  return {
    solution: `catalog:${variant.id}`,
    product_id: product.id,
    variant_id: variant.id,
    ...(title === undefined ? {} : { title }),
    ...(product.vendor === undefined ? {} : { vendor: product.vendor }),
    ...(product.productType === undefined ? {} : { category: product.productType }),
    tags: product.tags ?? [],
    options: variant.options,
    ...(variant.priceCents === undefined ? {} : { price_cents: variant.priceCents }),
    ...(variant.currency === undefined ? {} : { currency: variant.currency }),
    ...(variant.available === undefined ? {} : { available: variant.available }),
    attributes: { ...product.attributes, ...variant.attributes },
  }
}
