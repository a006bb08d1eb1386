// A small JSON client of one service for the scenarios: every request carries the operator token
// and a time-out, and statuses are returned rather than thrown (scenarios assert on them).
import { stringifyJsonBigint } from '@verity/core'
import { sendHttp, type HttpReply } from './sendHttp.ts'

/** Time-out of one scenario request, in milliseconds. */
export const SCENARIO_REQUEST_TIMEOUT_MS = 30_000

export class UnexpectedStatusError extends Error {
  override readonly name = 'UnexpectedStatusError'
  constructor(readonly what: string, readonly status: number, readonly text: string) {
    super(`${what} answered ${status}: ${text.slice(0, 500)}`)
  }
}

export class ServiceClient {
  constructor(
    public baseUrl: string,
    readonly authHeaders: Record<string, string>,
    readonly timeoutMs = SCENARIO_REQUEST_TIMEOUT_MS,
  ) {}

  get(path: string): Promise<HttpReply> {
    return sendHttp({ method: 'GET', url: `${this.baseUrl}${path}`, headers: this.authHeaders, timeoutMs: this.timeoutMs })
  }
  /** POSTs `body` as JSON (bigints exact), a string as text/plain, nothing when undefined. */
  post(path: string, body?: unknown): Promise<HttpReply> {
    return this.send('POST', path, body)
  }
  put(path: string, body?: unknown): Promise<HttpReply> {
    return this.send('PUT', path, body)
  }
  /** Like get, but throws UnexpectedStatusError unless the status is 200; returns the parsed body. */
  async getOk(path: string): Promise<any> {
    const reply = await this.get(path)
    if (reply.status !== 200) throw new UnexpectedStatusError(`GET ${path}`, reply.status, reply.text)
    return reply.json
  }
  async postOk(path: string, body?: unknown): Promise<any> {
    const reply = await this.post(path, body)
    if (reply.status !== 200) throw new UnexpectedStatusError(`POST ${path}`, reply.status, reply.text)
    return reply.json
  }

  private send(method: string, path: string, body: unknown): Promise<HttpReply> {
    const headers: Record<string, string> = { ...this.authHeaders }
    let text: string | undefined
    if (typeof body === 'string') {
      headers['content-type'] = 'text/plain'
      text = body
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json'
      text = stringifyJsonBigint(body)
    }
    return sendHttp({ method, url: `${this.baseUrl}${path}`, headers, ...(text === undefined ? {} : { body: text }), timeoutMs: this.timeoutMs })
  }
}
