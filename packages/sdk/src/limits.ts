// Limits of the SDK's clients. Each can be overridden per client; these are the defaults.

/** Time-out of one HTTP request, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 30_000
/**
 * An idempotent request (GET, PUT, DELETE) whose connection was closed or reset under it (a pooled
 * keep-alive connection the server closed as the request went out: isTransientSocketFailure) is
 * sent again on a fresh connection, up to this many tries in all, waiting REQUEST_RETRY_DELAY_MS
 * (doubling, at most REQUEST_RETRY_DELAY_MS_MAX) between them. POSTs are never sent twice.
 */
export const REQUEST_RETRY_ATTEMPTS_MAX = 3
export const REQUEST_RETRY_DELAY_MS = 25
export const REQUEST_RETRY_DELAY_MS_MAX = 250
/** Largest response body a client reads from a Verity service, in bytes (a proof with its template is ~30 KiB); reading stops there. */
export const SERVICE_RESPONSE_BYTES_MAX = 8 * 1_048_576
/** Delay before reconnecting to an event stream, in milliseconds (doubles up to the max). */
export const EVENTS_RECONNECT_DELAY_MS = 500
export const EVENTS_RECONNECT_DELAY_MS_MAX = 10_000
/** Largest SSE event a follower accepts, in bytes. */
export const EVENT_BYTES_MAX = 1_048_576
/** Lifetime of an open Checkout Mandate the SDK issues, in seconds (AP2 recommends the shortest that lets the agent finish). */
export const MANDATE_LIFETIME_SECONDS_DEFAULT = 3_600
/** Longest lifetime of an open Checkout Mandate the SDK issues, in seconds (7 days). */
export const MANDATE_LIFETIME_SECONDS_MAX = 7 * 86_400
/** Largest `ap2.checkout_mandate` (the open and closed SD-JWTs with the checkout) an evaluation reads, in characters. */
export const CHECKOUT_MANDATE_CHARS_MAX = 262_144
/** Clock skew allowed when checking a mandate's `exp` and `iat`, in seconds. */
export const MANDATE_CLOCK_SKEW_SECONDS = 300
/** How long checkoutWithIntent waits for the proof of a proposed checkout, in milliseconds. */
export const CHECKOUT_PROOF_WAIT_MS_DEFAULT = 180_000
/** How often checkoutWithIntent asks for the intent's status while it is proven, in milliseconds. */
export const CHECKOUT_STATUS_POLL_MS = 200
/** Updates checkoutWithIntent sends to make a session ready (fulfillment choices) before it gives up. */
export const CHECKOUT_PREPARE_UPDATES_MAX = 3
/** Time-out of a checkout's complete request, in milliseconds: the business verifies the proof and its domain applies the payment before it answers. */
export const CHECKOUT_COMPLETE_TIMEOUT_MS = 120_000
/** How far ahead an intent's `*_deadline_ms` must be when it is signed, in milliseconds (checkIntentFields). */
export const DEADLINE_LEAD_MS_MIN = 60_000
/** Pages of a business's catalog readBusinessVocabulary reads for the spellings of evidence values (one search request each). */
export const VOCABULARY_PAGES_MAX = 10
/** Products asked for per catalog page when reading a business's spellings. */
export const VOCABULARY_PAGE_PRODUCTS = 50
/** Spellings a warning lists (the closest first) before it says how many more there are. */
export const SPELLINGS_SHOWN_MAX = 8
