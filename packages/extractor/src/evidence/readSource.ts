import type { AttributeValue, Product, ProductVariant } from '../product/Product.ts'
import { lookupByName } from '../product/normalizeName.ts'
import type { SourceWord } from './EvidenceMapping.ts'

const WORD_READERS: { [W in SourceWord]: (product: Product, variant: ProductVariant) => AttributeValue | undefined } = {
  price_cents: (_, variant) => variant.priceCents,
  currency: (_, variant) => variant.currency,
  available: (_, variant) => variant.available,
  vendor: (product) => product.vendor,
  product_type: (product) => product.productType,
  tags: (product) => product.tags,
  title: (product) => product.title,
  handle: (product) => product.handle,
  product_id: (product) => product.id,
  variant_id: (_, variant) => variant.id,
  variant_title: (_, variant) => variant.title,
  sku: (_, variant) => variant.sku,
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
  return undefined
}
