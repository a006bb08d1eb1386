/**
 * Typed failures of the ledger: one class per broken law or malformed input. Each carries the
 * batch `index` of the offending element when it was raised inside a batch (see `atIndex`).
 * Codes are stable; the domain maps them to HTTP statuses at its edge (NONCE_MISMATCH → 409).
 */
import { VerityError, type InvalidSignatureError } from '@verity/core'

type ErrorOptions = { cause?: unknown; index?: number }

/** A verifiable, state diff, vault or SDL whose JSON shape or ranges are wrong; `field` is a path. */
export class MalformedVerifiableError extends VerityError {
  readonly code = 'MALFORMED_VERIFIABLE'
  constructor(readonly fields: { field: string; reason: string }, options?: ErrorOptions) {
    super(`malformed ${fields.field}: ${fields.reason}`, options)
  }
}

/** A debit or mint aimed at a shard other than this domain's. */
export class WrongShardError extends VerityError {
  readonly code = 'WRONG_SHARD'
  constructor(readonly fields: { field: string; shardGot: number; shardExpected: number }, options?: ErrorOptions) {
    super(`${fields.field}: shard ${fields.shardGot} is not this domain's shard ${fields.shardExpected}`, options)
  }
}

/** `new_nonce` is not the vault's next nonce (replay or gap). */
export class NonceMismatchError extends VerityError {
  readonly code = 'NONCE_MISMATCH'
  constructor(readonly fields: { address: string; nonceGot: bigint; nonceExpected: bigint }, options?: ErrorOptions) {
    super(`vault ${fields.address}: nonce ${fields.nonceGot}, expected ${fields.nonceExpected}`, options)
  }
}

/** A debit larger than the balance held (no overdraft, no negative balance). */
export class OverdraftError extends VerityError {
  readonly code = 'OVERDRAFT'
  constructor(readonly fields: { address: string; token: string; balance: bigint; amount: bigint }, options?: ErrorOptions) {
    super(`vault ${fields.address}: debit of ${fields.amount} ${fields.token} exceeds balance ${fields.balance}`, options)
  }
}

/** A credit or a supply that would exceed u64. */
export class BalanceOverflowError extends VerityError {
  readonly code = 'BALANCE_OVERFLOW'
  constructor(readonly fields: { address: string; token: string }, options?: ErrorOptions) {
    super(`vault ${fields.address}: ${fields.token} would exceed the u64 range`, options)
  }
}

/** An NFT debited from a vault that does not hold it. */
export class NftNotHeldError extends VerityError {
  readonly code = 'NFT_NOT_HELD'
  constructor(readonly fields: { address: string; collection: string; nftId: bigint }, options?: ErrorOptions) {
    super(`vault ${fields.address} does not hold NFT ${fields.nftId} of ${fields.collection}`, options)
  }
}

/** An NFT id minted a second time in its collection (or credited to a vault that already holds it). */
export class NftAlreadyExistsError extends VerityError {
  readonly code = 'NFT_ALREADY_EXISTS'
  constructor(readonly fields: { collection: string; nftId: bigint }, options?: ErrorOptions) {
    super(`NFT ${fields.nftId} of ${fields.collection} already exists`, options)
  }
}

/** A new mint whose initial supply is zero. */
export class ZeroSupplyMintError extends VerityError {
  readonly code = 'ZERO_SUPPLY_MINT'
  constructor(readonly fields: { mint: string }, options?: ErrorOptions) {
    super(`mint ${fields.mint}: a new mint cannot have zero initial supply`, options)
  }
}

/** A vault would be both a mint and a token holder. */
export class MintHolderConflictError extends VerityError {
  readonly code = 'MINT_HOLDER_CONFLICT'
  constructor(readonly fields: { address: string; reason: string }, options?: ErrorOptions) {
    super(`vault ${fields.address}: ${fields.reason}`, options)
  }
}

/** Create on a vault that is already a mint. */
export class MintExistsError extends VerityError {
  readonly code = 'MINT_EXISTS'
  constructor(readonly fields: { mint: string }, options?: ErrorOptions) {
    super(`mint ${fields.mint} already exists`, options)
  }
}

/** IncreaseSupply on a vault that is not a mint of that kind. */
export class MintNotFoundError extends VerityError {
  readonly code = 'MINT_NOT_FOUND'
  constructor(readonly fields: { mint: string; kind: 'fungible' | 'nft' }, options?: ErrorOptions) {
    super(`no ${fields.kind} mint at ${fields.mint}`, options)
  }
}

/** Caller-computed state diffs that are not what the laws allow for their verifiable. */
export class StateDiffMismatchError extends VerityError {
  readonly code = 'STATE_DIFF_MISMATCH'
  constructor(readonly fields: { reason: string }, options?: ErrorOptions) {
    super(`state diffs do not match the verifiable: ${fields.reason}`, options)
  }
}

/**
 * A mandate payment that its proof bundle does not authorize (docs/domain.md, "Mandate payments"):
 * one class, one stable code per check, so every refusal names what failed.
 */
export class MandatePaymentError extends VerityError {
  readonly code: MandateRefusalCode
  constructor(readonly fields: { refusal: MandateRefusalCode; reason: string }, options?: ErrorOptions) {
    super(`mandate payment refused (${fields.refusal}): ${fields.reason}`, options)
    this.code = fields.refusal
  }
}

/** Every code a mandate payment can be refused with (documented in docs/domain.md and docs/errors.md). */
export const MANDATE_REFUSAL_CODES = Object.freeze([
  'MANDATE_BUNDLE_MALFORMED',
  'MANDATE_TEMPLATE_INVALID',
  'MANDATE_TEMPLATE_NOT_PAYABLE',
  'MANDATE_INTENT_UNSIGNED',
  'MANDATE_INTENT_SIGNATURE_INVALID',
  'MANDATE_INTENT_UNBOUND',
  'MANDATE_AGENT_SIGNATURE_MISSING',
  'MANDATE_AGENT_SIGNATURE_INVALID',
  'MANDATE_CONSTRAINT_FAILED',
  'MANDATE_ATTESTATION_MISSING',
  'MANDATE_ATTESTATION_INVALID',
  'MANDATE_EXTRACTOR_UNTRUSTED',
  'MANDATE_PROOF_INVALID',
  'MANDATE_PROOF_SYSTEM_RETIRED',
  'MANDATE_COMMITMENT_MISMATCH',
  'MANDATE_SEALED_PAYMENT_UNBOUND',
  'MANDATE_PAYER_MISMATCH',
  'MANDATE_PAYEE_MISMATCH',
  'MANDATE_TOKEN_MISMATCH',
  'MANDATE_TOKEN_NOT_ACCEPTED',
  'MANDATE_AMOUNT_MISMATCH',
  'MANDATE_PRICE_ABOVE_MAX',
  'MANDATE_EXPIRED',
  'MANDATE_SHARD_MISMATCH',
  'MANDATE_ALREADY_PAID',
  'MANDATE_SETTLEMENT_UNSUPPORTED',
  'MANDATE_UNVERIFIED',
] as const)
export type MandateRefusalCode = (typeof MANDATE_REFUSAL_CODES)[number]

/** A named limit of src/limits.ts was exceeded. */
export class LedgerLimitError extends VerityError {
  readonly code = 'LIMIT_EXCEEDED'
  constructor(readonly fields: { limit: string; value: number | bigint; max: number | bigint }, options?: ErrorOptions) {
    super(`${fields.limit}: ${fields.value} exceeds the maximum ${fields.max}`, options)
  }
}

/** Every typed ledger error. */
export type LedgerError =
  | MalformedVerifiableError
  | InvalidSignatureError
  | WrongShardError
  | NonceMismatchError
  | OverdraftError
  | BalanceOverflowError
  | NftNotHeldError
  | NftAlreadyExistsError
  | ZeroSupplyMintError
  | MintHolderConflictError
  | MintExistsError
  | MintNotFoundError
  | StateDiffMismatchError
  | MandatePaymentError
  | LedgerLimitError

/**
 * Tags `error` with the batch index of the element that raised it and prefixes its message
 * (`transaction 2: ...`). Returns the same error object.
 */
export function atIndex<E extends VerityError>(error: E, index: number): E {
  if (error.index !== undefined) return error
  Object.defineProperty(error, 'index', { value: index, enumerable: true })
  error.message = `transaction ${index}: ${error.message}`
  return error
}
