import assert from 'node:assert'
import { limits as coreLimits } from '@verity/core'
import { limits as extractorLimits } from '@verity/extractor'
import { limits as policyLimits } from '@verity/policy'

// Every bound of the orchestrator, with its unit. Startup options may change the ones marked
// "default"; the reason for each default lives here.

/** Default HTTP port (DESIGN §1). */
export const PORT_DEFAULT = 8080

/** Default intent time-to-live: 24 h, as the public system documents. */
export const INTENT_TTL_MS_DEFAULT = 24 * 60 * 60 * 1000

/** How often the sweeper looks for expired intents (default). */
export const EXPIRY_SWEEP_INTERVAL_MS_DEFAULT = 1_000
/** Intents expired per sweeper transaction, so one sweep never holds the write lock for long. */
export const EXPIRY_BATCH_MAX = 500

/** Default time-out of one call to the evidence extractor (DESIGN §4). */
export const EXTRACTOR_TIMEOUT_MS_DEFAULT = 10_000
/** Largest extractor reply we read; a bigger one is a failure, not an out-of-memory. */
export const EXTRACTOR_REPLY_BYTES_MAX = 1_048_576

/**
 * Tries of one extraction (the first included) while the extractor fails transiently: unreachable,
 * time-out, HTTP 429/500/503/504 (default). Only then may the proposal fail: a failure event is
 * about the proposal, not about an extractor that was restarting.
 */
export const EXTRACTOR_ATTEMPTS_MAX_DEFAULT = 5
/** Wait before the second extraction try (default); it doubles per try, up to the maximum below. */
export const EXTRACTOR_RETRY_DELAY_MS_DEFAULT = 1_000
/** Longest wait between two extraction tries: 1 + 2 + 4 + 8 s = 15 s of waiting at most by default. */
export const EXTRACTOR_RETRY_DELAY_MS_MAX = 8_000
/** Tries of one proof: a crashed prover worker is replaced, and the proof tried once more. */
export const PROVE_ATTEMPTS_MAX = 2
/**
 * Runs of one claimed job when it throws (the store was unreachable for a moment, a bug): each run
 * redoes the job from the start, JOB_RUN_RETRY_DELAY_MS_MIN then twice as long each time; after the
 * last, the job fails with an internal-error reason (or, when even that cannot be stored, stays
 * claimed and is taken up again after its lease).
 */
export const JOB_RUN_ATTEMPTS_MAX = 4
export const JOB_RUN_RETRY_DELAY_MS_MIN = 1_000
export const JOB_RUN_RETRY_DELAY_MS_MAX = 8_000

/** Largest JSON request body (intents, proposals, config). */
export const JSON_BODY_BYTES_MAX_DEFAULT = 1_048_576
/** Largest template source: the template language's own bound. */
export const TEMPLATE_SOURCE_BYTES_MAX = policyLimits.TEMPLATE_SOURCE_BYTES_MAX
/**
 * Largest `solution` string of a proposal: the extractor's, so a proposal the orchestrator accepts
 * is never refused by the extractor for its length.
 */
export const SOLUTION_CHARS_MAX = extractorLimits.SOLUTION_CHARS_MAX
/** Longest evidence extractor URL. */
export const EXTRACTOR_URL_CHARS_MAX = 2_048

/** Proposal jobs run at the same time (each waits on the extractor, then on the prover). */
export const JOB_CONCURRENCY_DEFAULT = 2
/** Intents allowed in `proving` at once; a proposal beyond this is refused with 503. */
export const JOB_BACKLOG_MAX = 1_000
/**
 * A job interrupted by this many crashes or lost instances fails instead of being tried again: a
 * proposal that kills the process each time (a poison job) cannot crash-loop the service forever.
 */
export const JOB_ATTEMPTS_MAX = 5
/**
 * Longest a clean stop (SIGTERM, SIGINT, close()) waits for running proposal jobs to finish and
 * store their outcome; a job still running then is left in `proving` and resumes at the next start.
 */
export const SHUTDOWN_DRAIN_MS_MAX = 120_000
/** How often the job runner looks at the store for work it was not told about. */
export const JOB_POLL_INTERVAL_MS = 1_000
/**
 * How long a job claim holds without renewal (default). The runner renews every third of it, so
 * a live instance keeps its jobs; a dead one's jobs are claimed by another instance this long
 * after its last renewal. Longer than the stalls we expect (GC, a loaded machine), short enough
 * that a lost instance delays its jobs by seconds, not minutes.
 */
export const JOB_LEASE_MS_DEFAULT = 30_000

/** Connections in one instance's PostgreSQL pool (requests, jobs, sweeps; LISTEN has its own), and the connect time-out: @verity/postgres's. */
export { POSTGRES_POOL_CONNECTIONS_MAX, POSTGRES_CONNECT_TIMEOUT_MS } from '@verity/postgres'
/** Intents inserted per group-commit statement on PostgreSQL (one round trip, one commit). */
export const POSTGRES_INTENT_BATCH_MAX = 256
/**
 * How often an instance on PostgreSQL reads the event log even without a notification: a safety
 * net for a notification lost while the LISTEN connection was being re-opened.
 */
export const POSTGRES_EVENT_POLL_INTERVAL_MS = 1_000
/** Wait before re-opening a lost LISTEN connection. */
export const POSTGRES_LISTEN_RETRY_MS = 1_000

/** Keep-alive comment interval on the event stream (default). */
export const SSE_KEEP_ALIVE_MS_DEFAULT = 15_000
/**
 * Slices the keep-alive comments are spread over within one interval: each slice writes to
 * 1/16 of the subscribers (625 of 10,000), so no single turn of the event loop writes to all.
 */
export const SSE_KEEP_ALIVE_SLICES = 16
/** Events queued for one subscriber before it is disconnected (it reconnects with Last-Event-ID). */
export const SSE_SUBSCRIBER_QUEUE_MAX = 1_024
/**
 * Event stream subscribers at once (default). Each holds a socket (a file descriptor: the
 * process's `ulimit -n` must exceed this plus the other connections) and ~6–10 KiB of memory
 * (measured by the bench, docs/performance.md); events are routed to filtered subscribers by
 * intent id, so an event costs its followers' writes, not a scan of every subscriber.
 */
export const SSE_SUBSCRIBERS_MAX_DEFAULT = 10_000
/**
 * Intent ids one GET /events?intent_id=… may name: an agent follows its own intents; more is a
 * different use (follow everything, unfiltered). Bounds the index entries and the replay read.
 */
export const SSE_FILTER_INTENT_IDS_MAX = 100
/**
 * Event streams one client address may hold at once (default): a browser tab or two, an agent,
 * a CLI `events` — a single client cannot take the SSE_SUBSCRIBERS_MAX_DEFAULT slots of everyone.
 */
export const SSE_CONNECTIONS_PER_CLIENT_MAX_DEFAULT = 32
/** Events read from the log per replay page. */
export const SSE_REPLAY_PAGE_MAX = 256
/** The client's reconnection delay we advertise with `retry:`. */
export const SSE_RETRY_MS = 1_000

assert(SSE_REPLAY_PAGE_MAX <= SSE_SUBSCRIBER_QUEUE_MAX)
assert(SSE_FILTER_INTENT_IDS_MAX <= SSE_SUBSCRIBER_QUEUE_MAX)
assert(JOB_CONCURRENCY_DEFAULT <= JOB_BACKLOG_MAX)
assert(JOB_POLL_INTERVAL_MS < JOB_LEASE_MS_DEFAULT)
assert(EXTRACTOR_TIMEOUT_MS_DEFAULT < JOB_LEASE_MS_DEFAULT)
assert(EXTRACTOR_RETRY_DELAY_MS_DEFAULT <= EXTRACTOR_RETRY_DELAY_MS_MAX)
assert(EXTRACTOR_RETRY_DELAY_MS_MAX < JOB_LEASE_MS_DEFAULT)
assert(JOB_RUN_RETRY_DELAY_MS_MIN <= JOB_RUN_RETRY_DELAY_MS_MAX)
assert(TEMPLATE_SOURCE_BYTES_MAX <= JSON_BODY_BYTES_MAX_DEFAULT)
assert(EXPIRY_SWEEP_INTERVAL_MS_DEFAULT < INTENT_TTL_MS_DEFAULT)

/**
 * Worker threads verifying the Ed25519 signatures of POST /intents (default): measured on the
 * 2-core machine in docs/performance.md; 0 verifies inline on the event loop.
 */
export const SIGNATURE_VERIFY_WORKERS_DEFAULT = coreLimits.SIGNATURE_VERIFY_WORKERS_DEFAULT
export const SIGNATURE_VERIFY_WORKERS_MAX = coreLimits.SIGNATURE_VERIFY_WORKERS_MAX

/** Decoded templates kept in memory (each is small; the store stays the source of truth). */
export const TEMPLATE_CACHE_MAX = 256
