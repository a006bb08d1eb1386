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
  // A refusal that carries the spec's own code (a declined payment, a refused AP2 mandate) answers with it.
  const ucpCode = ((failure.error as { fields?: { ucpCode?: unknown } } | undefined)?.fields?.ucpCode as string | undefined) ?? answer.ucpCode
  if (request.url.split('?')[0] === MCP_ENDPOINT_PATH) return jsonRpcError(null, answer.jsonRpcCode, failure.message, { code: ucpCode, content: failure.message })
  return errorReply(ucpCode, failure.message)
}
