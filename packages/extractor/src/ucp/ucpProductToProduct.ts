import type { Static, UcpAttribute, UcpCategory, UcpDetailProduct, UcpVariant } from '@verity/wire'
import { UcpBadReplyError, UcpPriceInvalidError } from '../errors/ucpErrors.ts'
import { ATTRIBUTES_PER_PRODUCT_MAX, CATEGORIES_PER_PRODUCT_MAX, OPTIONS_PER_PRODUCT_MAX, PRODUCT_STRING_CHARS_MAX, TAGS_PER_PRODUCT_MAX, VARIANTS_PER_PRODUCT_MAX } from '../limits.ts'
import type { Attributes, Categories, Product, ProductVariant } from '../product/Product.ts'

type Checker = (what: string, count: number, max: number) => void

/** Shopify attributes `[{name, value}]` → one value per name; a name given several times → the set of its values. */
function attributesOf(attributes: readonly Static<typeof UcpAttribute>[] | undefined): Attributes {
  const byName = new Map<string, string[]>()
  for (const { name, value } of attributes ?? []) byName.set(name, [...(byName.get(name) ?? []), value])
  return Object.fromEntries([...byName].map(([name, values]) => [name, values.length === 1 ? (values[0] as string) : [...new Set(values)]]))
}

/** Categories by taxonomy (`""` for a category without one). */
function categoriesOf(categories: readonly Static<typeof UcpCategory>[] | undefined): Categories | undefined {
  if (categories === undefined || categories.length === 0) return undefined
  const byTaxonomy: Record<string, string[]> = {}
  for (const { value, taxonomy } of categories) (byTaxonomy[taxonomy ?? ''] ??= []).push(value)
  return byTaxonomy
}

function variantOf(variant: Static<typeof UcpVariant>, path: string, url: string, check: Checker): ProductVariant {
  const { amount, currency } = variant.price
  if (!Number.isSafeInteger(amount)) throw new UcpPriceInvalidError({ url, path: `${path}/price/amount`, amount })
  check(`${path}/options`, variant.options?.length ?? 0, OPTIONS_PER_PRODUCT_MAX)
  check(`${path}/attributes`, variant.attributes?.length ?? 0, ATTRIBUTES_PER_PRODUCT_MAX)
  check(`${path}/tags`, variant.tags?.length ?? 0, TAGS_PER_PRODUCT_MAX)
  check(`${path}/categories`, variant.categories?.length ?? 0, CATEGORIES_PER_PRODUCT_MAX)
  const categories = categoriesOf(variant.categories)
  const available = variant.availability?.available
  const status = variant.availability?.status
  return {
    id: variant.id,
    title: variant.title,
    ...(variant.sku === undefined ? {} : { sku: variant.sku }),
    options: Object.fromEntries((variant.options ?? []).map((option) => [option.name, option.label])),
    priceCents: BigInt(amount),
    currency,
    ...(available === undefined ? {} : { available }),
    ...(status === undefined ? {} : { availabilityStatus: status }),
    ...(variant.tags === undefined ? {} : { tags: variant.tags }),
    ...(variant.seller?.name === undefined ? {} : { seller: variant.seller.name }),
    ...(categories === undefined ? {} : { categories }),
    attributes: attributesOf(variant.attributes),
  }
}

/**
 * Throws UcpBadReplyError when a string the evidence may read (ids, titles, options, attributes,
 * tags, categories, seller, status; not descriptions or media) is longer than PRODUCT_STRING_CHARS_MAX.
 */
function checkStrings(value: unknown, path: string, url: string): void {
  if (typeof value === 'string') {
    if (value.length > PRODUCT_STRING_CHARS_MAX) throw new UcpBadReplyError({ url, reason: `${path}: ${value.length} characters, at most ${PRODUCT_STRING_CHARS_MAX}` })
  } else if (Array.isArray(value)) value.forEach((element, index) => checkStrings(element, `${path}/${index}`, url))
  else if (typeof value === 'object' && value !== null) for (const [key, element] of Object.entries(value)) checkStrings(element, `${path}/${key}`, url)
}

/** The parts of a product or variant the evidence may read (checkStrings walks these only). */
function readParts(entry: Static<typeof UcpVariant> | Static<typeof UcpDetailProduct>): Record<string, unknown> {
  const { id, title, tags, categories, attributes, options } = entry
  const variantParts = 'price' in entry ? { sku: entry.sku, 'seller/name': entry.seller?.name, 'availability/status': entry.availability?.status } : { handle: entry.handle }
  return { id, title, tags, categories, attributes, options, ...variantParts }
}

/**
 * A UCP product of a get_product reply (already checked against the 2026-04-08 schema) as the
 * extractor's Product: price in minor units (a bigint), availability, title, seller, categories by
 * taxonomy, tags, options `{name, label}`, Shopify attributes of the product and of each variant,
 * the payee the business's profile names, and `business`: the base URL whose profile was read
 * (the caller's, not the product's word). Fields the business does not state stay absent.
 * Throws UcpPriceInvalidError for an amount beyond 2^53, UcpBadReplyError beyond the product limits.
 */
export function ucpProductToProduct(product: Static<typeof UcpDetailProduct>, params: { url: string; business: string; payee?: string; payeeToken?: string }): Product {
  const { url } = params
  const check: Checker = (what, count, max) => {
    if (count > max) throw new UcpBadReplyError({ url, reason: `${what}: ${count} entries, at most ${max}` })
  }
  checkStrings(readParts(product), '/product', url)
  product.variants.forEach((variant, index) => checkStrings(readParts(variant), `/product/variants/${index}`, url))
  check('/product/variants', product.variants.length, VARIANTS_PER_PRODUCT_MAX)
  check('/product/options', product.options?.length ?? 0, OPTIONS_PER_PRODUCT_MAX)
  check('/product/attributes', product.attributes?.length ?? 0, ATTRIBUTES_PER_PRODUCT_MAX)
  check('/product/tags', product.tags?.length ?? 0, TAGS_PER_PRODUCT_MAX)
  check('/product/categories', product.categories?.length ?? 0, CATEGORIES_PER_PRODUCT_MAX)
  const variants = product.variants.map((variant, index) => variantOf(variant, `/product/variants/${index}`, url, check))
  const optionNames = product.options?.map((option) => option.name) ?? [...new Set(variants.flatMap((variant) => Object.keys(variant.options)))]
  const categories = categoriesOf(product.categories)
  return {
    id: product.id,
    ...(product.handle === undefined ? {} : { handle: product.handle }),
    title: product.title,
    ...(product.tags === undefined ? {} : { tags: product.tags }),
    optionNames,
    attributes: attributesOf(product.attributes),
    ...(categories === undefined ? {} : { categories }),
    ...(params.payee === undefined ? {} : { payee: params.payee }),
    ...(params.payeeToken === undefined ? {} : { payeeToken: params.payeeToken }),
    business: params.business,
    variants,
    source: url,
  }
}
