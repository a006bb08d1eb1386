import type { AttributeValue, Categories, Product, ProductVariant } from '../product/Product.ts'
import { lookupByName } from '../product/normalizeName.ts'
import type { SourceWord } from './sourceWords.ts'

/** One value as a string, several as a set; undefined when there is none. */
function oneOrSet(values: readonly string[] | undefined): AttributeValue | undefined {
  if (values === undefined || values.length === 0) return undefined
  return values.length === 1 ? (values[0] as string) : [...new Set(values)]
}

function categoryOf(product: Product, variant: ProductVariant, taxonomy: string): AttributeValue | undefined {
  const own = variant.categories === undefined ? undefined : lookupByName(variant.categories, taxonomy)
  return oneOrSet(own ?? (product.categories === undefined ? undefined : lookupByName(product.categories, taxonomy)))
}

function allCategories(categories: Categories | undefined): string[] {
  return Object.values(categories ?? {}).flat()
}

/** The product's tags and the variant's, together (undefined when neither states any). */
function tagsOf(product: Product, variant: ProductVariant): readonly string[] | undefined {
  if (variant.tags === undefined) return product.tags
  return [...new Set([...(product.tags ?? []), ...variant.tags])]
}

const WORD_READERS: { [W in SourceWord]: (product: Product, variant: ProductVariant) => AttributeValue | undefined } = {
  price_cents: (_, variant) => variant.priceCents,
  currency: (_, variant) => variant.currency,
  available: (_, variant) => variant.available,
  vendor: (product) => product.vendor,
  product_type: (product) => product.productType,
  tags: tagsOf,
  title: (product) => product.title,
  handle: (product) => product.handle,
  product_id: (product) => product.id,
  variant_id: (_, variant) => variant.id,
  variant_title: (_, variant) => variant.title,
  sku: (_, variant) => variant.sku,
  availability_status: (_, variant) => variant.availabilityStatus,
  seller: (_, variant) => variant.seller,
  categories: (product, variant) => {
    const values = [...new Set([...allCategories(product.categories), ...allCategories(variant.categories)])]
    return values.length === 0 ? undefined : values
  },
  payee: (product) => product.payee,
  payee_token: (product) => product.payeeToken,
  business: (product) => product.business,
}

/**
 * Reads one source expression (see EvidenceMapping) for `variant` of `product`; undefined when the
 * product data does not establish it.
 */
export function readSource(product: Product, variant: ProductVariant, source: string): AttributeValue | undefined {
  const colon = source.indexOf(':')
  if (colon === -1) {
    const reader = (WORD_READERS as Record<string, (p: Product, v: ProductVariant) => AttributeValue | undefined>)[source]
    return reader?.(product, variant)
  }
  const kind = source.slice(0, colon)
  const name = source.slice(colon + 1)
  if (kind === 'option') return lookupByName(variant.options, name)
  if (kind === 'attribute') return lookupByName(variant.attributes, name) ?? lookupByName(product.attributes, name)
  if (kind === 'category') return categoryOf(product, variant, name)
  return undefined
}
