import { BodyTooLargeError, contentLengthOf, parseJsonBigint, readBodyBounded, stringifyJsonBigint } from '@verity/core'
import { BaseLayerRpcError, BaseLayerUnavailableError } from '../errors/clientErrors.ts'
import { RPC_CLIENT_REPLY_BYTES_MAX, RPC_CLIENT_TIMEOUT_MS_DEFAULT } from '../limits.ts'
import type { BaseLayerMethod } from '../rpc/rpcMethods.ts'
import { RpcBaseLayerClient } from './RpcBaseLayerClient.ts'

export type HttpBaseLayerClientOptions = {
  /** time to wait for one reply, in milliseconds (default RPC_CLIENT_TIMEOUT_MS_DEFAULT) */
  timeoutMs?: number
  /** largest reply read, in bytes (default RPC_CLIENT_REPLY_BYTES_MAX) */
  replyBytesMax?: number
}

/** A `BaseLayerClient` speaking JSON-RPC 2.0 over HTTP to a node at `url` (e.g. http://127.0.0.1:9000). */
export class HttpBaseLayerClient extends RpcBaseLayerClient {
  readonly #timeoutMs: number
  readonly #replyBytesMax: number
  #nextId = 1

  constructor(
    readonly url: string,
    options: HttpBaseLayerClientOptions = {},
  ) {
    super()
    this.#timeoutMs = options.timeoutMs ?? RPC_CLIENT_TIMEOUT_MS_DEFAULT
    this.#replyBytesMax = options.replyBytesMax ?? RPC_CLIENT_REPLY_BYTES_MAX
  }

  protected async call(method: BaseLayerMethod, params: Record<string, unknown>): Promise<unknown> {
    const id = this.#nextId++
    const unavailable = (reason: string, cause?: unknown) =>
      new BaseLayerUnavailableError({ url: this.url, method, reason }, { cause })
    let text: string
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stringifyJsonBigint({ jsonrpc: '2.0', id, method, params }),
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      const bytes = await readBodyBounded(response.body, { bytesMax: this.#replyBytesMax, bytesDeclared: contentLengthOf(response.headers), what: 'the reply' })
      text = new TextDecoder().decode(bytes)
      if (!(response.headers.get('content-type') ?? '').includes('application/json'))
        throw unavailable(`HTTP ${response.status} without a JSON-RPC body`)
    } catch (error) {
      if (error instanceof BaseLayerUnavailableError) throw error
      if (error instanceof BodyTooLargeError) throw unavailable(`the reply is larger than ${this.#replyBytesMax} bytes`, error)
      const reason = (error as Error).name === 'TimeoutError' ? `no reply within ${this.#timeoutMs} ms` : (error as Error).message
      throw unavailable(reason, error)
    }
    let reply: { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: { code?: string } } }
    try {
      reply = parseJsonBigint(text) as typeof reply
    } catch (error) {
      throw unavailable('the reply is not JSON', error)
    }
    if (reply === null || typeof reply !== 'object') throw unavailable('the reply is not a JSON-RPC response')
    if (reply.error !== undefined) {
      const { code, message, data } = reply.error
      throw new BaseLayerRpcError({ method, rpcCode: code, code: data?.code ?? 'SERVER_ERROR', message })
    }
    if (reply.id !== id || !('result' in reply)) throw unavailable('the reply is not a JSON-RPC response to this request')
    return reply.result
  }

  async close(): Promise<void> {}
}
