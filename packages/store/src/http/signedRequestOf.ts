import type { FastifyRequest } from 'fastify'
import type { SignedRequest } from '../checkout/platform/authenticateCaller.ts'

/**
 * A request as its RFC 9421 signature covers it: method, `Host`, path and query exactly as sent,
 * every header, and the body's bytes (`bodyText`: the JSON text as received, before parsing).
 */
export function signedRequestOf(request: FastifyRequest, bodyText: string | undefined): SignedRequest {
  const queryAt = request.url.indexOf('?')
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value
  const hasBody = bodyText !== undefined && bodyText !== ''
  return {
    method: request.method,
    authority: request.headers.host ?? '',
    path: queryAt < 0 ? request.url : request.url.slice(0, queryAt),
    query: queryAt < 0 ? '' : request.url.slice(queryAt),
    headers,
    hasBody,
    body: hasBody ? Buffer.from(bodyText, 'utf8') : undefined,
  }
}

/** The JSON body texts of the requests in flight, by request (kept only as long as the request is). */
export type BodyTexts = WeakMap<object, string>
