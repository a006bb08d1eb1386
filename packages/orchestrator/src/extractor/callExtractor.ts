import { BodyTooLargeError, contentLengthOf, parseJsonBigint, readBodyBounded, stringifyJsonBigint } from '@verity/core'
import type { ExtractRequest } from '@verity/extractor'
import { extractEndpointOf } from '../config/parseExtractorUrl.ts'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'

/** The request of DESIGN §4 (`POST {url}/extract`), as the reference extractor defines it. */
export type { ExtractRequest }

export type CallExtractorParameters = {
  baseUrl: string
  request: ExtractRequest
  timeoutMs: number
  replyBytesMax: number
}

/** How many characters of a non-2xx reply body we quote in the failure reason. */
const ERROR_BODY_QUOTE_CHARS_MAX = 200
/**
 * Statuses that say the extractor (not the proposal) is in trouble right now: too many requests,
 * an internal error, unavailable, a gateway time-out. 502 is not among them: the reference
 * extractor answers 502 when a storefront the proposal names cannot be read.
 */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 500, 503, 504])

/**
 * Asks the evidence extractor for the evidence of a proposal. Returns the `evidence` object of
 * its reply (plain JSON; integers beyond 2^53 as bigint) and its `attestation`, unchecked (or undefined). Throws ExtractorFailedError naming the
 * cause: unreachable, time-out, non-2xx, a reply larger than `replyBytesMax`, or a malformed reply;
 * unreachable, time-out and the TRANSIENT_STATUSES are marked transient.
 */
export async function callExtractor(params: CallExtractorParameters): Promise<{ evidence: Record<string, unknown>; attestation: unknown }> {
  const url = extractEndpointOf(params.baseUrl)
  const fail = (reason: string, transient = false) => new ExtractorFailedError({ url, reason, transient })
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), params.timeoutMs)
  let status: number
  let text: string
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: stringifyJsonBigint(params.request),
      signal: controller.signal,
      redirect: 'error',
    })
    status = response.status
    const bytes = await readBodyBounded(response.body, { bytesMax: params.replyBytesMax, bytesDeclared: contentLengthOf(response.headers), what: 'the reply' })
    text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw fail(`the reply is larger than ${params.replyBytesMax} bytes`)
    if (controller.signal.aborted) throw fail(`no complete reply within ${params.timeoutMs} ms (time-out)`, true)
    throw fail(`unreachable (${describeFetchError(error)})`, true)
  } finally {
    clearTimeout(timer)
  }
  if (status < 200 || status > 299) {
    const quote = text.length > ERROR_BODY_QUOTE_CHARS_MAX ? `${text.slice(0, ERROR_BODY_QUOTE_CHARS_MAX)}…` : text
    throw fail(`answered HTTP ${status}${quote.trim() === '' ? '' : `: ${quote.trim()}`}`, TRANSIENT_STATUSES.has(status))
  }
  let reply: unknown
  try {
    reply = parseJsonBigint(text)
  } catch {
    throw fail('the reply is not valid JSON')
  }
  if (reply === null || typeof reply !== 'object' || Array.isArray(reply))
    throw fail('the reply is not a JSON object {"evidence": {...}}')
  const evidence = (reply as Record<string, unknown>).evidence
  if (evidence === null || typeof evidence !== 'object' || Array.isArray(evidence))
    throw fail('the reply has no "evidence" object')
  return { evidence: evidence as Record<string, unknown>, attestation: (reply as Record<string, unknown>).attestation }
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  if (cause?.code !== undefined) return cause.code
  if (cause?.message !== undefined) return cause.message
  return error instanceof Error ? error.message : String(error)
}
