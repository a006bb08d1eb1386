import { parseDecimalCents } from '../money/parseDecimalCents.ts'
import {
  ATTRIBUTE_SET_ELEMENTS_MAX,
  ATTRIBUTES_PER_PRODUCT_MAX,
  OPTIONS_PER_PRODUCT_MAX,
  PRODUCT_STRING_CHARS_MAX,
  TAGS_PER_PRODUCT_MAX,
  VARIANTS_PER_PRODUCT_MAX,
} from '../limits.ts'
import type { AttributeValue, Attributes, Product, ProductVariant } from '../product/Product.ts'

/** A catalog entry breaks the catalog format at `location` (e.g. `variants[2].price_cents`). */
export class CatalogEntryError extends Error {
  constructor(readonly location: string, readonly reason: string) {
    super(`${location}: ${reason}`)
  }
}

/** Catalog ids are easy to type in a `catalog:` solution. */
export const CATALOG_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

type Json = Record<string, unknown>

function fail(location: string, reason: string): never {
  throw new CatalogEntryError(location, reason)
}

function readObject(value: unknown, location: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(location, 'expected an object')
  return value as Json
}

function readString(value: unknown, location: string): string {
  if (typeof value !== 'string' || value.length > PRODUCT_STRING_CHARS_MAX)
    fail(location, `expected a string of at most ${PRODUCT_STRING_CHARS_MAX} characters`)
  return value
}

function readOptionalString(record: Json, key: string, location: string): string | undefined {
  return record[key] === undefined ? undefined : readString(record[key], `${location}${key}`)
}

function readInt(value: unknown, location: string): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    fail(location, 'expected an integer (write decimals as text or in smaller units, e.g. price_cents)')
  return BigInt(value)
}

function readStringList(value: unknown, location: string, max: number): string[] {
  if (typeof value === 'string') return value.split(',').map((tag) => tag.trim()).filter((tag) => tag.length > 0)
  if (!Array.isArray(value) || value.length > max) fail(location, `expected an array of at most ${max} strings`)
  return value.map((element, index) => readString(element, `${location}[${index}]`))
}

function readAttributeValue(value: unknown, location: string): AttributeValue {
  if (typeof value === 'string') return readString(value, location)
  if (typeof value === 'boolean') return value
  if (typeof value === 'number' || typeof value === 'bigint') return readInt(value, location)
  if (Array.isArray(value) && value.length <= ATTRIBUTE_SET_ELEMENTS_MAX) {
    if (value.every((element) => typeof element === 'string')) return value.map((element, index) => readString(element, `${location}[${index}]`))
    if (value.every((element) => typeof element === 'number' || typeof element === 'bigint'))
      return value.map((element, index) => readInt(element, `${location}[${index}]`))
  }
  return fail(location, `expected a string, integer, boolean, or an array of at most ${ATTRIBUTE_SET_ELEMENTS_MAX} strings or integers`)
}

function readAttributes(value: unknown, location: string): Attributes {
  if (value === undefined) return {}
  const entries = Object.entries(readObject(value, location))
  if (entries.length > ATTRIBUTES_PER_PRODUCT_MAX) fail(location, `at most ${ATTRIBUTES_PER_PRODUCT_MAX} attributes`)
  return Object.fromEntries(entries.map(([name, attribute]) => [name, readAttributeValue(attribute, `${location}.${name}`)]))
}

function readPrice(record: Json, location: string): bigint | undefined {
  if (record.price_cents !== undefined) return readInt(record.price_cents, `${location}price_cents`)
  if (record.price === undefined) return undefined
  const cents = typeof record.price === 'string' ? parseDecimalCents(record.price) : undefined
  return cents ?? fail(`${location}price`, 'expected a decimal string such as "19.99" (or use price_cents)')
}

function readAvailable(record: Json, location: string): boolean | undefined {
  if (record.available === undefined) return undefined
  if (typeof record.available !== 'boolean') fail(`${location}available`, 'expected a boolean')
  return record.available
}

function readOptionNames(value: unknown, location: string): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.length > OPTIONS_PER_PRODUCT_MAX) fail(location, `expected an array of at most ${OPTIONS_PER_PRODUCT_MAX} options`)
  // Options are names ("Color") or Shopify-style objects ({"name": "Color", "values": [...]}).
  return value.map((option, index) =>
    typeof option === 'string' ? option : readString(readObject(option, `${location}[${index}]`).name, `${location}[${index}].name`),
  )
}

function readVariantOptions(value: unknown, location: string): Record<string, string> {
  if (value === undefined) return {}
  const entries = Object.entries(readObject(value, location))
  if (entries.length > OPTIONS_PER_PRODUCT_MAX) fail(location, `at most ${OPTIONS_PER_PRODUCT_MAX} options`)
  return Object.fromEntries(entries.map(([name, option]) => [name, readString(option, `${location}.${name}`)]))
}

type ProductDefaults = { priceCents?: bigint; currency?: string; available?: boolean }

function readVariant(value: unknown, location: string, defaults: ProductDefaults): ProductVariant {
  const record = readObject(value, location)
  const id = readString(record.id, `${location}.id`)
  if (!CATALOG_ID.test(id)) fail(`${location}.id`, `"${id}" is not a catalog id (letters, digits, '.', '_', '-')`)
  const title = readOptionalString(record, 'title', `${location}.`)
  const sku = readOptionalString(record, 'sku', `${location}.`)
  const priceCents = readPrice(record, `${location}.`) ?? defaults.priceCents
  const currency = readOptionalString(record, 'currency', `${location}.`) ?? defaults.currency
  const available = readAvailable(record, `${location}.`) ?? defaults.available
  return {
    id,
    ...(title === undefined ? {} : { title }),
    ...(sku === undefined ? {} : { sku }),
    options: readVariantOptions(record.options, `${location}.options`),
    ...(priceCents === undefined ? {} : { priceCents }),
    ...(currency === undefined ? {} : { currency }),
    ...(available === undefined ? {} : { available }),
    attributes: readAttributes(record.attributes, `${location}.attributes`),
  }
}

/**
 * Validates one catalog product (see docs/extractor.md, "Catalog format") and normalizes it. A
 * product without `variants` gets one variant with the product's own id, price and availability.
 */
export function parseCatalogProduct(value: unknown, location: string): Product {
  const record = readObject(value, location)
  const id = readString(record.id, `${location}.id`)
  if (!CATALOG_ID.test(id)) fail(`${location}.id`, `"${id}" is not a catalog id (letters, digits, '.', '_', '-', at most 128)`)
  const priceCents = readPrice(record, `${location}.`)
  const currency = readOptionalString(record, 'currency', `${location}.`)
  const available = readAvailable(record, `${location}.`)
  const defaults: ProductDefaults = {
    ...(priceCents === undefined ? {} : { priceCents }),
    ...(currency === undefined ? {} : { currency }),
    ...(available === undefined ? {} : { available }),
  }
  const variantsJson = record.variants ?? [{ id }]
  if (!Array.isArray(variantsJson) || variantsJson.length === 0 || variantsJson.length > VARIANTS_PER_PRODUCT_MAX)
    fail(`${location}.variants`, `expected an array of 1 to ${VARIANTS_PER_PRODUCT_MAX} variants`)
  const variants = variantsJson.map((variant, index) => readVariant(variant, `${location}.variants[${index}]`, defaults))
  const handle = readOptionalString(record, 'handle', `${location}.`)
  const title = readOptionalString(record, 'title', `${location}.`)
  const vendor = readOptionalString(record, 'vendor', `${location}.`)
  const productType = readOptionalString(record, 'product_type', `${location}.`)
  const tags = record.tags === undefined ? undefined : readStringList(record.tags, `${location}.tags`, TAGS_PER_PRODUCT_MAX)
  return {
    id,
    ...(handle === undefined ? {} : { handle }),
    ...(title === undefined ? {} : { title }),
    ...(vendor === undefined ? {} : { vendor }),
    ...(productType === undefined ? {} : { productType }),
    ...(tags === undefined ? {} : { tags }),
    optionNames: readOptionNames(record.options, `${location}.options`),
    attributes: readAttributes(record.attributes, `${location}.attributes`),
    variants,
    source: `catalog:${id}`,
  }
}
