import { numberToCents, parseDecimalCents } from '../money/parseDecimalCents.ts'
import { OPTIONS_PER_PRODUCT_MAX, PRODUCT_STRING_CHARS_MAX, TAGS_PER_PRODUCT_MAX, VARIANTS_PER_PRODUCT_MAX } from '../limits.ts'
import type { Product, ProductVariant } from '../product/Product.ts'
import { asRecord, identifier, optionalText, ReplyShapeError, type JsonRecord } from './ReplyShapeError.ts'

/** How a reply format writes a price: `.json` as a decimal string of dollars, `.js` as integer cents. */
type PriceReader = (value: unknown) => bigint | undefined

const readDecimalPrice: PriceReader = (value) =>
  typeof value === 'string' ? parseDecimalCents(value) : typeof value === 'number' ? numberToCents(value) : undefined

const readCentsPrice: PriceReader = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined

function text(value: unknown): string | undefined {
  return optionalText(value, PRODUCT_STRING_CHARS_MAX)
}

function readTags(value: unknown): string[] | undefined {
  // `.json` writes tags as one comma-separated string, `.js` as an array.
  const tags = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined
  if (tags === undefined || tags.length > TAGS_PER_PRODUCT_MAX || !tags.every((tag) => typeof tag === 'string')) return undefined
  return (tags as string[]).map((tag) => tag.trim()).filter((tag) => tag.length > 0)
}

function readOptionNames(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  if (value.length > OPTIONS_PER_PRODUCT_MAX) throw new ReplyShapeError('options', `more than ${OPTIONS_PER_PRODUCT_MAX} options`)
  return value.map((option, index) => {
    const name = typeof option === 'string' ? option : text(asRecord(option, `options[${index}]`).name)
    if (name === undefined) throw new ReplyShapeError(`options[${index}]`, 'option without a name')
    return name
  })
}

function readVariantOptions(variant: JsonRecord, optionNames: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {}
  optionNames.forEach((name, index) => {
    const value = text(variant[`option${index + 1}`]) ?? (Array.isArray(variant.options) ? text(variant.options[index]) : undefined)
    // Shopify's placeholder option of a product without options establishes nothing.
    if (value !== undefined && !(name === 'Title' && value === 'Default Title')) options[name] = value
  })
  return options
}

function readVariant(value: unknown, index: number, optionNames: readonly string[], readPrice: PriceReader): ProductVariant {
  const variant = asRecord(value, `variants[${index}]`)
  const title = text(variant.title)
  const sku = text(variant.sku)
  const priceCents = readPrice(variant.price)
  return {
    id: identifier(variant.id, `variants[${index}].id`),
    ...(title === undefined ? {} : { title }),
    ...(sku === undefined ? {} : { sku }),
    options: readVariantOptions(variant, optionNames),
    ...(priceCents === undefined ? {} : { priceCents }),
    ...(typeof variant.available === 'boolean' ? { available: variant.available } : {}),
    attributes: {},
  }
}

function buildProduct(record: JsonRecord, productType: unknown, readPrice: PriceReader, source: string): Product {
  const optionNames = readOptionNames(record.options)
  if (!Array.isArray(record.variants) || record.variants.length === 0 || record.variants.length > VARIANTS_PER_PRODUCT_MAX)
    throw new ReplyShapeError('variants', `expected 1 to ${VARIANTS_PER_PRODUCT_MAX} variants`)
  const variants = record.variants.map((variant, index) => readVariant(variant, index, optionNames, readPrice))
  const fields = { handle: text(record.handle), title: text(record.title), vendor: text(record.vendor), productType: text(productType), tags: readTags(record.tags) }
  return {
    id: identifier(record.id, 'id'),
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    optionNames,
    attributes: {},
    variants,
    source,
  }
}

/** Parses Shopify's `/products/{handle}.json` reply: `{product: {...}}`, prices as "19.99", tags as "a, b". */
export function parseShopifyProductJson(json: unknown, source: string): Product {
  const product = asRecord(asRecord(json, '(reply)').product, 'product')
  return buildProduct(product, product.product_type, readDecimalPrice, source)
}

/** Parses Shopify's `/products/{handle}.js` reply: the product itself, prices in cents, `type`, tags as an array. */
export function parseShopifyProductJs(json: unknown, source: string): Product {
  const product = asRecord(json, '(reply)')
  return buildProduct(product, product.type ?? product.product_type, readCentsPrice, source)
}
