// Every bound of the domain service, with its unit and the reason for its default.
// Configuration may lower or raise some of them; the defaults and their reasons live here.
import assert from 'node:assert'
import { limits as coreLimits } from '@verity/core'
import { limits as ledgerLimits } from '@verity/ledger'
import { POSTGRES_POOL_CONNECTIONS_MAX } from '@verity/postgres'

/** Largest request body accepted, in bytes (413 above it). A full batch of signed transfers fits. */
export const REQUEST_BODY_BYTES_MAX = 4 * 1_048_576

/** Most elements in one POST /intents/execute or /intents/submit batch (400 above it): the ledger's BATCH_LENGTH_MAX. */
export const BATCH_ELEMENTS_MAX = ledgerLimits.BATCH_LENGTH_MAX

/** Largest signed message we budget for when sizing the body limit, in bytes (a multisig of a few passkeys). */
export const SIGNED_MESSAGE_BYTES_BUDGET = 4_096

// The bounds of one signed message (auxiliary bytes, tokens per allowance, credits per mint,
// metadata) are the ledger's (@verity/ledger limits): the domain enforces them through its laws.

/** Most transactions bundled into one SDL by POST /sdls/submit (the ledger's SDL_TRANSACTIONS_MAX);
 *  fewer when their batch proofs would exceed the base layer's SDL_BATCH_PROOFS_MAX. The rest stay
 *  pending for the next SDL. */
export const SDL_TRANSACTIONS_MAX = ledgerLimits.SDL_TRANSACTIONS_MAX

/** Most SDLs listed by one GET /sdls page, and the default page size. */
export const SDL_PAGE_LIMIT_MAX = 1_000
export const SDL_PAGE_LIMIT_DEFAULT = 100

/** Largest guardrail input body of POST /sdls/{hash}/prove, in bytes. */
export const GUARDRAIL_INPUT_BYTES_MAX = 65_536

/** Most guardrails configured on one domain (each costs one policy proof per transaction). */
export const GUARDRAILS_MAX = 8

/** Most SDLs waiting in the proving queue at once (409 above it: try again once one finishes). */
export const PROVING_QUEUE_MAX = 16

/**
 * Most unsettled SDLs whose stored witness format is checked at start, oldest first (one summary
 * row each; the database reads the format, the witness is not handed out). SDLs are sealed in
 * order, so an earlier version's come first: checking the oldest is enough to find them.
 */
export const SDL_WITNESS_FORMAT_CHECK_SDLS_MAX = 1_000
/** Most SDL hashes a refusal to start (SDL_WITNESS_FORMAT) names. */
export const SDL_WITNESS_FORMAT_HASHES_SHOWN = 3
/**
 * SDL contents read per page when `verity upgrade` replays a shard's SDLs (PostgreSQL; SQLite steps
 * through its rows one at a time): the replay holds one page and the state tree, not the shard's
 * whole history (an SDL holds up to SDL_TRANSACTIONS_MAX transactions).
 */
export const UPGRADE_REPLAY_PAGE_SDLS = 8

/** Incoming credits fetched from the base layer per pull, and how often the puller runs. */
export const CREDITS_PULL_BATCH_MAX = 500
export const CREDITS_PULL_INTERVAL_MS = 1_000

/** Bounded exponential backoff while the base layer is unreachable at startup. */
export const BASE_LAYER_RETRY_DELAY_MS_MIN = 250
export const BASE_LAYER_RETRY_DELAY_MS_MAX = 30_000
/** How long startup waits for a submitted domain agreement to become active before giving up. */
export const AGREEMENT_ACTIVE_WAIT_MS_MAX = 120_000
export const AGREEMENT_POLL_INTERVAL_MS = 200

/** Default HTTP port (the spec's container publishes 3000). */
export const API_PORT_DEFAULT = 3_000

// A full batch of reasonably sized messages must fit in one body, or the batch limit is a lie.
assert(BATCH_ELEMENTS_MAX * SIGNED_MESSAGE_BYTES_BUDGET <= REQUEST_BODY_BYTES_MAX)
assert(SDL_PAGE_LIMIT_DEFAULT <= SDL_PAGE_LIMIT_MAX)
assert(BASE_LAYER_RETRY_DELAY_MS_MIN <= BASE_LAYER_RETRY_DELAY_MS_MAX)
assert(GUARDRAIL_INPUT_BYTES_MAX <= REQUEST_BODY_BYTES_MAX)

/**
 * Worker threads verifying the Ed25519 signatures of POST /intents/execute and /intents/submit
 * batches before they queue for their group commit (default; 0 verifies inline in the ledger's
 * laws). Measured on the 2-core machine in docs/performance.md.
 */
export const SIGNATURE_VERIFY_WORKERS_DEFAULT = coreLimits.SIGNATURE_VERIFY_WORKERS_DEFAULT
export const SIGNATURE_VERIFY_WORKERS_MAX = coreLimits.SIGNATURE_VERIFY_WORKERS_MAX

/** Most batches committed together in one durable transaction (group commit). */
export const GROUP_COMMIT_BATCHES_MAX = 64

/**
 * Most vaults, and most nonces, the embedded store keeps decoded in memory between batches
 * (CommittedStateCache), oldest written dropped first: the hot vaults of a busy shard. A vault
 * holding a few tokens takes a few hundred bytes, so the default bounds the cache to tens of MiB.
 */
export const STATE_CACHE_ENTRIES_MAX = 65_536

/**
 * Most PostgreSQL connections a domain keeps open for queries: fewer than a store's pool
 * (@verity/postgres POSTGRES_POOL_CONNECTIONS_MAX), since one more holds the shard lock.
 */
export const POSTGRES_QUERY_CONNECTIONS_MAX = 8
/** How long opening a PostgreSQL connection may take before the store is unavailable, in ms: @verity/postgres's. */
export { POSTGRES_CONNECT_TIMEOUT_MS } from '@verity/postgres'
assert(POSTGRES_QUERY_CONNECTIONS_MAX + 1 <= POSTGRES_POOL_CONNECTIONS_MAX)

/** A proving worker's lease on a claimed part of an SDL (a batch proof, or its finishing step), in ms (on the database's clock); renewed every third of it while proving. */
export const PROVING_LEASE_MS = 60_000
/**
 * Claims of one part of an SDL at most: a part claimed this often whose lease ran out each time
 * (the workers proving it crashed, were killed or lost the database) fails the SDL (ProvingFailed,
 * naming the part) instead of taking down every worker that claims it, forever.
 */
export const PROOF_JOB_CLAIMS_MAX = 5
/** How often an idle proving worker looks for SDLs to claim, in ms. */
export const PROVING_POLL_INTERVAL_MS = 1_000

/**
 * TCP keepalive of the session that holds a shard's lock, set on the server's side of it: when
 * the domain's machine vanishes without closing the connection, the server notices after about
 * idle + interval × count (25 s) and frees the shard for another process, instead of after the
 * operating system's default (2 hours and more). The client side keeps its socket alive too.
 */
export const SHARD_LOCK_KEEPALIVE_IDLE_S = 10
export const SHARD_LOCK_KEEPALIVE_INTERVAL_S = 5
export const SHARD_LOCK_KEEPALIVE_COUNT = 3

/**
 * How long a domain starting on PostgreSQL waits for its shard's lock before refusing to start
 * (SHARD_LOCKED), in ms, polling every SHARD_LOCK_POLL_MS: a process restarted right after its
 * predecessor was killed must not lose the race with the server ending the dead session.
 */
export const SHARD_LOCK_WAIT_MS = 3_000
export const SHARD_LOCK_POLL_MS = 100
assert(SHARD_LOCK_POLL_MS <= SHARD_LOCK_WAIT_MS)

/**
 * Mandate payments in one batch at most (400 above it): each costs one policy proof verification
 * (~10 ms in the native bb, ~1 s in bb.js's wasm) before the batch queues, and its bundle is up to MANDATE_BUNDLE_BYTES_MAX.
 */
export const MANDATE_PAYMENTS_PER_BATCH_MAX = 8
/** Default of `mandates.deadline_grace_ms`: how long after intent.payment_deadline_ms a payment is still applied (clock skew, a slow agent), in ms. */
export const MANDATE_DEADLINE_GRACE_MS_DEFAULT = 600_000
/** Largest `mandates.deadline_grace_ms` (a day): a longer grace would make the signed deadline meaningless. */
export const MANDATE_DEADLINE_GRACE_MS_MAX = 86_400_000
/** Most keys in `mandates.trusted_extractor_keys`. */
export const MANDATE_TRUSTED_KEYS_MAX = 32
/** Verified bundles remembered (by the hash of their canonical JSON), so resubmissions of one bundle cost one verification. */
export const MANDATE_VERIFICATIONS_CACHED_MAX = 1_024
/**
 * How long a domain that takes mandate payments waits at start for its policy verifier to load
 * (worker, bb, CRS, every tier's key: ~1 s on 2 busy cores) before it listens anyway, in ms; the
 * loading goes on, and a payment meanwhile waits for it. A stuck prover must not keep transfers out.
 */
export const MANDATE_VERIFIER_WARM_UP_WAIT_MS_MAX = 60_000
assert(MANDATE_PAYMENTS_PER_BATCH_MAX * ledgerLimits.MANDATE_BUNDLE_BYTES_MAX <= REQUEST_BODY_BYTES_MAX * 1)
/** Payments listed by one GET /payments (the wire schema's maximum), and the default. */
export const PAYMENTS_PAGE_LIMIT_MAX = 100
export const PAYMENTS_PAGE_LIMIT_DEFAULT = 20
