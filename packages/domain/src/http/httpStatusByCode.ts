// The one place where the domain's failures meet HTTP statuses. Typed by the codes of every error
// class of ../errors (a new class without a status fails to compile) plus the codes of the
// libraries the domain calls that reach a request.
import type { EdgeErrorCode, ErrorCodesOf } from '@verity/server'
import type * as domainErrors from '../errors/domainErrors.ts'
import type * as storeErrors from '../errors/storeErrors.ts'

/** Codes thrown by the libraries behind the domain's routes that need a status other than 400. */
type LibraryCode = 'MANDATE_ALREADY_PAID' | 'PROOF_QUEUE_FULL' | 'BASE_LAYER_UNAVAILABLE' | 'STORE_UNAVAILABLE' | 'NONCE_MISMATCH' | 'SDL_RULE' | 'SDL_TREE_ROOT_MISMATCH' | 'SDL_ROOT_MISMATCH'

export type DomainErrorCode = ErrorCodesOf<typeof domainErrors> | ErrorCodesOf<typeof storeErrors> | LibraryCode | EdgeErrorCode

/** Status of each code; a deliberate failure not listed (a law of the ledger, a bad signature) is 400. */
export const httpStatusByCode: Readonly<Record<DomainErrorCode, number>> = Object.freeze({
  // requests (the HTTP edge)
  INVALID_REQUEST: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // domain
  VAULT_NOT_FOUND: 404,
  SDL_NOT_FOUND: 404,
  BATCH_SIZE: 400,
  SDL_STATE_CONFLICT: 409,
  SDL_ORDER: 409,
  PROOF_QUEUE_FULL: 503,
  GUARDRAIL_REJECTED: 400,
  CROSS_SHARD_CREDIT_UNSUPPORTED: 400,
  GUARDRAIL_INPUT_INVALID: 400,
  BASE_LAYER_UNAVAILABLE: 503,
  // the agreement with the base layer and the shard lock are settled at start; met later, the domain is not serving
  DOMAIN_AGREEMENT: 503,
  // stored SDL witnesses of an earlier SDL circuit: refused at start, and by the prover (off the request path)
  SDL_WITNESS_FORMAT: 503,
  SDL_WITNESS_FORMAT_UNSUPPORTED: 500,
  SHARD_LOCKED: 503,
  // storage: the database is down, or this process lost its shard to another sequencer
  STORE_UNAVAILABLE: 503,
  SHARD_LOCK_LOST: 503,
  STORAGE_FULL: 507,
  // ledger: replay protection is a conflict with the vault's state, not a malformed request
  NONCE_MISMATCH: 409,
  // a mandate payment whose intent paid already: a conflict with the spent set, like a replayed nonce
  MANDATE_ALREADY_PAID: 409,
  // prover: the local state accepted what the SDL circuit's rules refuse — a bug, not bad input
  SDL_RULE: 500,
  SDL_TREE_ROOT_MISMATCH: 500,
  SDL_ROOT_MISMATCH: 500,
  // operator tokens and abuse limits come from @verity/server: TOKEN_REQUIRED 401, TOKEN_INVALID 401,
  // TOKEN_SCOPE_INSUFFICIENT 403, RATE_LIMITED 429, CLIENT_CONNECTIONS_EXCEEDED 429
})

/** Status of a VerityError code the table does not list: the request broke a law or sent a bad signature. */
export const UNLISTED_CODE_STATUS = 400
