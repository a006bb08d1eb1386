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

/** Most line items of one checkout. */
export const CHECKOUT_LINE_ITEMS_MAX = 50

/** Largest quantity of one line item (a larger one is clamped with a `quantity_adjusted` warning, as is one beyond the stock). */
export const LINE_QUANTITY_MAX = 1_000

/** Most discount codes of one checkout (more are ignored with a warning). */
export const DISCOUNT_CODES_MAX = 8

/** Most destinations of one fulfillment method (the buyer's stored addresses included). */
export const DESTINATIONS_MAX = 16

/** Longest string the checkout keeps from a request (a name, an address line, a code), in characters. */
export const CHECKOUT_TEXT_CHARS_MAX = 512

/** How long a checkout session can be completed after its creation (the spec's default TTL: 6 hours), in ms. */
export const CHECKOUT_TTL_MS = 6 * 60 * 60 * 1_000

/** How long an idempotency key's reply is kept (the spec asks for at least 24 hours), in ms. */
export const IDEMPOTENCY_TTL_MS = 48 * 60 * 60 * 1_000

/** How long a session nobody completed is kept after it expired (then it is deleted), in ms. */
export const EXPIRED_SESSION_KEPT_MS = 7 * 24 * 60 * 60 * 1_000

/** How often stale idempotency replies and sessions are deleted, in ms. */
export const STATE_CLEANUP_INTERVAL_MS = 60 * 60 * 1_000

/** Longest `Idempotency-Key` header, in characters. */
export const IDEMPOTENCY_KEY_CHARS_MAX = 255

/** Time-out of one fetch of a platform profile (the `UCP-Agent` URL), in ms. */
export const PLATFORM_PROFILE_FETCH_TIMEOUT_MS = 5_000

/** Largest platform profile read, in bytes. */
export const PLATFORM_PROFILE_BYTES_MAX = 256 * 1_024

/** How long a fetched platform profile is reused, in ms (our own profile says max-age 300 s). */
export const PLATFORM_PROFILE_CACHE_MS = 300_000

/** Most platform profiles kept in the cache (the oldest goes first). */
export const PLATFORM_PROFILES_CACHED_MAX = 256

/** Most order webhooks waiting to be sent; past it the oldest is dropped (and logged). */
export const WEBHOOK_QUEUE_MAX = 1_000

/** Attempts to deliver one webhook, and the time-out of each, in ms. */
export const WEBHOOK_ATTEMPTS_MAX = 4
export const WEBHOOK_TIMEOUT_MS = 5_000

/** Wait before the n-th retry of a webhook, in ms (the last one repeats). */
export const WEBHOOK_RETRY_DELAYS_MS = Object.freeze([250, 1_000, 4_000])

/** Most fulfillment events and adjustments an order keeps (each). */
export const ORDER_EVENTS_MAX = 100

assert(SEARCH_PAGE_SIZE_DEFAULT <= SEARCH_PAGE_SIZE_MAX)
assert(LOOKUP_IDS_MAX >= 10, 'the spec asks a business to accept at least 10 ids per lookup')
assert(PROFILE_MAX_AGE_S >= 60, 'the spec asks for max-age of at least 60 s')
assert(LOOKUP_IDS_MAX * ID_CHARS_MAX * 2 < STORE_REQUEST_BODY_BYTES_MAX)
