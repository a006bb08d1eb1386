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
 * (`catalog:<id>`, an http(s) URL, or a UCP product or variant id) and the proposal's `metadata`
 * (a UCP business is named there), and returns undefined when no such product exists; it throws
 * a typed error when the source itself fails (StorefrontUnavailableError, UcpBadReplyError, ...).
 */
export interface ProductSource {
  findProduct(solution: string, metadata?: unknown): Promise<ProductMatch | undefined>
}
