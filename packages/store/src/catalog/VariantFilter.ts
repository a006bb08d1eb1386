import type { Static, UcpSearchFilters } from '@verity/wire'
import { StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { FILTER_VALUES_MAX } from '../limits.ts'
import { looseName, sameText } from './looseName.ts'
import type { Product, Variant } from './StoreCatalog.ts'

/**
 * The filters of a search, lookup or get_product, checked. UCP's standard ones (`categories`,
 * `price` in minor units) and the store's custom ones, which UCP allows (`options`: variant
 * option labels by name; `attributes`: attribute values by name; `available`). Every filter given
 * must hold. An unknown filter is refused: silently ignoring a misspelt one would match everything.
 */
export type VariantFilter = Readonly<{
  categories: readonly string[]
  priceMin: number | undefined
  priceMax: number | undefined
  options: readonly (readonly [string, string])[]
  attributes: readonly (readonly [string, string])[]
  available: boolean | undefined
}>

const KNOWN_FILTERS = new Set(['categories', 'price', 'options', 'attributes', 'available'])

/** Checks `filters` (absent: no filter). Throws StoreRequestInvalidError naming the bad filter. */
export function readVariantFilter(filters: Static<typeof UcpSearchFilters> | undefined): VariantFilter {
  const given = (filters ?? {}) as Record<string, unknown>
  for (const key of Object.keys(given)) {
    if (!KNOWN_FILTERS.has(key)) throw new StoreRequestInvalidError({ reason: `unknown filter ${JSON.stringify(key)} (this store filters by categories, price, options, attributes, available)` })
  }
  const categories = given.categories as string[] | undefined
  if (categories !== undefined && categories.length > FILTER_VALUES_MAX) throw tooMany('filters.categories')
  const available = given.available
  if (available !== undefined && typeof available !== 'boolean') throw new StoreRequestInvalidError({ reason: 'filters.available must be true or false' })
  return {
    categories: categories ?? [],
    priceMin: filters?.price?.min,
    priceMax: filters?.price?.max,
    options: readTextRecord(given.options, 'filters.options'),
    attributes: readTextRecord(given.attributes, 'filters.attributes'),
    available,
  }
}

function tooMany(name: string): StoreRequestInvalidError {
  return new StoreRequestInvalidError({ reason: `${name} may hold at most ${FILTER_VALUES_MAX} entries` })
}

function readTextRecord(value: unknown, name: string): (readonly [string, string])[] {
  if (value === undefined) return []
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StoreRequestInvalidError({ reason: `${name} must be an object of names to text, e.g. {"Size": "Medium (M)"}` })
  const entries = Object.entries(value)
  if (entries.length > FILTER_VALUES_MAX) throw tooMany(name)
  return entries.map(([key, text]) => {
    if (typeof text !== 'string') throw new StoreRequestInvalidError({ reason: `${name}.${key} must be text` })
    return [key, text] as const
  })
}

/** The values the variant states for attribute `name` (loosely), else the product's; empty when neither does. */
export function attributeValues(product: Product, variant: Variant, name: string): string[] {
  const wanted = looseName(name)
  const of = (attributes: Product['attributes']) => (attributes ?? []).filter((attribute) => looseName(attribute.name) === wanted).map((attribute) => attribute.value)
  const own = of(variant.attributes)
  return own.length > 0 ? own : of(product.attributes)
}

/** The label of the variant's option `name` (loosely), if it has one. */
export function optionLabel(variant: Variant, name: string): string | undefined {
  const wanted = looseName(name)
  return variant.options?.find((option) => looseName(option.name) === wanted)?.label
}

/** True when `product` is in one of the filter's categories (any taxonomy; a whole value or one step of a path like "… > T-Shirts"). */
export function isInCategories(product: Product, filter: VariantFilter): boolean {
  if (filter.categories.length === 0) return true
  const values = (product.categories ?? []).flatMap((category) => [category.value, ...category.value.split('>').map((step) => step.trim())])
  return filter.categories.some((wanted) => values.some((value) => sameText(value, wanted)))
}

/** True when the variant holds every variant-level filter (price, options, attributes, availability). */
export function isVariantMatch(product: Product, variant: Variant, filter: VariantFilter): boolean {
  const amount = variant.price.amount
  if (filter.priceMin !== undefined && amount < filter.priceMin) return false
  if (filter.priceMax !== undefined && amount > filter.priceMax) return false
  if (filter.available !== undefined && isAvailable(variant) !== filter.available) return false
  for (const [name, label] of filter.options) {
    const own = optionLabel(variant, name)
    if (own === undefined || !sameText(own, label)) return false
  }
  for (const [name, value] of filter.attributes) {
    if (!attributeValues(product, variant, name).some((own) => sameText(own, value))) return false
  }
  return true
}

/** A variant is available unless it says otherwise. */
export function isAvailable(variant: Variant): boolean {
  return variant.availability?.available !== false
}
