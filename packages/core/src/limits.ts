import assert from 'node:assert/strict'

/**
 * Every bound of @verity/core, with its unit and reason. Callers may pass smaller limits where a
 * function takes them; these are the defaults and the hard ceilings.
 */

/**
 * Largest byte string `encodeBase58` takes. Base58 costs time quadratic in the length, and
 * @scure/base refuses more than this, so base58 is for keys, signatures and digests only.
 */
export const BASE58_BYTES_MAX = 2_048

/** Longest base58 text `decodeBase58` reads (the matching bound of @scure/base). */
export const BASE58_TEXT_LENGTH_MAX = 4_096

/** Most signers a multisig `pub_key.signers` map may list (and most inner signatures it may carry). */
export const MULTISIG_SIGNERS_MAX = 32

/** Largest weight of one multisig signer; keeps every weight sum an exact JS number. */
export const MULTISIG_WEIGHT_MAX = 1_000_000

/** Most nested arrays/objects `parseJsonBigint` accepts; deeper bodies are refused before they reach recursive code. */
export const JSON_NESTING_DEPTH_MAX = 64

/** Most bytes of a WebAuthn clientDataJSON we parse (real authenticators send a few hundred). */
export const CLIENT_DATA_BYTES_MAX = 4_096

/** Most bytes of WebAuthn authenticator data (37 fixed bytes plus extensions). */
export const AUTHENTICATOR_DATA_BYTES_MAX = 2_048

/** Fewest bytes of WebAuthn authenticator data: rpIdHash(32) ‖ flags(1) ‖ signCount(4). */
export const AUTHENTICATOR_DATA_BYTES_MIN = 37

/**
 * Parsed public keys (node KeyObjects) kept for reuse by signature verification. Rebuilding a
 * KeyObject per verify roughly halved Ed25519 throughput when measured, so keys are cached in a
 * bounded LRU; this is its size in entries (one per distinct public key).
 */
export const PUBLIC_KEY_CACHE_ENTRIES_MAX = 4_096

/**
 * Most Ed25519 signatures in one message to a verifier worker (Ed25519VerifierPool). A burst is
 * split evenly over the workers, in parts of at most this many: large enough that the message
 * costs little beside the verifications (~100 µs each), small enough that one part does not hold
 * a worker for long (64 × ~100 µs ≈ 6 ms).
 */
export const SIGNATURE_VERIFY_BATCH_MAX = 64

/**
 * Worker threads verifying the Ed25519 signatures of a service's batches (the orchestrator's
 * POST /intents, the domain's transfers), by default: measured on the 2-core machine in
 * docs/performance.md; 0 verifies inline on the event loop.
 */
export const SIGNATURE_VERIFY_WORKERS_DEFAULT = 1
/** At most this many signature verifier threads per service (each a worker thread with its own key cache). */
export const SIGNATURE_VERIFY_WORKERS_MAX = 16

/** Most elements of one InputMap `Set` value. */
export const INPUT_SET_ELEMENTS_MAX = 1_024

/** Most fields of one InputMap. */
export const INPUT_MAP_FIELDS_MAX = 256

/** Longest InputMap string value and field name, in UTF-16 code units. */
export const INPUT_STRING_LENGTH_MAX = 65_536

/** Int values are 64-bit signed, as the template language's `int`. */
export const INPUT_INT_MIN = -(2n ** 63n)
export const INPUT_INT_MAX = 2n ** 63n - 1n

/**
 * Largest shard id an address can carry. Shards are u64 on the wire but we keep them as JS
 * numbers, so the bound is the largest exact integer, 2^53 - 1. This is the address format's
 * bound; the ledger accepts fewer shards (`SHARD_MAX` of @verity/ledger, 2^32 - 1).
 */
export const ADDRESS_SHARD_MAX = Number.MAX_SAFE_INTEGER

/**
 * Fields declared in one template schema block (`intent` or `evidence`), and evidence fields one
 * extraction request may name: the policy circuit has 64 slots. The template language
 * (@verity/policy) and the extractor both use this one value.
 */
export const SCHEMA_FIELDS_MAX = 64

// Every weight sum stays an exact double, so comparing with the threshold never rounds.
assert(MULTISIG_SIGNERS_MAX * MULTISIG_WEIGHT_MAX <= Number.MAX_SAFE_INTEGER)
assert(AUTHENTICATOR_DATA_BYTES_MIN <= AUTHENTICATOR_DATA_BYTES_MAX)
// The largest authenticator data must still be encodable as base58.
assert(AUTHENTICATOR_DATA_BYTES_MAX <= BASE58_BYTES_MAX)
assert(PUBLIC_KEY_CACHE_ENTRIES_MAX >= MULTISIG_SIGNERS_MAX)
// A schema can never declare more fields than an InputMap may carry.
assert(SCHEMA_FIELDS_MAX <= INPUT_MAP_FIELDS_MAX)

/** Agents one intent may name (`agents`, docs/protocol.md "Agent-bound intents"). */
export const INTENT_AGENTS_MAX = 8
/** Longest `agent_authorization.orchestrator` (an origin) read. */
export const ORCHESTRATOR_ORIGIN_CHARS_MAX = 512

/** Longest `Signature-Input` or `Signature` header of a UCP request read (a P-256 signature needs ~100 characters). */
export const UCP_SIGNATURE_HEADER_CHARS_MAX = 2_048
/** A UCP request signature whose `created` is further from now than this is refused (UCP leaves `created` optional; when sent, it is held to this). */
export const UCP_SIGNATURE_AGE_S_MAX = 300
