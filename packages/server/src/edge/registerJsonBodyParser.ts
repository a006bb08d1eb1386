// JSON request bodies read without rounding: an integer beyond 2^53 keeps every digit (a bigint).
import { InvalidRequestError, parseJsonBigint } from '@verity/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'

export type JsonBodyOptions = {
  /** Read only JSON (every other content type is 415); default false: fastify's text parser stays. */
  isJsonOnly?: boolean
  /**
   * What a body that is not JSON becomes. Default: an INVALID_REQUEST failure naming the position.
   * The base layer answers it in-band instead (a JSON-RPC parse error), so it keeps the reason.
   */
  onUnreadable?: (reason: string) => unknown
  /**
   * Called with each JSON body's text as received, before it is parsed: for a service that checks
   * a signature over the body's bytes (the store: RFC 9530 Content-Digest of a UCP request).
   */
  onBodyText?: (request: FastifyRequest, text: string) => void
}

/**
 * Replaces the application/json parser of `app` (its context) with parseJsonBigint. An empty body
 * is `undefined` (or unreadable, with `onUnreadable`): a route with a body schema refuses it
 * there, a route without one ignores it.
 */
export function registerJsonBodyParser(app: FastifyInstance, options: JsonBodyOptions = {}): void {
  if (options.isJsonOnly === true) app.removeAllContentTypeParsers()
  else app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    options.onBodyText?.(request, text)
    if (text.trim() === '') return done(null, options.onUnreadable?.('the body is empty'))
    try {
      done(null, parseJsonBigint(text))
    } catch (error) {
      const reason = (error as Error).message
      if (options.onUnreadable !== undefined) return done(null, options.onUnreadable(reason))
      done(new InvalidRequestError({ reason: `the body is not valid JSON: ${reason}` }), undefined)
    }
  })
}
