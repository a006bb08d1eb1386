import type { EvidenceSource } from '@verity/core'
import type { Product } from './Product.ts'
import type { VariantSelection } from './selectVariants.ts'

/**
 * A product found for a solution, with the variant selection the solution itself carries (if any)
 * and the documents fetched to find it (URL, HTTP status, SHA-256 of the body; none for a catalog).
 */
export type ProductMatch = Readonly<{ product: Product; selection: VariantSelection; sources?: readonly EvidenceSource[] }>

/**
 * Where products come from. `findProduct` gets the whole `solution` string of its scheme
 * (`catalog:<id>` or an http(s) URL) and returns undefined when no such product exists; it throws
 * a typed error when the source itself fails (StorefrontUnavailableError, StorefrontReplyError).
 */
export interface ProductSource {
  findProduct(solution: string): Promise<ProductMatch | undefined>
}
