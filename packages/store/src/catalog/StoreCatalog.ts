import type { Static, UcpProduct, UcpVariant } from '@verity/wire'

export type Product = Static<typeof UcpProduct>
export type Variant = Static<typeof UcpVariant>

/** The store's catalog, loaded and checked: products in file order, and every product and variant id indexed. */
export type StoreCatalog = Readonly<{
  products: readonly Product[]
  productById: ReadonlyMap<string, Product>
  /** Each variant id with its product. */
  variantById: ReadonlyMap<string, Readonly<{ product: Product; variant: Variant }>>
}>

/** Indexes checked products; throws (with the duplicate id) when a product or variant id is used twice. */
export function indexCatalog(products: readonly Product[], onDuplicate: (id: string) => Error): StoreCatalog {
  const productById = new Map<string, Product>()
  const variantById = new Map<string, { product: Product; variant: Variant }>()
  for (const product of products) {
    if (productById.has(product.id) || variantById.has(product.id)) throw onDuplicate(product.id)
    productById.set(product.id, product)
  }
  for (const product of products) {
    for (const variant of product.variants) {
      // A variant may share its product's id (a product without options has one variant).
      if (variantById.has(variant.id) || (productById.has(variant.id) && variant.id !== product.id)) throw onDuplicate(variant.id)
      variantById.set(variant.id, { product, variant })
    }
  }
  return { products, productById, variantById }
}
