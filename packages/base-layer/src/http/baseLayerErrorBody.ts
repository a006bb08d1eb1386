import type { EdgeFailure } from '@verity/server'
import { rpcErrorCodes, rpcErrorOf } from '../rpc/rpcErrorOf.ts'

/**
 * The base layer's error body at the HTTP edge (413, 415, 429, 500): a JSON-RPC error response
 * whose `data.code` names the failure, as every other base-layer error (docs/base-layer-rpc.md).
 */
export function baseLayerErrorBody(failure: EdgeFailure): { jsonrpc: '2.0'; id: null; error: ReturnType<typeof rpcErrorOf> } {
  const error = rpcErrorOf(failure.error)
  // A content type the node does not read is a request that is not JSON-RPC at all.
  if (failure.code === 'UNSUPPORTED_MEDIA_TYPE') error.code = rpcErrorCodes.INVALID_REQUEST
  return { jsonrpc: '2.0', id: null, error }
}
