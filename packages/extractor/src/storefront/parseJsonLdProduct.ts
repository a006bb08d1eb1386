import { numberToCents, parseDecimalCents } from '../money/parseDecimalCents.ts'
import { ATTRIBUTES_PER_PRODUCT_MAX, JSON_LD_BLOCKS_MAX, JSON_LD_OFFERS_MAX, PRODUCT_STRING_CHARS_MAX, VARIANTS_PER_PRODUCT_MAX } from '../limits.ts'
import type { AttributeValue, Product, ProductVariant } from '../product/Product.ts'
import { optionalText, ReplyShapeError, type JsonRecord } from './ReplyShapeError.ts'

const SCRIPT_BLOCK = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi

/** Depth to which JSON-LD nodes are searched for a Product (arrays and `@graph` nest them). */
const NODE_DEPTH_MAX = 8

const IN_STOCK = new Set(['InStock', 'InStoreOnly', 'OnlineOnly', 'LimitedAvailability'])
const OUT_OF_STOCK = new Set(['OutOfStock', 'SoldOut', 'Discontinued'])

/** Attribute names read from a Product node's own properties. */
const PLAIN_PROPERTIES = ['color', 'size', 'material', 'pattern', 'audience', 'gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'mpn', 'sku', 'model'] as const

function text(value: unknown): string | undefined {
  return optionalText(value, PRODUCT_STRING_CHARS_MAX)
}

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasType(node: JsonRecord, type: string): boolean {
  const types = Array.isArray(node['@type']) ? node['@type'] : [node['@type']]
  return types.some((entry) => entry === type || entry === `https://schema.org/${type}` || entry === `http://schema.org/${type}`)
}

/** A string, or the `name` of a Thing (`{"@type": "Brand", "name": "Acme"}`). */
function nameOf(value: unknown): string | undefined {
  return text(value) ?? (isRecord(value) ? text(value.name) : undefined)
}

function findProductNode(value: unknown, depth: number): JsonRecord | undefined {
  if (depth > NODE_DEPTH_MAX) return undefined
  if (Array.isArray(value)) {
    for (const element of value) {
      const found = findProductNode(element, depth + 1)
      if (found !== undefined) return found
    }
    return undefined
  }
  if (!isRecord(value)) return undefined
  if (hasType(value, 'Product') || hasType(value, 'ProductGroup')) return value
  return findProductNode([value['@graph'], value.mainEntity], depth + 1)
}

function readAvailability(value: unknown): boolean | undefined {
  const name = text(value)?.replace(/^https?:\/\/schema\.org\//, '')
  if (name === undefined) return undefined
  return IN_STOCK.has(name) ? true : OUT_OF_STOCK.has(name) ? false : undefined
}

function readPrice(value: unknown): bigint | undefined {
  return typeof value === 'string' ? parseDecimalCents(value) : typeof value === 'number' ? numberToCents(value) : undefined
}

function readOfferPrice(offer: JsonRecord): { priceCents?: bigint; currency?: string } {
  // An AggregateOffer establishes a price only when every offer has the same one.
  const low = offer.lowPrice === undefined ? undefined : readPrice(offer.lowPrice)
  const high = offer.highPrice === undefined ? undefined : readPrice(offer.highPrice)
  const specification = isRecord(offer.priceSpecification) ? offer.priceSpecification : {}
  const priceCents = readPrice(offer.price ?? specification.price) ?? (low !== undefined && low === high ? low : undefined)
  const currency = text(offer.priceCurrency ?? specification.priceCurrency)
  return { ...(priceCents === undefined ? {} : { priceCents }), ...(currency === undefined ? {} : { currency }) }
}

function readAttributes(node: JsonRecord): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {}
  for (const key of PLAIN_PROPERTIES) {
    const value = nameOf(node[key])
    if (value !== undefined) attributes[key] = value
  }
  const brand = nameOf(node.brand)
  if (brand !== undefined) attributes.brand = brand
  const category = nameOf(node.category)
  if (category !== undefined) attributes.category = category
  const properties = Array.isArray(node.additionalProperty) ? node.additionalProperty.slice(0, ATTRIBUTES_PER_PRODUCT_MAX) : []
  for (const property of properties) {
    const name = isRecord(property) ? text(property.name) : undefined
    const value = isRecord(property) ? property.value : undefined
    if (name === undefined) continue
    // Only exact values: text, booleans and integers. A decimal like 15.6 has no evidence type.
    if (typeof value === 'string' && value.length <= PRODUCT_STRING_CHARS_MAX) attributes[name] = value
    else if (typeof value === 'boolean') attributes[name] = value
    else if (typeof value === 'number' && Number.isSafeInteger(value)) attributes[name] = BigInt(value)
  }
  return attributes
}

function offersOf(node: JsonRecord): JsonRecord[] {
  const raw = Array.isArray(node.offers) ? node.offers : node.offers === undefined ? [] : [node.offers]
  const offers = raw.filter(isRecord)
  // An AggregateOffer may list its offers; those are the variants.
  const listed = offers.flatMap((offer) => (hasType(offer, 'AggregateOffer') && Array.isArray(offer.offers) ? offer.offers.filter(isRecord) : [offer]))
  if (listed.length > JSON_LD_OFFERS_MAX) throw new ReplyShapeError('offers', `more than ${JSON_LD_OFFERS_MAX} offers`)
  return listed
}

function variantIdOf(offer: JsonRecord, fallback: string): string {
  const url = text(offer.url)
  const fromUrl = url === undefined ? undefined : URL.parse(url, 'http://localhost/')?.searchParams.get('variant')
  return fromUrl ?? text(offer.sku) ?? fallback
}

function offerVariant(offer: JsonRecord, id: string, options: Record<string, string>, attributes: Record<string, AttributeValue>): ProductVariant {
  const sku = text(offer.sku)
  const available = readAvailability(offer.availability)
  return {
    id,
    ...(sku === undefined ? {} : { sku }),
    options,
    ...readOfferPrice(offer),
    ...(available === undefined ? {} : { available }),
    attributes,
  }
}

function groupVariants(group: JsonRecord, optionNames: readonly string[]): ProductVariant[] {
  const members = (Array.isArray(group.hasVariant) ? group.hasVariant : []).filter(isRecord)
  if (members.length > VARIANTS_PER_PRODUCT_MAX) throw new ReplyShapeError('hasVariant', `more than ${VARIANTS_PER_PRODUCT_MAX} variants`)
  return members.map((member, index) => {
    const attributes = readAttributes(member)
    const options = Object.fromEntries(optionNames.flatMap((name) => (typeof attributes[name] === 'string' ? [[name, attributes[name]]] : [])))
    const offers = offersOf(member)
    const fallback = `variant-${index}`
    const id = text(member.sku) ?? text(member.productID) ?? (offers.length === 1 ? variantIdOf(offers[0] as JsonRecord, fallback) : fallback)
    return offers.length === 1 ? offerVariant(offers[0] as JsonRecord, id, options, attributes) : { id, options, attributes }
  })
}

/**
 * Finds the first schema.org `Product` (or `ProductGroup` with `hasVariant`) in the JSON-LD blocks
 * of an HTML page and normalizes it: each offer (or group member) is a variant; `brand`, `category`,
 * `color`, `size`, `material` and `additionalProperty` become attributes; prices become cents
 * exactly. Returns undefined when the page has no such node.
 */
export function parseJsonLdProduct(html: string, source: string): Product | undefined {
  const blocks = [...html.matchAll(SCRIPT_BLOCK)].slice(0, JSON_LD_BLOCKS_MAX)
  for (const block of blocks) {
    let json: unknown
    try {
      json = JSON.parse(block[1] as string)
    } catch {
      continue // A broken block (themes do ship them) does not hide a good one after it.
    }
    const node = findProductNode(json, 0)
    if (node === undefined) continue
    const attributes = readAttributes(node)
    const isGroup = hasType(node, 'ProductGroup')
    const optionNames = isGroup ? (Array.isArray(node.variesBy) ? node.variesBy : [node.variesBy]).flatMap((entry) => {
      const name = text(entry)?.replace(/^https?:\/\/schema\.org\//, '')
      return name === undefined ? [] : [name]
    }) : []
    const offers = isGroup ? [] : offersOf(node)
    const variants = isGroup
      ? groupVariants(node, optionNames)
      : offers.length === 0
        ? [{ id: text(node.sku) ?? 'default', options: {}, attributes: {} }]
        : offers.map((offer, index) => offerVariant(offer, variantIdOf(offer, `offer-${index}`), {}, {}))
    if (variants.length === 0) throw new ReplyShapeError('hasVariant', 'a ProductGroup without variants')
    const title = text(node.name)
    const vendor = nameOf(node.brand)
    const productType = nameOf(node.category)
    return {
      id: text(node.productID) ?? text(node.productGroupID) ?? text(node.sku) ?? source,
      ...(title === undefined ? {} : { title }),
      ...(vendor === undefined ? {} : { vendor }),
      ...(productType === undefined ? {} : { productType }),
      optionNames,
      attributes,
      variants,
      source,
    }
  }
  return undefined
}
