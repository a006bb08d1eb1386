import type { EdgeErrorCode, ErrorCodesOf } from '@verity/server'
import type * as storeErrors from '../errors/storeErrors.ts'

/** Every code the store answers: its error classes' (start-up ones aside) and the HTTP edge's. */
export type StoreHttpErrorCode = Exclude<ErrorCodesOf<typeof storeErrors>, 'STORE_CATALOG_INVALID' | 'STORE_STATE_INVALID'> | EdgeErrorCode | 'NOT_FOUND' | 'INTERNAL'

type Answer = Readonly<{ status: number; ucpCode: string; jsonRpcCode: number }>

/**
 * How each failure is answered, the only place this is chosen: the HTTP status, the UCP error code
 * (`messages[0].code` of a REST error reply, `error.data.code` over MCP) and the JSON-RPC error code
 * (overview.md, "Error Codes": -32001 discovery and negotiation, -32602 invalid params).
 */
export const ANSWER_BY_CODE: Readonly<Record<StoreHttpErrorCode, Answer>> = Object.freeze({
  INVALID_REQUEST: { status: 400, ucpCode: 'invalid_request', jsonRpcCode: -32602 },
  INVALID_CURSOR: { status: 400, ucpCode: 'invalid_cursor', jsonRpcCode: -32602 },
  INVALID_PROFILE_URL: { status: 400, ucpCode: 'invalid_profile_url', jsonRpcCode: -32001 },
  REQUEST_TOO_LARGE: { status: 400, ucpCode: 'request_too_large', jsonRpcCode: -32602 },
  BODY_TOO_LARGE: { status: 413, ucpCode: 'request_too_large', jsonRpcCode: -32600 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, ucpCode: 'unsupported_media_type', jsonRpcCode: -32600 },
  NOT_FOUND: { status: 404, ucpCode: 'not_found', jsonRpcCode: -32601 },
  CHECKOUT_NOT_FOUND: { status: 404, ucpCode: 'not_found', jsonRpcCode: -32602 },
  ORDER_NOT_FOUND: { status: 404, ucpCode: 'not_found', jsonRpcCode: -32602 },
  CHECKOUT_NOT_MODIFIABLE: { status: 409, ucpCode: 'checkout_not_modifiable', jsonRpcCode: -32000 },
  FULFILLMENT_INCOMPLETE: { status: 400, ucpCode: 'fulfillment_required', jsonRpcCode: -32602 },
  IDEMPOTENCY_CONFLICT: { status: 409, ucpCode: 'idempotency_conflict', jsonRpcCode: -32000 },
  VERSION_UNSUPPORTED: { status: 422, ucpCode: 'version_unsupported', jsonRpcCode: -32001 },
  PROFILE_UNREACHABLE: { status: 424, ucpCode: 'profile_unreachable', jsonRpcCode: -32001 },
  PROFILE_MALFORMED: { status: 422, ucpCode: 'profile_malformed', jsonRpcCode: -32001 },
  PAYMENT_HANDLER_UNKNOWN: { status: 400, ucpCode: 'payment_handler_unknown', jsonRpcCode: -32602 },
  PAYMENT_DECLINED: { status: 402, ucpCode: 'payment_failed', jsonRpcCode: -32000 },
  PAYMENT_HANDLER_FAILED: { status: 502, ucpCode: 'payment_failed', jsonRpcCode: -32603 },
  MANDATE_REQUIRED: { status: 400, ucpCode: 'mandate_required', jsonRpcCode: -32602 },
  MANDATE_REFUSED: { status: 403, ucpCode: 'mandate_invalid_signature', jsonRpcCode: -32000 },
  ORDER_UPDATE_INVALID: { status: 422, ucpCode: 'invalid_request', jsonRpcCode: -32602 },
  ORDER_UPDATE_FORBIDDEN: { status: 403, ucpCode: 'forbidden', jsonRpcCode: -32000 },
  CHECKOUT_NOT_READY: { status: 409, ucpCode: 'checkout_not_ready', jsonRpcCode: -32000 },
  ITEM_NOT_FOUND: { status: 200, ucpCode: 'not_found', jsonRpcCode: -32602 },
  SIMULATION_FORBIDDEN: { status: 403, ucpCode: 'forbidden', jsonRpcCode: -32000 },
  SIGNATURE_MISSING: { status: 401, ucpCode: 'signature_missing', jsonRpcCode: -32000 },
  SIGNATURE_INVALID: { status: 401, ucpCode: 'signature_invalid', jsonRpcCode: -32000 },
  SIGNATURE_UNUSABLE: { status: 400, ucpCode: 'digest_mismatch', jsonRpcCode: -32600 },
  CHECKOUT_FORBIDDEN: { status: 403, ucpCode: 'checkout_forbidden', jsonRpcCode: -32000 },
  ORDER_FORBIDDEN: { status: 403, ucpCode: 'order_forbidden', jsonRpcCode: -32000 },
  INTERNAL: { status: 500, ucpCode: 'internal_error', jsonRpcCode: -32603 },
})

/** The answer of a code (an unlisted one is a bug: answered as INTERNAL). */
export function answerOf(code: string): Answer {
  return ANSWER_BY_CODE[code as StoreHttpErrorCode] ?? ANSWER_BY_CODE.INTERNAL
}

/** The HTTP status of each code, for the shared edge's table. */
export const httpStatusByCode: Readonly<Record<StoreHttpErrorCode, number>> = Object.freeze(
  Object.fromEntries(Object.entries(ANSWER_BY_CODE).map(([code, answer]) => [code, answer.status])) as Record<StoreHttpErrorCode, number>,
)
