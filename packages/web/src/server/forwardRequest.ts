import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { BodyTooLargeError, contentLengthOf, readBodyBounded } from '@verity/core'
import { PROXY_REPLY_BYTES_MAX, PROXY_TIMEOUT_MS } from '../limits.ts'
import type { ProxiedService, ProxyRoute } from './proxyRoutes.ts'
import { ServiceUnavailableError } from './webErrors.ts'

// Request headers passed on: what a JSON API or an event stream needs. Authorization and cookies
// are never forwarded, so the page cannot borrow an operator's credentials.
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'last-event-id'] as const
const FORWARDED_REPLY_HEADERS = ['content-type', 'cache-control', 'retry-after'] as const

export type ForwardParameters = {
  route: ProxyRoute
  /** Base URL of the service, without a trailing slash. */
  baseUrl: string
  /** Path and query on the service. */
  pathAndQuery: string
  body: Uint8Array | undefined
}

/**
 * Sends the request to the service and relays its status, its JSON (or text) reply and the
 * headers above. The event stream is piped as it comes, and closed when the page goes away.
 * Throws ServiceUnavailableError when the service does not answer.
 */
export async function forwardRequest(request: IncomingMessage, response: ServerResponse, params: ForwardParameters): Promise<void> {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const abort = new AbortController()
  response.on('close', () => abort.abort())
  const timer = params.route.isStream ? undefined : setTimeout(() => abort.abort(), PROXY_TIMEOUT_MS)
  let reply: Response
  try {
    reply = await fetch(`${params.baseUrl}${params.pathAndQuery}`, {
      method: params.route.method,
      headers,
      ...(params.body === undefined ? {} : { body: params.body as unknown as NonNullable<RequestInit['body']> }),
      signal: abort.signal,
      redirect: 'manual',
    })
  } catch (error) {
    clearTimeout(timer)
    throw new ServiceUnavailableError({ service: params.route.service, reason: error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error) })
  }
  const replyHeaders: Record<string, string> = {}
  for (const name of FORWARDED_REPLY_HEADERS) {
    const value = reply.headers.get(name)
    if (value !== null) replyHeaders[name] = value
  }
  if (params.route.isStream && reply.body !== null) {
    response.writeHead(reply.status, { ...replyHeaders, 'x-accel-buffering': 'no' })
    response.flushHeaders()
    Readable.fromWeb(reply.body as import('node:stream/web').ReadableStream).on('error', () => response.destroy()).pipe(response)
    return
  }
  try {
    const bytes = await readReplyBounded(reply, params.route.service)
    response.writeHead(reply.status, replyHeaders)
    response.end(bytes)
  } finally {
    clearTimeout(timer)
  }
}

/** A service's reply, at most PROXY_REPLY_BYTES_MAX bytes (reading stops there: ServiceUnavailableError). */
async function readReplyBounded(reply: Response, service: ProxiedService): Promise<Uint8Array> {
  try {
    return await readBodyBounded(reply.body, { bytesMax: PROXY_REPLY_BYTES_MAX, bytesDeclared: contentLengthOf(reply.headers), what: 'its reply' })
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ServiceUnavailableError({ service, reason: error.message })
    throw error
  }
}
