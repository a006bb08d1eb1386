// Limits of the SDK's clients. Each can be overridden per client; these are the defaults.

/** Time-out of one HTTP request, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 30_000
/** Largest response body a client reads, in bytes (a proof with its template is ~30 KiB). */
export const RESPONSE_BYTES_MAX = 8 * 1_048_576
/** Delay before reconnecting to an event stream, in milliseconds (doubles up to the max). */
export const EVENTS_RECONNECT_DELAY_MS = 500
export const EVENTS_RECONNECT_DELAY_MS_MAX = 10_000
/** Largest SSE event a follower accepts, in bytes. */
export const EVENT_BYTES_MAX = 1_048_576
/** How long `verity propose --wait` waits for the outcome event by default, in seconds (--timeout). */
export const PROPOSE_WAIT_TIMEOUT_S_DEFAULT = 600
/** How long `verity sdl prove` and `sdl settle` wait for the SDL to move on, in milliseconds. */
export const SDL_WAIT_TIMEOUT_MS = 15 * 60_000
/** How often `sdl prove` and `sdl settle` ask for the SDL's state, in milliseconds. */
export const SDL_POLL_INTERVAL_MS = 500
/** How often a progress line is redrawn on a terminal, in milliseconds. */
export const PROGRESS_REDRAW_MS = 1_000
