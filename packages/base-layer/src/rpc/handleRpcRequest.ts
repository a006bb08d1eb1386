import { InvalidRequestError } from '@verity/core'
import { BatchTooLargeError, MethodNotFoundError } from '../errors/requestErrors.ts'
import { RPC_BATCH_REQUESTS_MAX, RPC_METHOD_CHARS_MAX } from '../limits.ts'
import type { BaseLayerNode } from '../node/BaseLayerNode.ts'
import { rpcErrorOf, type RpcErrorObject } from './rpcErrorOf.ts'
import { callBaseLayerMethod, isBaseLayerMethod } from './rpcMethods.ts'

export type RpcId = string | number | bigint | null

export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId; error: RpcErrorObject }

/** Called with every error that is not a deliberate, typed one (a bug), before it is answered. */
export type UnexpectedErrorHook = (error: unknown, method: string) => void

/**
 * Answers a parsed JSON-RPC 2.0 body: one request or a batch (at most RPC_BATCH_REQUESTS_MAX).
 * Returns undefined when nothing is to be answered (only notifications). Batch elements run one
 * after another, in order, so a batch that settles two SDLs of a shard settles them in order.
 */
export async function handleRpcRequest(
  node: BaseLayerNode,
  body: unknown,
  onUnexpected: UnexpectedErrorHook = () => {},
): Promise<RpcResponse | RpcResponse[] | undefined> {
  if (!Array.isArray(body)) return await handleOne(node, body, onUnexpected)
  if (body.length === 0) return errorResponse(null, new InvalidRequestError({ reason: 'not a JSON-RPC request: empty batch' }), onUnexpected)
  if (body.length > RPC_BATCH_REQUESTS_MAX)
    return errorResponse(null, new BatchTooLargeError({ requestCount: body.length, requestCountMax: RPC_BATCH_REQUESTS_MAX }), onUnexpected)
  const responses: RpcResponse[] = []
  for (const request of body) {
    const response = await handleOne(node, request, onUnexpected)
    if (response !== undefined) responses.push(response)
  }
  return responses.length === 0 ? undefined : responses
}

async function handleOne(node: BaseLayerNode, request: unknown, onUnexpected: UnexpectedErrorHook): Promise<RpcResponse | undefined> {
  if (request === null || typeof request !== 'object' || Array.isArray(request))
    return errorResponse(null, new InvalidRequestError({ reason: 'not a JSON-RPC request: expected a request object' }), onUnexpected)
  const { jsonrpc, method, params, id } = request as Record<string, unknown>
  const hasId = 'id' in request
  const validId = isRpcId(id)
  const replyId: RpcId = validId ? id : null
  if (hasId && !validId) return errorResponse(null, new InvalidRequestError({ reason: '"id" must be a string, a number or null' }), onUnexpected)
  if (jsonrpc !== '2.0') return errorResponse(replyId, new InvalidRequestError({ reason: '"jsonrpc" must be "2.0"' }), onUnexpected)
  if (typeof method !== 'string' || method.length === 0 || method.length > RPC_METHOD_CHARS_MAX)
    return errorResponse(replyId, new InvalidRequestError({ reason: `"method" must be a string of 1 to ${RPC_METHOD_CHARS_MAX} characters` }), onUnexpected)
  let response: RpcResponse
  try {
    if (!isBaseLayerMethod(method)) throw new MethodNotFoundError({ method })
    const result = await callBaseLayerMethod(node, method, params)
    response = { jsonrpc: '2.0', id: replyId, result: result === undefined ? null : result }
  } catch (error) {
    response = errorResponse(replyId, error, onUnexpected, method)
  }
  // A request without an id is a notification: it runs, but nothing is answered.
  return hasId ? response : undefined
}

function errorResponse(id: RpcId, error: unknown, onUnexpected: UnexpectedErrorHook, method = ''): RpcResponse {
  const rpcError = rpcErrorOf(error)
  if (rpcError.data?.code === 'INTERNAL_ERROR') onUnexpected(error, method)
  return { jsonrpc: '2.0', id, error: rpcError }
}

function isRpcId(id: unknown): id is RpcId {
  return id === null || typeof id === 'string' || typeof id === 'bigint' || (typeof id === 'number' && Number.isFinite(id))
}
