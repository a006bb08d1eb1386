import type { EdgeErrorCode } from '@verity/server'

/**
 * HTTP statuses of the base layer's edge. JSON-RPC failures are answered in-band with HTTP 200
 * (rpc/rpcErrorOf gives their JSON-RPC codes); only what the HTTP edge refuses before a call is
 * read gets another status (and the rate limit of @verity/server, 429).
 */
export const httpStatusByCode: Readonly<Record<EdgeErrorCode, number>> = Object.freeze({
  INVALID_REQUEST: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
})
