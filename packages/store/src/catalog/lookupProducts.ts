import type { Static, UcpInputCorrelation, UcpLookupRequest } from '@verity/wire'
import { LookupTooLargeError } from '../errors/storeErrors.ts'
import { LOOKUP_IDS_MAX } from '../limits.ts'
import type { Product, StoreCatalog, Variant } from './StoreCatalog.ts'
import { isAvailable, isVariantMatch, readVariantFilter } from './VariantFilter.ts'

export type LookupRequest = Static<typeof UcpLookupRequest>
type Correlated = Variant & { inputs: Static<typeof UcpInputCorrelation>[] }
export type LookupProductsReturnType = { products: (Product & { variants: Correlated[] })[]; notFound: string[] }

/**
 * lookup_catalog of `dev.ucp.shopping.catalog.lookup`: each id (deduplicated) resolves to a variant
 * (`match: "exact"`) or to a product's featured variant, its first available one passing the
 * filters (`match: "featured"`). A product is returned once, its variants carrying the ids that
 * resolved to them in `inputs`. Unknown ids, and ids whose variants the filters exclude, are listed
 * in `notFound`. Throws LookupTooLargeError beyond LOOKUP_IDS_MAX ids.
 */
export function lookupProducts(catalog: StoreCatalog, request: LookupRequest): LookupProductsReturnType {
  if (request.ids.length > LOOKUP_IDS_MAX) throw new LookupTooLargeError({ count: request.ids.length, max: LOOKUP_IDS_MAX })
  const filter = readVariantFilter(request.filters)
  const found = new Map<Product, Map<Variant, Correlated>>()
  const notFound: string[] = []
  for (const id of new Set(request.ids)) {
    const hit = resolve(catalog, id, (product, variant) => isVariantMatch(product, variant, filter))
    if (hit === undefined) {
      notFound.push(id)
      continue
    }
    const variants = found.get(hit.product) ?? new Map<Variant, Correlated>()
    found.set(hit.product, variants)
    const correlated = variants.get(hit.variant) ?? { ...hit.variant, inputs: [] }
    correlated.inputs.push({ id, match: hit.match })
    variants.set(hit.variant, correlated)
  }
  const products = [...found].map(([product, variants]) => ({ ...product, variants: [...variants.values()] }))
  return { products, notFound }
}

function resolve(catalog: StoreCatalog, id: string, passes: (product: Product, variant: Variant) => boolean) {
  const byVariant = catalog.variantById.get(id)
  if (byVariant !== undefined && !catalog.productById.has(id))
    return passes(byVariant.product, byVariant.variant) ? { ...byVariant, match: 'exact' } : undefined
  const product = catalog.productById.get(id)
  if (product === undefined) return undefined
  const passing = product.variants.filter((variant) => passes(product, variant))
  const variant = passing.find(isAvailable) ?? passing[0]
  return variant === undefined ? undefined : { product, variant, match: 'featured' }
}
