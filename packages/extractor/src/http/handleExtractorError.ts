// Turns every failure of an extractor route into `{message, code}`: typed failures and fastify's
// request errors keep their message; anything else is logged as a bug and answered with a plain 500.
import { isVerityError } from '@verity/core'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { httpStatusOf } from './httpStatusByCode.ts'

export function handleExtractorError(thrown: unknown, request: FastifyRequest, reply: FastifyReply): void {
  if (isVerityError(thrown)) {
    const status = httpStatusOf(thrown.code)
    if (status !== undefined && status < 500) {
      void reply.code(status).send({ message: thrown.message, code: thrown.code })
      return
    }
    if (status !== undefined && status !== 500) {
      // A storefront failure is expected operation, but worth a line in the log.
      request.log.warn({ code: thrown.code, cause: (thrown.cause as Error | undefined)?.message }, thrown.message)
      void reply.code(status).send({ message: thrown.message, code: thrown.code })
      return
    }
  }
  const error = thrown as FastifyError
  if (error.validation !== undefined) {
    const first = error.validation[0]
    const where = `${error.validationContext ?? 'body'}${first?.instancePath ?? ''}`
    void reply.code(400).send({ message: first === undefined ? error.message : `${where} ${first.message ?? 'is invalid'}`, code: 'INVALID_REQUEST' })
    return
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    void reply.code(error.statusCode).send({ message: error.message, code: error.code ?? 'INVALID_REQUEST' })
    return
  }
  request.log.error({ err: error }, 'unexpected failure')
  void reply.code(500).send({ message: 'internal error', code: 'INTERNAL' })
}
