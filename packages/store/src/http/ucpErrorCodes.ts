import type { EdgeErrorCode, ErrorCodesOf } from '@verity/server'
import type * as storeErrors from '../errors/storeErrors.ts'

/** Every code the store answers: its error classes' (start-up ones aside) and the HTTP edge's. */
export type StoreHttpErrorCode = Exclude<ErrorCodesOf<typeof storeErrors>, 'STORE_CATALOG_INVALID'> | EdgeErrorCode | 'NOT_FOUND' | 'INTERNAL'

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
