import { createHash } from 'node:crypto'
import { BodyTooLargeError, contentLengthOf, isVerityError, readBodyBounded } from '@verity/core'
import { fetch, type Dispatcher, type Response } from 'undici'
import { checkStorefrontTarget, type StorefrontTarget } from '../egress/checkStorefrontTarget.ts'
import { createPinnedDispatcher } from '../egress/createPinnedDispatcher.ts'
import type { StorefrontEgressPolicy } from '../egress/StorefrontEgressPolicy.ts'
import { StorefrontReplyError, StorefrontUnavailableError } from '../errors/extractorErrors.ts'
import { StorefrontSchemeRefusedError } from '../errors/storefrontGuardErrors.ts'

export type FetchLimits = Readonly<{
  /** Whole fetch, redirects and body included. */
  timeoutMs: number
  responseBytesMax: number
  redirectsMax: number
}>

/**
 * A final (non-redirect) reply; `bodySha256` is the hex SHA-256 of the body bytes as received (for
 * attestations); `cacheControl` and `ageSeconds` are the reply's caching headers (RFC 9111), when sent.
 */
export type FetchedReply = Readonly<{
  url: string
  status: number
  contentType: string
  body: string
  bodySha256: string
  cacheControl?: string
  ageSeconds?: number
}>

/** What to send: GET by default; a POST carries a body (JSON for UCP) and is followed only through 307/308 redirects. */
export type FetchRequest = Readonly<{ accept: string; method?: 'GET' | 'POST'; body?: string; headers?: Readonly<Record<string, string>> }>

/** Redirects that keep the method and body (RFC 9110 §15.4.8-9): the only ones a POST follows. */
const METHOD_KEEPING_REDIRECTS = new Set([307, 308])

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

/** Reads the reply body, stopping at `bytesMax` (readBodyBounded); too large is a StorefrontReplyError. */
async function readBody(response: Response, url: string, bytesMax: number): Promise<{ text: string; sha256: string }> {
  const bytesDeclared = contentLengthOf(response.headers)
  let bytesRead: Uint8Array
  try {
    bytesRead = await readBodyBounded(response.body, { bytesMax, bytesDeclared, what: 'the reply' })
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    const reason = bytesDeclared !== undefined && bytesDeclared > bytesMax ? `reply of ${bytesDeclared} bytes, at most ${bytesMax}` : `reply larger than ${bytesMax} bytes`
    throw new StorefrontReplyError({ url, reason }, { cause: error })
  }
  return { text: new TextDecoder().decode(bytesRead), sha256: createHash('sha256').update(bytesRead).digest('hex') }
}

async function fetchOnce(target: StorefrontTarget, dispatcher: Dispatcher, request: FetchRequest, signal: AbortSignal): Promise<Response> {
  const headers = { ...request.headers, accept: request.accept, 'user-agent': 'verity-extractor' }
  const method = request.method ?? 'GET'
  try {
    return await fetch(target.url, { dispatcher, redirect: 'manual', signal, method, headers, ...(request.body === undefined ? {} : { body: request.body }) })
  } catch (error) {
    if (signal.aborted) throw error
    throw new StorefrontUnavailableError({ url: target.url.href, reason: describeNetworkError(error) }, { cause: error })
  }
}

type Hop = { reply: FetchedReply } | { redirectStatus: number; location: string | null }

/** One request to a checked target, over a dispatcher pinned to its checked addresses. */
function cachingHeaders(response: Response): { cacheControl?: string; ageSeconds?: number } {
  const cacheControl = response.headers.get('cache-control') ?? undefined
  const age = response.headers.get('age')
  const ageSeconds = age !== null && /^\d{1,10}$/.test(age.trim()) ? Number(age.trim()) : undefined
  return { ...(cacheControl === undefined ? {} : { cacheControl }), ...(ageSeconds === undefined ? {} : { ageSeconds }) }
}

async function fetchHop(target: StorefrontTarget, request: FetchRequest, bytesMax: number, signal: AbortSignal): Promise<Hop> {
  const dispatcher = createPinnedDispatcher(target)
  try {
    const response = await fetchOnce(target, dispatcher, request, signal)
    if (!REDIRECT_STATUSES.has(response.status)) {
      const body = await readBody(response, target.url.href, bytesMax)
      const contentType = response.headers.get('content-type') ?? ''
      return { reply: { url: target.url.href, status: response.status, contentType, body: body.text, bodySha256: body.sha256, ...cachingHeaders(response) } }
    }
    await response.body?.cancel()
    return { redirectStatus: response.status, location: response.headers.get('location') }
  } finally {
    dispatcher.destroy().catch(() => undefined)
  }
}

/** Where a redirect leads, if we may go there (the guard checks its address before the next hop). */
function redirectTarget(current: URL, status: number, location: string | null, isUrlAllowed: (url: URL) => boolean, method: 'GET' | 'POST'): URL {
  const next = location === null ? null : URL.parse(location, current.href)
  if (next === null) throw new StorefrontReplyError({ url: current.href, reason: `redirect ${status} without a valid Location` })
  if (method === 'POST' && !METHOD_KEEPING_REDIRECTS.has(status))
    throw new StorefrontReplyError({ url: current.href, reason: `redirect ${status} of a POST is not followed (only 307 and 308 keep the request)` })
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    throw new StorefrontSchemeRefusedError({ url: next.href, scheme: next.protocol, redirectedFrom: current.href })
  if (!isUrlAllowed(next)) throw new StorefrontReplyError({ url: current.href, reason: `redirect to a host not allowed (${next.host})` })
  return next
}

/**
 * GETs (or POSTs, `request.method`) `url` within `limits`, through the storefront fetch guard: before every request (the first
 * and each redirect) the URL's scheme, port and addresses are checked against `egress`
 * (checkStorefrontTarget), and the connection goes to the checked addresses only. Redirects are
 * followed by hand, at most `redirectsMax`, only to http(s) URLs that `isUrlAllowed` accepts; the
 * body is read up to `responseBytesMax` bytes; the whole exchange is aborted after `timeoutMs`.
 * Returns any final status (the caller decides what a 404 means). Throws the guard's refusals
 * (StorefrontSchemeRefusedError, StorefrontPortRefusedError, StorefrontAddressRefusedError),
 * StorefrontUnavailableError (unreachable, unresolvable, time-out) or StorefrontReplyError.
 */
export async function fetchBounded(
  url: URL,
  params: FetchRequest & { limits: FetchLimits; isUrlAllowed: (url: URL) => boolean; egress: StorefrontEgressPolicy },
): Promise<FetchedReply> {
  const { limits, isUrlAllowed, egress } = params
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs)
  let current = url
  let redirectedFrom: string | undefined
  try {
    for (let redirects = 0; ; redirects += 1) {
      const context = { signal: controller.signal, ...(redirectedFrom === undefined ? {} : { redirectedFrom }) }
      const target = await checkStorefrontTarget(current, egress, context)
      const hop = await fetchHop(target, params, limits.responseBytesMax, controller.signal)
      if ('reply' in hop) return hop.reply
      const next = redirectTarget(current, hop.redirectStatus, hop.location, isUrlAllowed, params.method ?? 'GET')
      if (redirects >= limits.redirectsMax)
        throw new StorefrontReplyError({
          url: current.href,
          reason: limits.redirectsMax === 0 ? `redirect ${hop.redirectStatus} to ${next.href} not followed (no redirects here)` : `more than ${limits.redirectsMax} redirects`,
        })
      redirectedFrom = current.href
      current = next
    }
  } catch (error) {
    if (controller.signal.aborted && !isVerityError(error))
      throw new StorefrontUnavailableError({ url: current.href, reason: `no complete reply within ${limits.timeoutMs} ms` }, { cause: error })
    throw error
  } finally {
    clearTimeout(timer)
  }
}
