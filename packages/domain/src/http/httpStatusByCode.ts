// The one place where failures meet HTTP statuses. Codes of deliberate failures (VerityError)
// not listed here are client errors (400): every law the ledger enforces is about the request.

import { httpStatusByServerCode } from '@verity/server'

export const httpStatusByCode: Readonly<Record<string, number>> = Object.freeze({
  // domain
  VAULT_NOT_FOUND: 404,
  SDL_NOT_FOUND: 404,
  INVALID_REQUEST: 400,
  BATCH_SIZE: 400,
  BODY_TOO_LARGE: 413,
  SDL_STATE_CONFLICT: 409,
  SDL_ORDER: 409,
  PROOF_QUEUE_FULL: 503,
  GUARDRAIL_REJECTED: 400,
  CROSS_SHARD_CREDIT_UNSUPPORTED: 400,
  GUARDRAIL_INPUT_INVALID: 400,
  BASE_LAYER_UNAVAILABLE: 503,
  // storage: the database is down, or this process lost its shard to another sequencer
  STORE_UNAVAILABLE: 503,
  SHARD_LOCK_LOST: 503,
  STORAGE_FULL: 507,
  // ledger: replay protection is a conflict with the vault's state, not a malformed request
  NONCE_MISMATCH: 409,
  // prover: the local state accepted what the SDL circuit's rules refuse — a bug, not bad input
  SDL_RULE: 500,
  SDL_TREE_ROOT_MISMATCH: 500,
  SDL_ROOT_MISMATCH: 500,
  // fastify's own
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_VALIDATION: 400,
  // operator tokens and abuse limits (@verity/server): TOKEN_REQUIRED 401, TOKEN_INVALID 401,
  // TOKEN_SCOPE_INSUFFICIENT 403, RATE_LIMITED 429, CLIENT_CONNECTIONS_EXCEEDED 429
  ...httpStatusByServerCode,
})

/** Status for a deliberate failure's code. */
export function httpStatusOf(code: string): number {
  return httpStatusByCode[code] ?? 400
}
