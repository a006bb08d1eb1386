import { BodyTooLargeError, contentLengthOf, parseJsonBigint, readBodyBounded, retryWithBackoff, stringifyJsonBigint } from '@verity/core'
import { REQUEST_RETRY_ATTEMPTS_MAX, REQUEST_RETRY_DELAY_MS, REQUEST_RETRY_DELAY_MS_MAX, REQUEST_TIMEOUT_MS, SERVICE_RESPONSE_BYTES_MAX } from '../limits.ts'
import { ApiError, ServiceUnreachableError } from './ApiError.ts'
import { describeFetchFailure } from './describeFetchFailure.ts'
import { IDEMPOTENT_METHODS, isTransientSocketFailure } from './isTransientSocketFailure.ts'

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** A JSON value (bigints written as integers), a string (text/plain) or bytes (octet-stream). */
  body?: unknown
  /** A JSON body already written, sent as these exact bytes (application/json): for a request signed over its body. */
  jsonText?: string
  timeoutMs?: number
  signal?: AbortSignal
  /** Sent as `Authorization: Bearer <token>` (operator routes; docs/security.md). */
  token?: string | undefined
  /** More request headers (a UCP business wants `UCP-Agent`). */
  headers?: Readonly<Record<string, string>>
}

export type HttpResponse = { status: number; contentType: string; text: string }

/**
 * Sends one request to `baseUrl + path` and returns the response text; a non-2xx answer throws
 * `ApiError` with the service's `{message, code, index}`, a network failure `ServiceUnreachableError`.
 * An idempotent request whose connection was closed under it (a keep-alive race) is sent again on a
 * fresh connection (REQUEST_RETRY_ATTEMPTS_MAX tries in all, within the one time-out); a POST never is.
 */
export async function request(baseUrl: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
  const method = options.method ?? 'GET'
  const url = `${baseUrl.replace(/\/$/, '')}${path}`
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined && options.token !== '') headers.authorization = `Bearer ${options.token}`
  let body: string | Uint8Array | undefined
  if (options.jsonText !== undefined) {
    headers['content-type'] = 'application/json'
    body = options.jsonText
  } else if (options.body instanceof Uint8Array) {
    headers['content-type'] = 'application/octet-stream'
    body = options.body
  } else if (typeof options.body === 'string') {
    headers['content-type'] = 'text/plain; charset=utf-8'
    body = options.body
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = stringifyJsonBigint(options.body)
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let response: Response
  let text: string
  const send = async () => {
    // Our byte bodies are ArrayBuffer-backed; the DOM's BodyInit (browser builds) accepts only those.
    const answer = await fetch(url, { method, headers, body: (body ?? null) as string | Uint8Array<ArrayBuffer> | null, signal })
    const bytes = await readBodyBounded(answer.body, { bytesMax: SERVICE_RESPONSE_BYTES_MAX, bytesDeclared: contentLengthOf(answer.headers), what: `the response of ${url}` })
    return { answer, text: new TextDecoder().decode(bytes) }
  }
  try {
    ;({ answer: response, text } = await retryWithBackoff(send, {
      attemptsMax: IDEMPOTENT_METHODS.has(method) ? REQUEST_RETRY_ATTEMPTS_MAX : 1,
      delayMsMin: REQUEST_RETRY_DELAY_MS,
      delayMsMax: REQUEST_RETRY_DELAY_MS_MAX,
      isRetryable: (error) => !signal.aborted && isTransientSocketFailure(error),
      signal,
    }))
  } catch (error) {
    // A service that answers more than we read is not unreachable: its BODY_TOO_LARGE goes to the caller.
    if (error instanceof BodyTooLargeError) throw error
    const reason = timeout.aborted ? `no answer within ${options.timeoutMs ?? REQUEST_TIMEOUT_MS} ms` : describeFetchFailure(error)
    throw new ServiceUnreachableError({ url, reason }, { cause: error })
  }
  if (response.status >= 400) throw apiErrorOf(method, url, response.status, text)
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text }
}

/** Like `request`, parsing the answer as JSON (integers beyond 2^53 stay exact); `undefined` when empty. */
export async function requestJson<T>(baseUrl: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { text } = await request(baseUrl, path, options)
  return (text.length === 0 ? undefined : parseJsonBigint(text)) as T
}

function apiErrorOf(method: string, url: string, status: number, text: string): ApiError {
  let body: { message?: unknown; code?: unknown; index?: unknown; messages?: Array<{ code?: unknown; content?: unknown }> } = {}
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    // not JSON: the text itself is the message
  }
  // A UCP business answers its errors as `{ucp, messages: [{code, content}]}` (error_response.json).
  const ucpMessage = Array.isArray(body.messages) ? body.messages[0] : undefined
  if (typeof ucpMessage?.content === 'string') body = { message: ucpMessage.content, ...(typeof ucpMessage.code === 'string' ? { code: ucpMessage.code } : {}) }
  const message = typeof body.message === 'string' ? body.message : text.slice(0, 500) || `status ${status}`
  return new ApiError({
    method,
    url,
    status,
    message,
    ...(typeof body.code === 'string' ? { serverCode: body.code } : {}),
    ...(typeof body.index === 'number' ? { index: body.index } : {}),
  })
}

