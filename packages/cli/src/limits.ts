// Limits of the `verity` command line (the SDK's client limits are in @verity/sdk's limits).

/** How long `verity propose --wait` waits for the outcome event by default, in seconds (--timeout). */
export const PROPOSE_WAIT_TIMEOUT_S_DEFAULT = 600
/** How long `verity sdl prove` and `sdl settle` wait for the SDL to move on, in milliseconds. */
export const SDL_WAIT_TIMEOUT_MS = 15 * 60_000
/** How often `sdl prove` and `sdl settle` ask for the SDL's state, in milliseconds. */
export const SDL_POLL_INTERVAL_MS = 500
/** How often a progress line is redrawn on a terminal, in milliseconds. */
export const PROGRESS_REDRAW_MS = 1_000
/**
 * Longest a service command waits, after Ctrl-C or SIGTERM arrived during its start, for the start
 * to unwind and close what it opened (runService), in milliseconds. Past it the command returns and
 * the process exits anyway (CLI_EXIT_AFTER_RUN_MS_MAX): a stop request always ends the process.
 */
export const START_UNWIND_MS_MAX = 5_000
/**
 * Longest the process lives once a command has returned its exit code, in milliseconds: a handle a
 * failed start left open (a worker, a socket, a timer) cannot keep a refused service alive.
 */
export const CLI_EXIT_AFTER_RUN_MS_MAX = 2_000
/** Most key files `--agent` reads to recognise an owner id given as a key (ownerIdAsAgentKey). */
export const KEY_FILES_SCANNED_MAX = 64

/** How long `verity intent create` waits for the business's catalog when it checks how values are spelled, in milliseconds (then it signs without the check). */
export const SPELLING_CHECK_TIMEOUT_MS = 3_000
