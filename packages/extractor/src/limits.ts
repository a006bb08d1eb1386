import assert from 'node:assert/strict'
import { limits as coreLimits } from '@verity/core'

/**
 * Every bound of @verity/extractor, with its unit and reason. Options may lower (or, where said,
 * raise) a value; these are the defaults.
 */

/** Default port of `verity extractor` (DESIGN §1). */
export const EXTRACTOR_PORT_DEFAULT = 8090

/** Largest `POST /extract` (and catalog search) body: a solution, metadata and a schema are a few KiB at most. */
export const EXTRACT_REQUEST_BODY_BYTES_MAX = 64 * 1_024

/** Longest `solution` string (a product URL or a `catalog:` id). */
export const SOLUTION_CHARS_MAX = 2_048

/** Most evidence fields one request's `schema` may name: the template language's bound (core's). */
export const SCHEMA_FIELDS_MAX = coreLimits.SCHEMA_FIELDS_MAX

/** Longest evidence field name and longest type string in a request's `schema`. */
export const SCHEMA_NAME_CHARS_MAX = 128

/** Whole storefront fetch, redirects and body included, in milliseconds (option `fetchTimeoutMs`). */
export const FETCH_TIMEOUT_MS = 5_000

/** Largest storefront reply body, in bytes (option `responseBytesMax`); reading stops there and the reply is refused. */
export const STOREFRONT_RESPONSE_BYTES_MAX = 2 * 1_048_576

/** Most redirects one storefront fetch follows (option `redirectsMax`); only to http(s) URLs. */
export const REDIRECTS_MAX = 3

/**
 * Ports a storefront URL may name (option `storefrontPortsAllowed`): the web's. Anything else is
 * far more often an internal service (databases, admin consoles) than a shop.
 */
export const STOREFRONT_PORTS_ALLOWED_DEFAULT: readonly number[] = Object.freeze([80, 443])

/** Largest catalog file, in bytes; a larger file is refused (the last good catalog stays). */
export const CATALOG_BYTES_MAX = 32 * 1_048_576

/** Most products in one catalog file. */
export const CATALOG_PRODUCTS_MAX = 100_000

/** Most variants of one product (Shopify allows 2,048). */
export const VARIANTS_PER_PRODUCT_MAX = 2_048

/** Most options (Color, Size, ...) of one product or variant. */
export const OPTIONS_PER_PRODUCT_MAX = 16

/** Most tags of one product. */
export const TAGS_PER_PRODUCT_MAX = 500

/** Most attributes of one product or variant. */
export const ATTRIBUTES_PER_PRODUCT_MAX = 256

/** Most elements of one set-valued attribute. */
export const ATTRIBUTE_SET_ELEMENTS_MAX = 256

/** Longest string anywhere in product data (titles, tags, option values, attribute values). */
export const PRODUCT_STRING_CHARS_MAX = 4_096

/** How often the catalog file is checked for changes (mtime, size, inode), in milliseconds. */
export const CATALOG_POLL_INTERVAL_MS = 1_000

/** Largest mapping file, in bytes, and most fields and sources per field it may declare. */
export const MAPPING_BYTES_MAX = 256 * 1_024
export const MAPPING_FIELDS_MAX = 1_024
export const MAPPING_SOURCES_PER_FIELD_MAX = 16

/** Most JSON-LD `<script>` blocks read from one product page, and most offers read from one product. */
export const JSON_LD_BLOCKS_MAX = 32
export const JSON_LD_OFFERS_MAX = 2_048

/** Extremes of an evidence `int`: 64-bit signed, core's InputMap bounds (the policy language's). */
export const INT_MIN = coreLimits.INPUT_INT_MIN
export const INT_MAX = coreLimits.INPUT_INT_MAX

// A reply at the size limit must still be a plausible single page, and the catalog must be able to
// hold at least as much as one storefront reply.
assert(STOREFRONT_RESPONSE_BYTES_MAX <= CATALOG_BYTES_MAX)
assert(SOLUTION_CHARS_MAX < EXTRACT_REQUEST_BODY_BYTES_MAX)
assert(SCHEMA_FIELDS_MAX * SCHEMA_NAME_CHARS_MAX * 2 < EXTRACT_REQUEST_BODY_BYTES_MAX)
assert(REDIRECTS_MAX >= 0)

/** Hits `POST /catalog/search` returns when the query names no `limit`, and the most it ever returns. */
export const CATALOG_SEARCH_RESULTS_DEFAULT = 20
export const CATALOG_SEARCH_RESULTS_MAX = 100

/** Longest free-text query `q` of a catalog search, and most option or attribute filters in one. */
export const CATALOG_SEARCH_QUERY_CHARS_MAX = 256
export const CATALOG_SEARCH_FILTERS_MAX = 16

assert(CATALOG_SEARCH_RESULTS_DEFAULT <= CATALOG_SEARCH_RESULTS_MAX)

/** Most UCP business profiles cached at once (least recently used evicted first); each is at most STOREFRONT_RESPONSE_BYTES_MAX. */
export const UCP_PROFILE_CACHE_ENTRIES_MAX = 256

/**
 * Shortest and longest time a UCP business profile is reused, in ms. UCP 2026-04-08 (overview.md,
 * "Profile Requirements") asks clients to cache profiles for at least 60 s whatever their
 * Cache-Control says; within these bounds `max-age` (less `Age`) decides. The upper bound makes a
 * changed profile (a new payee, a new endpoint) reach the extractor within the hour.
 */
export const UCP_PROFILE_TTL_MS_MIN = 60_000
export const UCP_PROFILE_TTL_MS_MAX = 3_600_000

/**
 * Attempts of one UCP request: a second one only when the first could not connect or the business
 * answered 429, 502, 503 or 504 (never after a time-out: a slow business is not asked twice), after
 * UCP_RETRY_DELAY_MS.
 */
export const UCP_REQUEST_ATTEMPTS_MAX = 2
export const UCP_RETRY_DELAY_MS = 100

/** Most server-sent events read from one MCP reply sent as `text/event-stream`. */
export const UCP_MCP_EVENTS_MAX = 64

/** Most categories of one UCP product or variant. */
export const CATEGORIES_PER_PRODUCT_MAX = 64
/** Distinct items of a checkout the extractor proves (one get_product each). */
export const CHECKOUT_ITEMS_MAX = 16

assert(UCP_PROFILE_TTL_MS_MIN <= UCP_PROFILE_TTL_MS_MAX)
assert(UCP_REQUEST_ATTEMPTS_MAX >= 1)
