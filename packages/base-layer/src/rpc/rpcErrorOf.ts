import { isVerityError } from '@verity/core'

/** A JSON-RPC error object; `data.code` is the node's stable string code. */
export type RpcErrorObject = { code: number; message: string; data?: { code: string; index?: number } }

/** JSON-RPC 2.0 codes of the spec, and ours in the implementation-defined range (-32000 to -32099). */
export const rpcErrorCodes = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  BATCH_TOO_LARGE: -32600,
  BODY_TOO_LARGE: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  MALFORMED_SIGNATURE: -32602,
  INVALID_BASE58: -32602,
  INVALID_ADDRESS: -32602,
  INVALID_JSON: -32602,
  MALFORMED_VERIFIABLE: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_ERROR: -32000,
  INVALID_SIGNATURE: -32001,
  OPERATOR_KEY_NOT_ED25519: -32002,
  OPERATOR_NOT_FUNDED: -32010,
  SHARD_TAKEN: -32011,
  STALE_NONCE: -32012,
  SETTLEMENT_BUSY: -32020,
} as const)

/**
 * The JSON-RPC error for a thrown value. Typed errors keep their message and code; anything else
 * is a bug whose message could leak internals, so it becomes a plain "internal error" (the caller
 * logs it).
 */
export function rpcErrorOf(error: unknown): RpcErrorObject {
  if (!isVerityError(error)) return { code: rpcErrorCodes.INTERNAL_ERROR, message: 'internal error', data: { code: 'INTERNAL_ERROR' } }
  const code = (rpcErrorCodes as Record<string, number>)[error.code] ?? rpcErrorCodes.SERVER_ERROR
  const data = error.index === undefined ? { code: error.code } : { code: error.code, index: error.index }
  return { code, message: error.message, data }
}
