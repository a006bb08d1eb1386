import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describeUcpViolations, UcpProduct, validateUcp } from '@verity/wire'
import { StoreCatalogInvalidError } from '../errors/storeErrors.ts'
import { CATALOG_BYTES_MAX, CATALOG_PRODUCTS_MAX, ID_CHARS_MAX, VARIANTS_PER_PRODUCT_MAX } from '../limits.ts'
import { indexCatalog, type Product, type StoreCatalog } from './StoreCatalog.ts'

/** The demo catalog shipped with the package: the extractor's demo products as UCP Product objects. */
export const DEMO_CATALOG_PATH = fileURLToPath(new URL('../../catalog/demo.json', import.meta.url))

/**
 * Reads a catalog file: a JSON array of UCP Product objects (2026-04-08, with Shopify's
 * `attributes`). Every entry must validate against UcpProduct; ids at most ID_CHARS_MAX characters,
 * unique across products and variants. Throws StoreCatalogInvalidError naming the entry and field.
 * @example const catalog = loadStoreCatalog(DEMO_CATALOG_PATH)
 */
export function loadStoreCatalog(path: string): StoreCatalog {
  const fail = (reason: string) => new StoreCatalogInvalidError({ path, reason })
  let size: number
  try {
    size = statSync(path).size
  } catch (error) {
    throw fail(`cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  if (size > CATALOG_BYTES_MAX) throw fail(`${size} bytes, more than the ${CATALOG_BYTES_MAX} allowed`)
  let entries: unknown
  try {
    entries = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw fail(`not JSON (${(error as Error).message})`)
  }
  if (!Array.isArray(entries)) throw fail('expected a JSON array of UCP Product objects')
  if (entries.length > CATALOG_PRODUCTS_MAX) throw fail(`${entries.length} products, more than the ${CATALOG_PRODUCTS_MAX} allowed`)
  const products = entries.map((entry, index) => checkProduct(entry, index, fail))
  return indexCatalog(products, (id) => fail(`id ${JSON.stringify(id)} is used twice (product and variant ids must be unique)`))
}

function checkProduct(entry: unknown, index: number, fail: (reason: string) => Error): Product {
  const checked = validateUcp(UcpProduct, entry)
  if (!checked.ok) throw fail(`product ${index} is not a UCP Product: ${describeUcpViolations(checked.violations)}`)
  const product = checked.value
  if (product.variants.length > VARIANTS_PER_PRODUCT_MAX) throw fail(`product ${product.id} has ${product.variants.length} variants, more than ${VARIANTS_PER_PRODUCT_MAX}`)
  for (const id of [product.id, ...product.variants.map((variant) => variant.id)]) {
    if (id.length === 0 || id.length > ID_CHARS_MAX) throw fail(`product ${index}: id ${JSON.stringify(id.slice(0, 40))} must have 1 to ${ID_CHARS_MAX} characters`)
  }
  return product
}
