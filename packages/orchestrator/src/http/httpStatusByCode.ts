import type { EdgeErrorCode, ErrorCodesOf } from '@verity/server'
import type * as agentErrors from '../errors/agentErrors.ts'
import type * as configErrors from '../errors/configErrors.ts'
import type * as eventErrors from '../errors/eventErrors.ts'
import type * as extractorErrors from '../errors/extractorErrors.ts'
import type * as intentErrors from '../errors/intentErrors.ts'
import type * as proposalErrors from '../errors/proposalErrors.ts'
import type * as templateErrors from '../errors/templateErrors.ts'

/** Codes of the libraries behind the routes (core, policy, prover) that reach a request. */
type LibraryCode =
  | 'INVALID_SIGNATURE'
  | 'MALFORMED_SIGNATURE'
  | 'MALFORMED_AGENT_KEY'
  | 'INVALID_BASE58'
  | 'INVALID_JSON'
  | 'INVALID_INPUT_VALUE'
  | 'INPUT_DATA_ERROR'
  | 'TEMPLATE_COMPILE_ERROR'
  | 'TEMPLATE_TOO_LARGE_FOR_CIRCUIT'
  | 'PROOF_QUEUE_FULL'

/** Every code the orchestrator answers: its error classes' (a new class without a status fails to compile), its libraries' and the HTTP edge's. */
export type OrchestratorErrorCode =
  | ErrorCodesOf<typeof agentErrors>
  | ErrorCodesOf<typeof configErrors>
  | ErrorCodesOf<typeof eventErrors>
  | ErrorCodesOf<typeof extractorErrors>
  | ErrorCodesOf<typeof intentErrors>
  | ErrorCodesOf<typeof proposalErrors>
  | ErrorCodesOf<typeof templateErrors>
  | LibraryCode
  | EdgeErrorCode

/**
 * The one table from error codes to HTTP statuses. A VerityError whose code is not listed is
 * answered as 400 (a deliberate rejection of the input by one of our libraries); anything that
 * is not a VerityError is a 500 whose message is logged, not sent. Operator tokens and abuse
 * limits (@verity/server) add TOKEN_REQUIRED 401, TOKEN_INVALID 401, TOKEN_SCOPE_INSUFFICIENT 403,
 * RATE_LIMITED 429, CLIENT_CONNECTIONS_EXCEEDED 429.
 */
export const httpStatusByCode: Readonly<Record<OrchestratorErrorCode, number>> = Object.freeze({
  // requests
  INVALID_REQUEST: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // intents
  MALFORMED_INTENT: 400,
  UNSIGNED_INTENT_REFUSED: 400,
  SEALED_OPENING_MISMATCH: 400,
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
  // agent-bound intents (docs/protocol.md): refused before the intent's one proposal is used
  PAYABLE_INTENT_UNBOUND: 400,
  MALFORMED_AGENT_KEY: 400,
  AGENT_SIGNATURE_REQUIRED: 401,
  AGENT_SIGNATURE_INVALID: 401,
  AGENT_NOT_NAMED: 403,
  AGENT_ORCHESTRATOR_MISMATCH: 403,
  SEALED_CHECK_UNAUTHORIZED: 403,
  // the extractor could not establish the proposal's evidence (reached a route only through a dry run)
  EXTRACTOR_FAILED: 400,
  // templates
  TEMPLATE_COMPILE_ERROR: 400,
  TEMPLATE_TOO_LARGE_FOR_CIRCUIT: 400,
  TEMPLATE_NOT_FOUND: 404,
  // config and events
  INVALID_EXTRACTOR_URL: 400,
  INVALID_EXTRACTOR_KEY: 400,
  TOO_MANY_SUBSCRIBERS: 503,
})

/** Status for a VerityError code not in the table. */
export const UNLISTED_VERITY_ERROR_STATUS = 400
