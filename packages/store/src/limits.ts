import assert from 'node:assert/strict'

/**
 * Every bound of @verity/store, the demo UCP business, with its unit and reason. Options may
 * change some (said where); these are the defaults.
 */

/** Default port of `verity store` (the devnet's demo store). */
export const STORE_PORT_DEFAULT = 8095

/** Largest request body of every UCP route, REST and MCP: a search, a lookup of LOOKUP_IDS_MAX ids or a get_product is a few KiB. */
export const STORE_REQUEST_BODY_BYTES_MAX = 64 * 1_024

/** Largest catalog file, in bytes (read once at start). */
export const CATALOG_BYTES_MAX = 32 * 1_048_576

/** Most products in the catalog file. */
export const CATALOG_PRODUCTS_MAX = 10_000

/** Most variants of one product (Shopify allows 2,048). */
export const VARIANTS_PER_PRODUCT_MAX = 2_048

/** Longest product or variant id, in characters (catalog entries and request ids). */
export const ID_CHARS_MAX = 256

/** Products per search page when the request names no `pagination.limit` (the spec's default). */
export const SEARCH_PAGE_SIZE_DEFAULT = 10

/** Most products per search page: a larger `limit` is clamped silently, as the spec allows. */
export const SEARCH_PAGE_SIZE_MAX = 50

/** Longest search `query`, in characters. */
export const SEARCH_QUERY_CHARS_MAX = 512

/** Most words of a search `query` (each must match). */
export const SEARCH_QUERY_WORDS_MAX = 32

/** Most entries of `filters.categories`, and most `options` / `attributes` filters of one request. */
export const FILTER_VALUES_MAX = 32

/** Most ids of one `lookup_catalog` request (the spec asks for at least 10); more → 400 `request_too_large`. */
export const LOOKUP_IDS_MAX = 50

/** Most `selected` options and `preferences` names of one get_product request. */
export const SELECTED_OPTIONS_MAX = 16

/** Longest `UCP-Agent` header, in characters (a profile URI of a few hundred characters at most). */
export const UCP_AGENT_HEADER_CHARS_MAX = 2_048

/** `Cache-Control: public, max-age=` of `/.well-known/ucp`, in seconds (the spec asks for at least 60). */
export const PROFILE_MAX_AGE_S = 300

/** Longest `pagination.cursor`, in characters (ours are short opaque offsets). */
export const CURSOR_CHARS_MAX = 64

assert(SEARCH_PAGE_SIZE_DEFAULT <= SEARCH_PAGE_SIZE_MAX)
assert(LOOKUP_IDS_MAX >= 10, 'the spec asks a business to accept at least 10 ids per lookup')
assert(PROFILE_MAX_AGE_S >= 60, 'the spec asks for max-age of at least 60 s')
assert(LOOKUP_IDS_MAX * ID_CHARS_MAX * 2 < STORE_REQUEST_BODY_BYTES_MAX)
