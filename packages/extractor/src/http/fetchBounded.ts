import { StorefrontReplyError, StorefrontUnavailableError } from '../errors/extractorErrors.ts'

export type FetchLimits = Readonly<{
  /** Whole fetch, redirects and body included. */
  timeoutMs: number
  responseBytesMax: number
  redirectsMax: number
}>

export type FetchedReply = Readonly<{ url: string; status: number; contentType: string; body: string }>

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

async function readBody(response: Response, url: string, bytesMax: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > bytesMax) {
    await response.body?.cancel()
    throw new StorefrontReplyError({ url, reason: `reply of ${declared} bytes, at most ${bytesMax}` })
  }
  if (response.body === null) return ''
  const chunks: Uint8Array[] = []
  let bytes = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes > bytesMax) {
      await reader.cancel()
      throw new StorefrontReplyError({ url, reason: `reply larger than ${bytesMax} bytes` })
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

async function fetchOnce(url: URL, accept: string, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { redirect: 'manual', signal, headers: { accept, 'user-agent': 'verity-extractor' } })
  } catch (error) {
    if (signal.aborted) throw error
    throw new StorefrontUnavailableError({ url: url.href, reason: describeNetworkError(error) }, { cause: error })
  }
}

/**
 * GETs `url` within `limits`: redirects are followed by hand, at most `redirectsMax`, only to
 * http(s) URLs that `isUrlAllowed` accepts; the body is read up to `responseBytesMax` bytes; the
 * whole exchange is aborted after `timeoutMs`. Returns any final status (the caller decides what a
 * 404 means). Throws StorefrontUnavailableError (unreachable, time-out) or StorefrontReplyError.
 */
export async function fetchBounded(
  url: URL,
  params: { accept: string; limits: FetchLimits; isUrlAllowed: (url: URL) => boolean },
): Promise<FetchedReply> {
  const { accept, limits, isUrlAllowed } = params
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs)
  let current = url
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetchOnce(current, accept, controller.signal)
      if (!REDIRECT_STATUSES.has(response.status)) {
        const body = await readBody(response, current.href, limits.responseBytesMax)
        return { url: current.href, status: response.status, contentType: response.headers.get('content-type') ?? '', body }
      }
      await response.body?.cancel()
      const location = response.headers.get('location')
      const next = location === null ? undefined : URL.parse(location, current.href)
      if (next === undefined || next === null)
        throw new StorefrontReplyError({ url: current.href, reason: `redirect ${response.status} without a valid Location` })
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new StorefrontReplyError({ url: current.href, reason: `redirect to a non-http(s) URL refused (${next.protocol})` })
      if (!isUrlAllowed(next)) throw new StorefrontReplyError({ url: current.href, reason: `redirect to a host not allowed (${next.host})` })
      if (redirects >= limits.redirectsMax)
        throw new StorefrontReplyError({ url: current.href, reason: `more than ${limits.redirectsMax} redirects` })
      current = next
    }
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof StorefrontReplyError))
      throw new StorefrontUnavailableError({ url: current.href, reason: `no complete reply within ${limits.timeoutMs} ms` }, { cause: error })
    throw error
  } finally {
    clearTimeout(timer)
  }
}
