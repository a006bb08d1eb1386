/** JSON-RPC 2.0 error codes the store's MCP binding answers (JSON-RPC 2.0 §5.1; UCP's -32001 is in ucpErrorCodes.ts). */
export const JSON_RPC_PARSE_ERROR = -32700
export const JSON_RPC_INVALID_REQUEST = -32600
export const JSON_RPC_METHOD_NOT_FOUND = -32601
export const JSON_RPC_INVALID_PARAMS = -32602

export type JsonRpcId = string | number | null

/** A JSON-RPC error reply; `data` carries the UCP code and message, as the UCP MCP binding does. */
export function jsonRpcError(id: JsonRpcId, code: number, message: string, data?: { code: string; content: string }) {
  return { jsonrpc: '2.0' as const, id, error: { code, message, ...(data === undefined ? {} : { data }) } }
}

export function jsonRpcResult(id: JsonRpcId, result: unknown) {
  return { jsonrpc: '2.0' as const, id, result }
}

/** HTTP status of a JSON-RPC error over HTTP (the binding's primary signal): malformed envelopes 400, unknown methods 404, bad params 400. */
export function httpStatusOfJsonRpcCode(code: number): number {
  if (code === JSON_RPC_METHOD_NOT_FOUND) return 404
  if (code === -32603) return 500
  return 400
}
