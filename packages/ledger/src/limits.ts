/**
 * Every bound of the ledger, with its unit and reason. The circuit constants (SDL_OPS_PER_PROOF,
 * SDL_SLOTS_PER_PROOF, SDL_PATHS_PER_PROOF, STATE_TREE_DEPTH) must match packages/prover/circuits/sdl/src/main.nr.
 */
import assert from 'node:assert'
import { limits as coreLimits } from '@verity/core'

/** Elements in one `/intents/execute` or `/intents/submit` batch. */
export const BATCH_LENGTH_MAX = 256

/** Tokens named in one debit allowance. */
export const ALLOWANCE_TOKENS_MAX = 16

/** NFT ids listed in one NonFungible allowance (and NFTs in one state diff). */
export const ALLOWANCE_NFTS_MAX = 64

/** Credited entries of one mint operation. */
export const MINT_CREDITS_MAX = 64

/** NFTs minted by one NFT mint operation, over all its credits. */
export const MINT_NFTS_MAX = 256

/** State diffs attached to one verifiable (caller-computed diffs). */
export const STATE_DIFFS_MAX = 2 * MINT_CREDITS_MAX + 2

/** Bytes of `auxiliary`. */
export const AUXILIARY_BYTES_MAX = 4_096

/**
 * Bytes of a mandate payment's proof bundle as canonical JSON: a policy proof (~15 KB base64), its
 * template (source and compiled bytes), the signed intent, evidence and attestation, with room.
 */
export const MANDATE_BUNDLE_BYTES_MAX = 262_144

/** UTF-8 bytes of a token or collection name, symbol, NFT name. */
export const METADATA_NAME_BYTES_MAX = 128

/** UTF-8 bytes of an NFT description. */
export const METADATA_DESCRIPTION_BYTES_MAX = 1_024

/** Attributes of one NFT metadata, and bytes of each attribute key or value. */
export const METADATA_ATTRIBUTES_MAX = 16
export const METADATA_ATTRIBUTE_BYTES_MAX = 512

/**
 * Entries of each memo of parsed and formatted addresses and of Ed25519 owner ids
 * (laws/addressMemo.ts); a full memo is emptied. Covers the hot vaults of a busy shard.
 */
export const ADDRESS_MEMO_ENTRIES_MAX = 16_384

/** Largest u64. */
export const U64_MAX = 2n ** 64n - 1n

/**
 * Largest amount in a signed message. JCS writes numbers as IEEE doubles (RFC 8785), so an
 * integer beyond 2^53 has no exact canonical form and could not be signed or hashed.
 */
export const AMOUNT_MAX = 2n ** 53n - 1n

/** Largest shard id the ledger accepts (shards are integers ≥ 1; the domain's shard lock key is 32-bit). */
export const SHARD_MAX = 2 ** 32 - 1

/** Depth of the shard's state tree: at most 2^20 slots (balances, nonces, NFTs, supplies, roles). */
export const STATE_TREE_DEPTH = 20
export const STATE_SLOTS_MAX = 2 ** STATE_TREE_DEPTH

/**
 * Slots in one finalized-vault inclusion proof (nonce, role, supply, one per token and NFT held):
 * a domain answers with at most this many, and a client refuses a longer proof.
 */
export const FINALIZED_VAULT_SLOTS_MAX = 512

/**
 * The SDL batch circuit's fixed size (packages/prover/circuits/sdl, docs/ledger.md "Batch proofs"):
 * a batch proof runs at most SDL_OPS_PER_PROOF slot operations on at most SDL_SLOTS_PER_PROOF
 * slots, of which at most SDL_PATHS_PER_PROOF read from or write to the state tree (one Merkle
 * path of depth 20 each, ~3,300 gates); the other slots come from and go to the batch cache that
 * chains one batch proof to the next, and cost no path. It must fit 2^15 rows, the most the
 * committed Ignition CRS prefix serves: 72 operations (~160 gates each), 20 slots (~140) and 4
 * paths make 31,493 gates. A batch closes at whichever comes first.
 */
export const SDL_OPS_PER_PROOF = 72
export const SDL_SLOTS_PER_PROOF = 20
export const SDL_PATHS_PER_PROOF = 4

/** Incoming credits included in one SDL. */
export const SDL_INCOMING_CREDITS_MAX = 1_024

/** Transactions in one SDL (an SDL of 10,000 transfers settles: docs/performance.md). */
export const SDL_TRANSACTIONS_MAX = 16_384

assert(AMOUNT_MAX < U64_MAX)
// Every shard the ledger accepts can be written in an address.
assert(SHARD_MAX <= coreLimits.ADDRESS_SHARD_MAX)
assert(ALLOWANCE_NFTS_MAX <= MINT_NFTS_MAX)
assert(STATE_SLOTS_MAX === 2 ** STATE_TREE_DEPTH)
assert(SDL_PATHS_PER_PROOF <= SDL_SLOTS_PER_PROOF && SDL_SLOTS_PER_PROOF <= 32) // the circuit packs a position in 5 bits
assert(SDL_PATHS_PER_PROOF <= 8) // and the units in one word of 6 bits each
