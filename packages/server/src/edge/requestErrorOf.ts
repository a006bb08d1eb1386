// Fastify's own request failures (a validation error, too large a body, a content type no parser
// reads, an empty or unreadable body) as the typed errors every service answers.
import { BodyTooLargeError, InvalidRequestError, isVerityError, type VerityError } from '@verity/core'
import type { FastifyError, FastifyRequest } from 'fastify'
import { UnsupportedMediaTypeError } from '../errors/requestErrors.ts'
import './decodeBodyConfig.ts'

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> }

/** `body/0/payload/signature must have required property 'Ed25519'`: where, then what. */
export function describeValidationFailure(context: string, issue: ValidationIssue | undefined, fallback: string): string {
  if (issue === undefined) return fallback
  const missing = issue.params?.missingProperty
  const where = `${context}${issue.instancePath ?? ''}`
  if (typeof missing === 'string') return `${where}/${missing} is required`
  const extra = issue.params?.additionalProperty
  if (typeof extra === 'string') return `${where}/${extra} is not a known field`
  return `${where} ${issue.message ?? 'is invalid'}`
}

/** Index of the batch element a body validation error points at (`/3/payload/...` → 3). */
function batchIndexOf(context: string, request: FastifyRequest, path: string | undefined): number | undefined {
  if (context !== 'body' || !Array.isArray(request.body) || path === undefined) return undefined
  const match = /^\/(\d+)(\/|$)/.exec(path)
  return match === null ? undefined : Number(match[1])
}

/** The typed error the route's exact decoder throws for a body its schema refused; null when it has none or accepts the body. */
function decoderErrorOf(request: FastifyRequest): VerityError | null {
  const decode = request.routeOptions.config.decodeBody
  if (decode === undefined) return null
  try {
    decode(request.body, request)
  } catch (thrown) {
    if (isVerityError(thrown)) return thrown
  }
  return null
}

/**
 * The typed error for one of fastify's request failures, with the status fastify gave it when
 * that is not the code's own; null for anything else (a bug, or a library's failure).
 */
export function requestErrorOf(error: FastifyError, request: FastifyRequest, bodyBytesMax: number): { error: VerityError; status?: number } | null {
  if (error.validation !== undefined) {
    const context = error.validationContext ?? 'body'
    const explained = context === 'body' ? decoderErrorOf(request) : null
    if (explained !== null) return { error: explained }
    const first = error.validation[0] as ValidationIssue | undefined
    const index = batchIndexOf(context, request, first?.instancePath)
    return { error: new InvalidRequestError({ reason: describeValidationFailure(context, first, error.message), index }) }
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { error: new BodyTooLargeError({ bytesMax: bodyBytesMax }) }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { error: new UnsupportedMediaTypeError({ contentType: request.headers['content-type'] ?? '' }) }
  const status = error.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) return { error: new InvalidRequestError({ reason: error.message }), status }
  return null
}
