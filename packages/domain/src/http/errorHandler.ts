// Turns every failure into `{message, code, index?}`: deliberate ones (VerityError, fastify's
// request errors) with their own message and the status of httpStatusByCode; anything else is
// logged as a bug and answered with a plain 500 that does not leak its message.
import { isVerityError } from '@verity/core'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { BodyTooLargeError } from '@verity/core'
import { GuardrailRejectedError } from '../errors/domainErrors.ts'
import { GUARDRAIL_INPUT_BYTES_MAX, REQUEST_BODY_BYTES_MAX } from '../limits.ts'
import { httpStatusByCode, httpStatusOf } from './httpStatusByCode.ts'

/** Index of the batch element a validation error points at (`/3/payload/...` → 3). */
function indexOfValidation(error: FastifyError): number | undefined {
  const path = error.validation?.[0]?.instancePath
  const match = path === undefined ? null : /^\/(\d+)(\/|$)/.exec(path)
  return match ? Number(match[1]) : undefined
}

export function handleError(thrown: unknown, request: FastifyRequest, reply: FastifyReply): void {
  if (isVerityError(thrown)) {
    const error = thrown
    const body: { message: string; code: string; index?: number; constraint?: object } = { message: error.message, code: error.code }
    if (error.index !== undefined) body.index = error.index
    if (error instanceof GuardrailRejectedError) {
      const { guardrail, constraintIndex, prettyExpr, reason } = error.fields
      body.constraint = { guardrail, index: constraintIndex, pretty_expr: prettyExpr, reason }
    }
    const status = httpStatusOf(error.code)
    if (status >= 500) request.log.error({ err: error }, 'failure')
    void reply.code(status).send(body)
    return
  }
  const error = thrown as FastifyError
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const isGuardrailInput = request.headers['content-type']?.startsWith('application/octet-stream') ?? false
    const tooLarge = new BodyTooLargeError({ bytesMax: isGuardrailInput ? GUARDRAIL_INPUT_BYTES_MAX : (request.routeOptions.bodyLimit ?? REQUEST_BODY_BYTES_MAX) })
    void reply.code(413).send({ message: tooLarge.message, code: tooLarge.code })
    return
  }
  if (error.validation) {
    const index = indexOfValidation(error)
    const first = error.validation[0]
    const where = first === undefined ? '' : `${error.validationContext ?? 'body'}${first.instancePath}`
    const message = first === undefined ? error.message : `${where} ${first.message ?? 'is invalid'}`
    const body: { message: string; code: string; index?: number } = { message, code: 'INVALID_REQUEST' }
    if (index !== undefined) body.index = index
    void reply.code(400).send(body)
    return
  }
  if (typeof error.code === 'string' && error.code in httpStatusByCode) {
    void reply.code(httpStatusOf(error.code)).send({ message: error.message, code: error.code })
    return
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    void reply.code(error.statusCode).send({ message: error.message, code: error.code ?? 'INVALID_REQUEST' })
    return
  }
  request.log.error({ err: error }, 'unexpected failure')
  void reply.code(500).send({ message: 'internal error', code: 'INTERNAL' })
}
