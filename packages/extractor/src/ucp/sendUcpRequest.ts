import { setTimeout as sleep } from 'node:timers/promises'
import type { EvidenceSource } from '@verity/core'
import type { Egress } from '../egress/openEgress.ts'
import { StorefrontReplyError, StorefrontUnavailableError } from '../errors/extractorErrors.ts'
import { UcpBadReplyError, UcpRequestRefusedError, UcpUnavailableError } from '../errors/ucpErrors.ts'
import { fetchBounded, type FetchedReply, type FetchRequest } from '../http/fetchBounded.ts'
import { UCP_REQUEST_ATTEMPTS_MAX, UCP_RETRY_DELAY_MS } from '../limits.ts'

/** What every UCP request of one extractor shares: the fetch guard, the bounds, the hosts allowed (openEgress). */
export type UcpTransportContext = Egress

/** Statuses after which a second attempt may succeed (rate limit, gateway, overload). */
const RETRIED_STATUSES = new Set([429, 502, 503, 504])

function isTimeOut(error: StorefrontUnavailableError): boolean {
  return error.fields.reason.startsWith('no complete reply within')
}

/** One attempt; the fetch guard's and fetchBounded's storefront errors become UCP ones (guard refusals keep their codes). */
async function attempt(url: URL, request: FetchRequest, context: UcpTransportContext): Promise<FetchedReply> {
  try {
    return await fetchBounded(url, { ...request, limits: context.limits, isUrlAllowed: context.isUrlAllowed, egress: context.egress })
  } catch (error) {
    if (error instanceof StorefrontUnavailableError) throw new UcpUnavailableError(error.fields, { cause: error })
    if (error instanceof StorefrontReplyError) throw new UcpBadReplyError(error.fields, { cause: error })
    throw error
  }
}

function shouldRetry(outcome: FetchedReply | UcpUnavailableError): boolean {
  if (outcome instanceof UcpUnavailableError) return !isTimeOut(outcome.cause as StorefrontUnavailableError)
  return RETRIED_STATUSES.has(outcome.status)
}

/**
 * Sends one UCP request through the fetch guard (fetchBounded: SSRF rules, bounded time, size and
 * redirects), a second time at most when it could not connect or the business answered 429 or
 * 5xx-gateway (UCP_REQUEST_ATTEMPTS_MAX) and time is left: every attempt shares the one
 * `limits.timeoutMs`, so a retried request still ends by the time-out. It records the final reply in `sources` (URL, status,
 * SHA-256 of the body) for the attestation. Returns a 2xx reply, or the 4xx the caller may read
 * (`statusesRead`). Throws UcpUnavailableError (unreachable, time-out, 5xx), UcpRequestRefusedError
 * (other 4xx), UcpBadReplyError (too large, a redirect not followed), or the guard's refusals.
 */
export async function sendUcpRequest(
  url: URL,
  request: FetchRequest & { statusesRead?: readonly number[] },
  context: UcpTransportContext,
  sources: EvidenceSource[],
): Promise<FetchedReply> {
  const deadlineMs = performance.now() + context.limits.timeoutMs
  let outcome: FetchedReply | UcpUnavailableError | undefined
  for (let attemptNumber = 1; attemptNumber <= UCP_REQUEST_ATTEMPTS_MAX; attemptNumber += 1) {
    if (attemptNumber > 1) await sleep(UCP_RETRY_DELAY_MS)
    const timeoutMs = attemptNumber === 1 ? context.limits.timeoutMs : Math.floor(deadlineMs - performance.now())
    if (attemptNumber > 1 && timeoutMs < UCP_RETRY_DELAY_MS) break
    try {
      outcome = await attempt(url, request, { ...context, limits: { ...context.limits, timeoutMs } })
    } catch (error) {
      if (!(error instanceof UcpUnavailableError)) throw error
      outcome = error
    }
    if (!shouldRetry(outcome)) break
  }
  if (outcome instanceof UcpUnavailableError || outcome === undefined) throw outcome
  sources.push({ url: outcome.url, status: outcome.status, body_sha256: outcome.bodySha256 })
  if (outcome.status >= 200 && outcome.status <= 299) return outcome
  if (request.statusesRead?.includes(outcome.status) === true) return outcome
  const excerpt = outcome.body.slice(0, 200)
  if (outcome.status >= 400 && outcome.status <= 499)
    throw new UcpRequestRefusedError({ url: outcome.url, reason: `status ${outcome.status}${excerpt === '' ? '' : `: ${excerpt}`}` })
  throw new UcpUnavailableError({ url: outcome.url, reason: `status ${outcome.status}` })
}
