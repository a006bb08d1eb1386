// One HTTP exchange over node:http, with a hard time-out and full control of method, headers and
// raw body (fetch refuses some methods and rewrites some headers; the fuzzer needs neither).
// An event stream is not read to its end: its status and headers are kept and the socket closed.
import { request } from 'node:http'
import { parseJsonBigint } from '@verity/core'
import { assertLoopbackUrl } from './assertLoopbackUrl.ts'

/** Longest reply body kept, in bytes (the rest is read and dropped). */
export const REPLY_BYTES_KEPT_MAX = 1_048_576
/** Default time-out of one exchange, in milliseconds: connect, send, and read the whole reply. */
export const HTTP_TIMEOUT_MS_DEFAULT = 15_000

export type HttpExchange = {
  method: string
  url: string
  headers?: Record<string, string>
  body?: string | Buffer
  timeoutMs?: number
}

export type HttpReply = { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: any }

export class HttpTimeoutError extends Error {
  override readonly name = 'HttpTimeoutError'
  constructor(readonly exchange: { method: string; url: string }, readonly timeoutMs: number) {
    super(`${exchange.method} ${exchange.url}: no complete reply within ${timeoutMs} ms`)
  }
}

export class HttpConnectionError extends Error {
  override readonly name = 'HttpConnectionError'
  constructor(readonly exchange: { method: string; url: string }, readonly reason: string) {
    super(`${exchange.method} ${exchange.url}: ${reason}`)
  }
}

/** Sends one request to a loopback URL; resolves with the reply, rejects with HttpTimeoutError or HttpConnectionError. */
export function sendHttp(exchange: HttpExchange): Promise<HttpReply> {
  const url = assertLoopbackUrl(exchange.url)
  const timeoutMs = exchange.timeoutMs ?? HTTP_TIMEOUT_MS_DEFAULT
  const headers: Record<string, string | number> = { ...exchange.headers }
  if (exchange.body !== undefined) headers['content-length'] = Buffer.byteLength(exchange.body)
  return new Promise((resolve, reject) => {
    let settled = false
    const finish = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      outcome()
    }
    const outgoing = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: exchange.method, headers, agent: false }, (response) => {
      const status = response.statusCode ?? 0
      if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        finish(() => resolve({ status, headers: response.headers, text: '', json: undefined }))
        outgoing.destroy()
        return
      }
      const chunks: Buffer[] = []
      let kept = 0
      response.on('data', (chunk: Buffer) => {
        if (kept < REPLY_BYTES_KEPT_MAX) chunks.push(chunk)
        kept += chunk.length
      })
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        finish(() => resolve({ status, headers: response.headers, text, json: parseOrUndefined(text) }))
      })
      response.on('error', (error) => finish(() => reject(new HttpConnectionError(exchange, error.message))))
    })
    const timer = setTimeout(() => {
      finish(() => reject(new HttpTimeoutError(exchange, timeoutMs)))
      outgoing.destroy()
    }, timeoutMs)
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(() => reject(new HttpConnectionError(exchange, error.code ?? error.message))))
    outgoing.end(exchange.body)
  })
}

function parseOrUndefined(text: string): unknown {
  if (text === '') return undefined
  try {
    return parseJsonBigint(text)
  } catch {
    return undefined
  }
}
