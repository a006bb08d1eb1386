import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { isVerityError } from '@verity/core'
import { httpStatusByCode, UNLISTED_VERITY_ERROR_STATUS } from './httpStatusByCode.ts'

/** The error body: `{message, code}` plus the typed fields that help (index, line, column). */
export type ErrorBody = { message: string; code: string; index?: number; line?: number; column?: number }

/**
 * Fastify error handler: deliberate errors (VerityError) get their status from the one table and
 * `{message, code, ...}`; fastify's own client errors (bad JSON, body too large, validation) keep
 * their 4xx status; anything else is logged and answered with a plain 500.
 */
export function handleError(thrown: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const error: unknown = thrown
  if (isVerityError(error)) {
    const status = httpStatusByCode[error.code] ?? UNLISTED_VERITY_ERROR_STATUS
    const body: ErrorBody = { message: error.message, code: error.code }
    if (error.index !== undefined) body.index = error.index
    const position = error as { line?: unknown; column?: unknown }
    if (typeof position.line === 'number') body.line = position.line
    if (typeof position.column === 'number') body.column = position.column
    void reply.code(status).send(body)
    return
  }
  if (thrown.validation !== undefined) {
    void reply.code(400).send({ message: thrown.message, code: 'INVALID_REQUEST' })
    return
  }
  const status = thrown.statusCode
  if (status !== undefined && status >= 400 && status < 500) {
    void reply.code(status).send({ message: thrown.message, code: thrown.code ?? 'INVALID_REQUEST' })
    return
  }
  request.log.error({ err: thrown }, 'internal error')
  void reply.code(500).send({ message: 'internal error', code: 'INTERNAL' })
}
