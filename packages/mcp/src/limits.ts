import assert from 'node:assert/strict'

/**
 * Every bound of @verity/mcp, with its unit and reason. Options of `createVerityMcpServer` (and
 * flags of `verity mcp`) may change a value; these are the defaults.
 */

/**
 * Largest result one tool call returns, in bytes of its JSON. A model's context is the scarce
 * resource: a proof bundle is ~30 KiB, a full search page ~40 KiB. A larger result is refused
 * with TOOL_OUTPUT_TOO_LARGE and a hint (narrow the search, lower `limit`).
 */
export const TOOL_OUTPUT_BYTES_MAX = 256 * 1_024

/** The UCP business `search_catalog` searches when the call names none: the devnet's demo store (`verity up`, `verity store`). */
export const BUSINESS_URL_DEFAULT = 'http://127.0.0.1:8095'

/** UCP business clients kept (each remembers its business's discovered binding), most recently used first. */
export const BUSINESS_CLIENTS_MAX = 16

/**
 * Where get_vault's finalized view reads when `verity mcp` names nothing else: the base layer of
 * `verity up` (its JSON-RPC port) and the local EVM node of `verity up --settlement evm`.
 */
export const BASE_LAYER_URL_DEFAULT = 'http://127.0.0.1:9000'
export const EVM_RPC_URL_DEFAULT = 'http://127.0.0.1:8545'

/** Products `search_catalog` returns when the call names no `limit`, and the most it may ask for (a business may return fewer). */
export const SEARCH_RESULTS_DEFAULT = 10
export const SEARCH_RESULTS_MAX = 50

/**
 * How long `wait_for_outcome` (and `propose_solution` with `wait: true`) waits for the intent's
 * outcome when the call names no `timeout_s`, and the longest it may ask for, in seconds. The
 * default stays under the 60 s request time-out most MCP clients use; a longer wait sends
 * progress notifications every WAIT_PROGRESS_INTERVAL_MS when the client asked for them.
 */
export const WAIT_TIMEOUT_S_DEFAULT = 45
export const WAIT_TIMEOUT_S_MAX = 600
export const WAIT_PROGRESS_INTERVAL_MS = 5_000

/** Default port of `verity mcp --http`, and the path it serves MCP on. */
export const HTTP_PORT_DEFAULT = 8070
export const HTTP_MCP_PATH = '/mcp'

/** Largest HTTP request body `verity mcp --http` reads, in bytes (a tool call's arguments). */
export const HTTP_BODY_BYTES_MAX = 1_048_576

/**
 * Most origins `--allowed-origins` may list (besides the server's own): each is one web app the
 * operator trusts to call the tools; a longer list is refused at start-up (ALLOWED_ORIGIN_INVALID).
 */
export const HTTP_ALLOWED_ORIGINS_MAX = 64

/** Most MCP sessions one `verity mcp --http` serves at once; the oldest idle one is closed past this. */
export const HTTP_SESSIONS_MAX = 64

/** An HTTP session with no request for this long is closed, in milliseconds. */
export const HTTP_SESSION_IDLE_MS = 30 * 60_000

/** Most intents one server watches for resource-updated notifications (resources/subscribe). */
export const WATCHED_INTENTS_MAX = 1_000

/** Most JSON elements (array items and object members) one tool call's arguments may hold. */
export const TOOL_INPUT_ELEMENTS_MAX = 10_000

assert(SEARCH_RESULTS_DEFAULT <= SEARCH_RESULTS_MAX)
assert(WAIT_TIMEOUT_S_DEFAULT <= WAIT_TIMEOUT_S_MAX)
assert(WAIT_PROGRESS_INTERVAL_MS < WAIT_TIMEOUT_S_DEFAULT * 1_000)
