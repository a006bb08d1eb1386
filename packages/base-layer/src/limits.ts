// Every bound of the base-layer node, with its unit and the reason for its default.
// Options may change a value at start-up; the defaults and their reasons live here.
import assert from 'node:assert'

/** Port of the JSON-RPC endpoint when none is configured (DESIGN §1). */
export const BASE_LAYER_PORT_DEFAULT = 9000

/** Largest JSON-RPC request body accepted, in bytes. An SDL with its proofs is the largest
 *  request: up to SDL_BATCH_PROOFS_MAX batch proofs of ~19 KB each (an UltraHonk proof as an
 *  artifact) and the content of up to SDL_TRANSACTIONS_MAX transactions; an SDL of 10,000
 *  transfers is ~12 MiB. */
export const RPC_BODY_BYTES_MAX = 64 * 1_048_576

/** Most requests in one JSON-RPC batch. */
export const RPC_BATCH_REQUESTS_MAX = 32

/** Longest JSON-RPC method name we look up, in characters. */
export const RPC_METHOD_CHARS_MAX = 64

/** Delay between a new domain agreement and its activation, in milliseconds (short on a devnet). */
export const AGREEMENT_ACTIVATION_DELAY_MS_DEFAULT = 2_000

/** Most guardrail program ids one agreement may declare. */
export const AGREEMENT_GUARDRAILS_MAX = 16

/** Longest guardrail program id, in characters (a base58 hash is 44). */
export const PROGRAM_ID_CHARS_MAX = 128

/** Longest declared guardrail template, in base64url characters (the policy language's
 *  COMPILED_TEMPLATE_BYTES_MAX of 256 KiB, encoded: 4 characters per 3 bytes). */
export const GUARDRAIL_TEMPLATE_CHARS_MAX = Math.ceil((256 * 1024 * 4) / 3)

/** Most batch proofs of one SDL (each runs up to SDL_OPS_PER_PROOF = 72 slot operations on up to
 *  SDL_SLOTS_PER_PROOF = 20 slots, SDL_PATHS_PER_PROOF = 4 of them read from or written to the
 *  tree, what fits the Ignition prefix's 2^15 rows; the others stay in the batch cache): 1,024 hold
 *  ~18,000 transfers in a ring of 4 senders (~18 per proof), ~2,000 from one hot sender to distinct
 *  recipients, ~1,000 between distinct vaults. The domain cuts SDLs to fit. */
export const SDL_BATCH_PROOFS_MAX = 1_024

/**
 * Most mandate payments in one SDL: each carries a proof bundle (up to the ledger's
 * MANDATE_BUNDLE_BYTES_MAX, ~30 KB usually) that settlement verifies (~1 s each on bb.js wasm), so
 * an SDL's bundles stay within the request body and its verification within a client's time-out.
 * The domain cuts SDLs to fit.
 */
export const SDL_MANDATE_PAYMENTS_MAX = 32

/** Most guardrail (policy) proofs attached to one SDL: one per transaction per guardrail. */
export const SDL_GUARDRAIL_PROOFS_MAX = AGREEMENT_GUARDRAILS_MAX

/** Most proof artifacts attached to one SDL submission (its batch proofs, then guardrail proofs). */
export const SDL_PROOFS_MAX = SDL_BATCH_PROOFS_MAX + SDL_GUARDRAIL_PROOFS_MAX

/** Shape bounds of one proof artifact: public inputs, characters of a short field, of the proof. */
export const PROOF_PUBLIC_INPUTS_MAX = 4_096
export const PROOF_FIELD_CHARS_MAX = 256
export const PROOF_CHARS_MAX = 1_048_576

/** SDL submissions waiting or being verified at once; more are refused (SETTLEMENT_BUSY). */
export const SETTLEMENT_QUEUE_MAX = 16

/** Most credits returned by one `pullCredits` call, and its default page size. */
export const CREDITS_PULL_LIMIT_MAX = 1_000
export const CREDITS_PULL_LIMIT_DEFAULT = 100

/** Time a `HttpBaseLayerClient` waits for one reply, in milliseconds. Settlement verifies
 *  proofs (about a second each with bb.js wasm) so the default is generous. */
export const RPC_CLIENT_TIMEOUT_MS_DEFAULT = 60_000

/**
 * Largest JSON-RPC reply the HTTP client reads, in bytes; reading stops there (BaseLayerUnavailableError).
 * A reply carries at most what a request may (an SDL with its proofs), so the request bound serves.
 */
export const RPC_CLIENT_REPLY_BYTES_MAX = RPC_BODY_BYTES_MAX

/** Largest genesis file read at start-up, in bytes. */
export const GENESIS_FILE_BYTES_MAX = 16 * 1_048_576

/** Most accounts funded by one genesis file. */
export const GENESIS_ACCOUNTS_MAX = 100_000

/** Largest native balance of an account: a u64. */
export const BALANCE_MAX = 2n ** 64n - 1n

// A full page of credits must fit in a reply no larger than a request body may be.
assert(CREDITS_PULL_LIMIT_DEFAULT <= CREDITS_PULL_LIMIT_MAX)
assert(SDL_PROOFS_MAX > AGREEMENT_GUARDRAILS_MAX)
// Every batch proof of the largest SDL fits in one request body (an artifact is at most ~20 KB).
assert(SDL_BATCH_PROOFS_MAX * 20 * 1_024 < RPC_BODY_BYTES_MAX / 2)

/** Connections one PostgreSQL store keeps open at most, and the connect time-out: @verity/postgres's. */
export { POSTGRES_POOL_CONNECTIONS_MAX, POSTGRES_CONNECT_TIMEOUT_MS } from '@verity/postgres'

/** Times a PostgreSQL transaction is run when it keeps losing serialization conflicts (another
 *  node committed first); the retry re-reads, so a settlement that lost the race is refused. */
export const STORE_TRANSACTION_ATTEMPTS_MAX = 8

/** Passes over an SDL's transactions while fetching the vaults and nonces they read (the first
 *  pass fetches what the SDL names; a later one only what the ledger's laws read besides). */
export const SDL_STATE_FETCH_PASSES_MAX = 8
