import type { RequestOptions } from '../http/requestJson.ts'
import { defaultClientToken, type ClientOptions } from './ClientOptions.ts'

/** Per-call options every client method takes. */
export type CallOptions = Pick<RequestOptions, 'timeoutMs' | 'signal'>

/** What every service client shares: its base URL and the operator token it sends on every call. */
export abstract class ServiceClient {
  /** The token sent on every call: `options.token`, else VERITY_ADMIN_TOKEN when set (in Node). */
  readonly token: string | undefined

  constructor(
    readonly baseUrl: string,
    options: ClientOptions = {},
  ) {
    this.token = options.token ?? defaultClientToken()
  }

  /** The call options with this client's token. */
  protected authorized<T extends CallOptions>(options: T): T & { token: string | undefined } {
    return { ...options, token: this.token }
  }
}
