import type { EdgeFailure } from '@verity/server'
import type { FastifyRequest } from 'fastify'
import { MCP_ENDPOINT_PATH } from '../profile/buildBusinessProfile.ts'
import { errorReply } from '../ucp/responseEnvelope.ts'
import { jsonRpcError } from './jsonRpc.ts'
import { answerOf } from './ucpErrorCodes.ts'

/**
 * The store's error shapes, chosen by binding: a UCP error reply (error_response.json: `ucp.status:
 * "error"` and one message with the UCP code) on REST routes, a JSON-RPC error (id null: the
 * request could not be read) on the MCP endpoint.
 */
export function storeErrorBody(failure: EdgeFailure, request: FastifyRequest): unknown {
  const answer = answerOf(failure.code)
  if (request.url.split('?')[0] === MCP_ENDPOINT_PATH) return jsonRpcError(null, answer.jsonRpcCode, failure.message, { code: answer.ucpCode, content: failure.message })
  return errorReply(answer.ucpCode, failure.message)
}
