import assert from 'node:assert'

// Every bound shared by the HTTP services, with its unit and the reason for its default. Each
// service may change the ones marked "default" through its configuration.

/** Bytes of randomness in a generated token (256 bits: not guessable, whatever the rate limit). */
export const TOKEN_RANDOM_BYTES = 32
/** Shortest token a server accepts from configuration or VERITY_ADMIN_TOKEN (a short one is guessable). */
export const TOKEN_CHARS_MIN = 16
/** Longest token or Authorization header value we look at; longer ones are refused unread. */
export const TOKEN_CHARS_MAX = 512
/** Most tokens in one tokens file. */
export const TOKENS_PER_FILE_MAX = 256
/** Largest tokens file read at startup. */
export const TOKEN_FILE_BYTES_MAX = 65_536
/** Longest token name (names appear in logs and errors; secrets never do). */
export const TOKEN_NAME_CHARS_MAX = 64

/**
 * Default requests per client (IP address) per window on every mutating route (POST, PUT, PATCH,
 * DELETE), counted together. 20,000 per 10 s is 2,000 requests a second from one address: above
 * what one instance serves on a 2-core machine (the benchmarks run ~1,000/s from one address),
 * so a single client cannot take more than a fair share of a bigger machine either. Lower it for
 * a public deployment (docs/security.md).
 */
export const RATE_LIMIT_MAX_DEFAULT = 20_000
/** Default rate-limit window. */
export const RATE_LIMIT_WINDOW_MS_DEFAULT = 10_000
/** Clients whose counters are kept at once (an LRU): bounds the limiter's memory under a flood of addresses. */
export const RATE_LIMIT_CLIENTS_MAX = 10_000

/**
 * Default time to receive a request's headers. Slow-loris clients that dribble headers are cut
 * after it. Node checks it every CONNECTIONS_CHECK_INTERVAL (30 s by default in node).
 */
export const HEADERS_TIMEOUT_MS_DEFAULT = 20_000
/**
 * Default time to receive a whole request (headers and body). Only the request: a response that
 * streams for hours (the orchestrator's GET /events) is not cut by it.
 */
export const REQUEST_TIMEOUT_MS_DEFAULT = 60_000
/** Default time an idle keep-alive connection stays open between two requests. */
export const KEEP_ALIVE_TIMEOUT_MS_DEFAULT = 10_000
/**
 * Default time a socket may stay silent in both directions (fastify `connectionTimeout`). Longer
 * than the slowest answer we give (the base layer verifies an SDL's proofs within its clients'
 * 60 s wait) and than the SSE keep-alive interval (15 s), so neither is cut.
 */
export const CONNECTION_IDLE_TIMEOUT_MS_DEFAULT = 120_000

// Node refuses a keep-alive time-out at or above the headers time-out (a new request on a kept
// connection must still be timed), and a request time-out below the headers one makes no sense.
assert(KEEP_ALIVE_TIMEOUT_MS_DEFAULT < HEADERS_TIMEOUT_MS_DEFAULT)
assert(HEADERS_TIMEOUT_MS_DEFAULT <= REQUEST_TIMEOUT_MS_DEFAULT)
assert(REQUEST_TIMEOUT_MS_DEFAULT <= CONNECTION_IDLE_TIMEOUT_MS_DEFAULT)
assert(TOKEN_CHARS_MIN <= TOKEN_CHARS_MAX)
