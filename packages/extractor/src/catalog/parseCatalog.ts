import { CatalogFormatError } from '../errors/extractorErrors.ts'
import { CATALOG_PRODUCTS_MAX } from '../limits.ts'
import type { Product } from '../product/Product.ts'
import { CatalogEntryError, parseCatalogProduct } from './parseCatalogProduct.ts'

export type Catalog = Readonly<{
  products: ReadonlyMap<string, Product>
  /** Variant id → the product holding it, so `catalog:<variant-id>` names a variant directly. */
  productsByVariantId: ReadonlyMap<string, Product>
}>

function parseJson(text: string, path: string, location: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new CatalogFormatError({ path, location, reason: `not JSON: ${(error as Error).message}` }, { cause: error })
  }
}

function readEntries(text: string, path: string): { value: unknown; location: string }[] {
  // A JSON array of products, or JSONL: one product object per line, blank lines ignored.
  if (text.trimStart().startsWith('[')) {
    const json = parseJson(text, path, 'whole file')
    if (!Array.isArray(json)) throw new CatalogFormatError({ path, reason: 'expected a JSON array of products' })
    return json.map((value, index) => ({ value, location: `products[${index}]` }))
  }
  return text.split('\n').flatMap((line, index) =>
    line.trim().length === 0 ? [] : [{ value: parseJson(line, path, `line ${index + 1}`), location: `line ${index + 1}` }],
  )
}

/**
 * Parses a catalog file's text: a JSON array of products or JSONL (one product per line). Throws
 * CatalogFormatError naming the entry and field at fault; ids (of products and variants) must be unique.
 */
export function parseCatalog(text: string, path: string): Catalog {
  const entries = readEntries(text, path)
  if (entries.length > CATALOG_PRODUCTS_MAX)
    throw new CatalogFormatError({ path, reason: `${entries.length} products, at most ${CATALOG_PRODUCTS_MAX}` })
  const products = new Map<string, Product>()
  const productsByVariantId = new Map<string, Product>()
  for (const { value, location } of entries) {
    let product: Product
    try {
      product = parseCatalogProduct(value, location)
    } catch (error) {
      if (!(error instanceof CatalogEntryError)) throw error
      throw new CatalogFormatError({ path, location: error.location, reason: error.reason })
    }
    if (products.has(product.id)) throw new CatalogFormatError({ path, location, reason: `duplicate product id "${product.id}"` })
    products.set(product.id, product)
  }
  for (const product of products.values())
    for (const variant of product.variants) {
      const holder = productsByVariantId.get(variant.id)
      if (holder !== undefined && holder !== product)
        throw new CatalogFormatError({ path, reason: `variant id "${variant.id}" is used by products "${holder.id}" and "${product.id}"` })
      productsByVariantId.set(variant.id, product)
    }
  return { products, productsByVariantId }
}
