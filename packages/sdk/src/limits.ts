// Limits of the SDK's clients. Each can be overridden per client; these are the defaults.

/** Time-out of one HTTP request, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 30_000
/** Largest response body a client reads from a Verity service, in bytes (a proof with its template is ~30 KiB); reading stops there. */
export const SERVICE_RESPONSE_BYTES_MAX = 8 * 1_048_576
/** Delay before reconnecting to an event stream, in milliseconds (doubles up to the max). */
export const EVENTS_RECONNECT_DELAY_MS = 500
export const EVENTS_RECONNECT_DELAY_MS_MAX = 10_000
/** Largest SSE event a follower accepts, in bytes. */
export const EVENT_BYTES_MAX = 1_048_576
