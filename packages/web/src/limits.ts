import assert from 'node:assert/strict'

// Every bound of the web server and of the pages, with its unit. Configuration may change the
// ports and URLs; these are the defaults and the fixed limits.

/** Port of `verity web` and `verity up --web-port` (the issue's `http://localhost:8000`). */
export const WEB_PORT_DEFAULT = 8000

/** Request body the proxy forwards to a service, in bytes (an intent with a multisig is a few KiB). */
export const PROXY_BODY_BYTES_MAX = 256 * 1024

/** Reply of a service the proxy relays, in bytes (a proof bundle is ~40 KiB). The event stream is not bounded: it is piped. */
export const PROXY_REPLY_BYTES_MAX = 4 * 1024 * 1024

/** Time-out of one proxied request (not the event stream), in milliseconds. */
export const PROXY_TIMEOUT_MS = 15_000

/** Template sources the catalog reads from its folder (files beyond are ignored, by name order). */
export const CATALOG_TEMPLATES_MAX = 64

/** Size of one catalog template file, in bytes (the template language's own source limit). */
export const CATALOG_TEMPLATE_BYTES_MAX = 64 * 1024

/**
 * Tokens whose symbol the explorer's vault lookup asks the domain for (one request each, for the
 * mint vault's metadata); tokens beyond are shown by id only.
 */
export const EXPLORER_TOKEN_SYMBOLS_MAX = 32

/** JSON-RPC methods of the base layer the explorer may call (read-only). */
export const BASE_LAYER_READ_METHODS = Object.freeze(['getShard', 'getVault', 'getAccount', 'getSdlStatus', 'getAgreement'])

/**
 * EVM JSON-RPC methods the pages may call through the web server (POST /api/evm), to read the
 * VeritySettlement root a finalized vault is checked against: reads only, nothing that sends.
 */
export const EVM_READ_METHODS = Object.freeze(['eth_chainId', 'eth_blockNumber', 'eth_call'])

/**
 * Bundle size budget of the page's initial JavaScript (wallet, explorer, intent page without the
 * verifier), in gzip bytes. Measured by the build (`npm run build -w packages/web`): it fails
 * above it. The verifier (bb.js, ~4 MB of wasm) is a separate chunk loaded only when a proof is
 * verified; it has its own budget below.
 */
export const INITIAL_JS_GZIP_BYTES_MAX = 100 * 1024

/** Budget of the lazily loaded verifier chunks (bb.js and its wasm), in gzip bytes. */
export const VERIFIER_JS_GZIP_BYTES_MAX = 4 * 1024 * 1024

/** Events the explorer's live feed keeps on screen (older ones drop off). */
export const FEED_EVENTS_SHOWN_MAX = 50

/** How often the explorer polls the domain's SDLs and the base layer, in milliseconds. */
export const EXPLORER_POLL_INTERVAL_MS = 1_000

/** SDLs the explorer lists (the newest). */
export const EXPLORER_SDLS_SHOWN_MAX = 20

/** Mandate payments the explorer lists (the newest; the domain's GET /payments allows 100). */
export const EXPLORER_PAYMENTS_SHOWN_MAX = 20

/** Keys a multisig in the wallet may collect (the protocol's own bound is MULTISIG_SIGNERS_MAX). */
export const WALLET_MULTISIG_KEYS_MAX = 8

/** Reconnect delay of the intent page's event stream after a drop, in milliseconds (the server's `retry:` wins). */
export const SSE_RECONNECT_DELAY_MS = 1_000

assert(PROXY_BODY_BYTES_MAX < PROXY_REPLY_BYTES_MAX)
assert(INITIAL_JS_GZIP_BYTES_MAX < VERIFIER_JS_GZIP_BYTES_MAX)

/** Openings of sealed intents the wallet keeps in this browser's localStorage (the oldest go first). */
export const SEALED_OPENINGS_KEPT_MAX = 200

/** Evidence fields one `GET /api/spellings` asks the business's spellings of. */
export const SPELLINGS_FIELDS_MAX = 16

/** How long the web server keeps a business's spellings before it reads its catalog again, in milliseconds. */
export const SPELLINGS_CACHE_MS = 60_000

/** How long the web server waits for the business's catalog when it reads its spellings, in milliseconds (then: not checked). */
export const SPELLINGS_TIMEOUT_MS = 3_000
