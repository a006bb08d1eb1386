// The one error handler of every Verity service: a deliberate failure (VerityError, or one of
// fastify's request failures turned into one) gets its status from the service's table and the
// service's error shape; anything else is logged as a bug and answered with a plain 500 whose
// message is never sent.
import { isVerityError, type VerityError } from '@verity/core'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { httpStatusByServerCode } from '../errors/httpStatusByServerCode.ts'
import { defaultErrorBody, INTERNAL_FAILURE, type EdgeFailure } from './EdgeFailure.ts'
import { requestErrorOf } from './requestErrorOf.ts'

/** The codes the edge itself answers with; every service's table lists them. */
export type EdgeErrorCode = 'INVALID_REQUEST' | 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'

export type ErrorMapping = {
  /**
   * Status of each code the service answers. The service types its table by its error-code union
   * (`Record<ServiceErrorCode, number>`, see ErrorCodesOf), so a code without a status fails to
   * compile; the edge's own codes must be in it. @verity/server's codes (tokens, rate limits) are
   * added by the edge.
   */
  statusByCode: Readonly<Record<EdgeErrorCode, number>> & Readonly<Record<string, number>>
  /** Status of a VerityError whose code is not in the table (a library's rejection of the input); default 400. */
  unlistedStatus?: number
  /** The service's error body (its spec fixes it); default `{message, code, index?}`. */
  errorBody?: (failure: EdgeFailure, request: FastifyRequest) => unknown
  /** The body limit named in a BODY_TOO_LARGE message; default the route's limit. */
  bodyBytesMaxOf?: (request: FastifyRequest) => number
}

/** Builds the fastify error handler of one service from its mapping. */
export function createErrorHandler(mapping: ErrorMapping) {
  const statusByCode: Readonly<Record<string, number>> = mapping.statusByCode
  const unlistedStatus = mapping.unlistedStatus ?? 400
  const errorBody = mapping.errorBody ?? defaultErrorBody
  return function handleEdgeError(thrown: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const failure = failureOf(thrown, request)
    if (failure.status >= 500) request.log.error({ err: thrown }, failure.error === undefined ? 'unexpected failure' : 'failure')
    void reply.code(failure.status).send(errorBody(failure, request))
  }

  function failureOf(thrown: FastifyError, request: FastifyRequest): EdgeFailure {
    const bodyBytesMax = mapping.bodyBytesMaxOf?.(request) ?? request.routeOptions.bodyLimit ?? 0
    const known: { error: VerityError; status?: number } | null = isVerityError(thrown) ? { error: thrown } : requestErrorOf(thrown, request, bodyBytesMax)
    if (known === null) return INTERNAL_FAILURE
    const { error } = known
    const status = known.status ?? statusByCode[error.code] ?? httpStatusByServerCode[error.code] ?? unlistedStatus
    const failure: EdgeFailure = { status, code: error.code, message: error.message, error }
    if (error.index !== undefined) failure.index = error.index
    return failure
  }
}
