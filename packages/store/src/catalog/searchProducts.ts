import type { Static, UcpPaginationResponse, UcpSearchRequest } from '@verity/wire'
import { CursorInvalidError, StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { CURSOR_CHARS_MAX, SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX, SEARCH_QUERY_CHARS_MAX } from '../limits.ts'
import { matchesQuery, productWords, readQueryWords } from './queryWords.ts'
import type { Product, StoreCatalog } from './StoreCatalog.ts'
import { isAvailable, isInCategories, isVariantMatch, readVariantFilter } from './VariantFilter.ts'

export type SearchRequest = Static<typeof UcpSearchRequest>
export type SearchProductsReturnType = { products: Product[]; pagination: Static<typeof UcpPaginationResponse> }

/**
 * The catalog search of `dev.ucp.shopping.catalog.search`: the products with at least one variant
 * matching the query words and every filter, in catalog order, each listing only its matching
 * variants (available ones first: the first is the featured one). Pages of `pagination.limit`
 * products (default 10, clamped to SEARCH_PAGE_SIZE_MAX) with an opaque cursor and `total_count`.
 * A request needs a query or a filter. Throws StoreRequestInvalidError, CursorInvalidError.
 * @example searchProducts(catalog, { query: 'tee', filters: { price: { max: 2500 } } })
 */
export function searchProducts(catalog: StoreCatalog, request: SearchRequest): SearchProductsReturnType {
  const query = request.query?.trim() ?? ''
  if (query.length > SEARCH_QUERY_CHARS_MAX) throw new StoreRequestInvalidError({ reason: `query has ${query.length} characters, at most ${SEARCH_QUERY_CHARS_MAX}` })
  const filter = readVariantFilter(request.filters)
  if (query === '' && Object.keys(request.filters ?? {}).length === 0) throw new StoreRequestInvalidError({ reason: 'a search needs a `query` or at least one filter' })
  const words = readQueryWords(query)
  const offset = readCursor(request.pagination?.cursor)
  const limit = Math.min(request.pagination?.limit ?? SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX)
  const matched: Product[] = []
  for (const product of catalog.products) {
    if (!isInCategories(product, filter)) continue
    const ofProduct = productWords(product)
    const variants = product.variants.filter((variant) => isVariantMatch(product, variant, filter) && matchesQuery(words, ofProduct, variant))
    if (variants.length === 0) continue
    matched.push({ ...product, variants: [...variants.filter(isAvailable), ...variants.filter((variant) => !isAvailable(variant))] })
  }
  const page = matched.slice(offset, offset + limit)
  const next = offset + page.length
  const hasNextPage = next < matched.length
  return { products: page, pagination: { has_next_page: hasNextPage, ...(hasNextPage ? { cursor: cursorOf(next) } : {}), total_count: matched.length } }
}

// Cursors are opaque to clients (the spec): base64url of "o<offset>".
function cursorOf(offset: number): string {
  return Buffer.from(`o${offset}`).toString('base64url')
}

function readCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0
  const text = cursor.length <= CURSOR_CHARS_MAX ? Buffer.from(cursor, 'base64url').toString() : ''
  const match = /^o(0|[1-9][0-9]{0,8})$/.exec(text)
  if (match === null || cursorOf(Number(match[1])) !== cursor) throw new CursorInvalidError({ cursor })
  return Number(match[1])
}
