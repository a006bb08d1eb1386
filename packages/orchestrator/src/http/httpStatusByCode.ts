import { httpStatusByServerCode } from '@verity/server'

/**
 * The one table from error codes to HTTP statuses. Codes of our own errors and of the libraries we
 * call (core, policy, prover). A VerityError whose code is not listed is answered as 400 (it is a
 * deliberate rejection of the input by one of our libraries); anything that is not a VerityError
 * is a 500 whose message is logged, not sent.
 */
export const httpStatusByCode: Readonly<Record<string, number>> = Object.freeze({
  // requests
  INVALID_REQUEST: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // intents
  MALFORMED_INTENT: 400,
  UNSIGNED_INTENT_REFUSED: 400,
  INVALID_SIGNATURE: 400,
  MALFORMED_SIGNATURE: 400,
  INVALID_BASE58: 400,
  INVALID_JSON: 400,
  INVALID_INPUT_VALUE: 400,
  INPUT_DATA_ERROR: 400,
  UNKNOWN_TEMPLATE: 400,
  INTENT_EXISTS: 409,
  INTENT_NOT_FOUND: 404,
  // proposals
  MALFORMED_PROPOSAL: 400,
  UNKNOWN_INTENT: 400,
  INTENT_TEMPLATE_MISSING: 400,
  PROPOSAL_EXISTS: 409,
  INTENT_EXPIRED: 409,
  PROOF_QUEUE_FULL: 503,
  PROOF_NOT_FOUND: 404,
  // templates
  TEMPLATE_COMPILE_ERROR: 400,
  TEMPLATE_TOO_LARGE_FOR_CIRCUIT: 400,
  TEMPLATE_NOT_FOUND: 404,
  // config and events
  INVALID_EXTRACTOR_URL: 400,
  INVALID_EXTRACTOR_KEY: 400,
  TOO_MANY_SUBSCRIBERS: 503,
  // operator tokens and abuse limits (@verity/server): TOKEN_REQUIRED 401, TOKEN_INVALID 401,
  // TOKEN_SCOPE_INSUFFICIENT 403, RATE_LIMITED 429, CLIENT_CONNECTIONS_EXCEEDED 429
  ...httpStatusByServerCode,
})

/** Status for a VerityError code not in the table. */
export const UNLISTED_VERITY_ERROR_STATUS = 400
