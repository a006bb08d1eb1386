import { VerityError } from '@verity/core'

/** A client sent more mutating requests than the rate limit allows in one window. 429 with Retry-After. */
export class RateLimitedError extends VerityError {
  readonly code = 'RATE_LIMITED'
  constructor(readonly fields: { requestsMax: number; windowMs: number; retryAfterSeconds: number }) {
    super(
      `too many requests: at most ${fields.requestsMax} mutating requests per ${fields.windowMs} ms from one client; retry in ${fields.retryAfterSeconds} s`,
    )
  }
}

/** A client already holds as many long-lived connections (event streams) as one client may. 429. */
export class ClientConnectionsExceededError extends VerityError {
  readonly code = 'CLIENT_CONNECTIONS_EXCEEDED'
  constructor(readonly fields: { what: string; connectionsMax: number }) {
    super(`at most ${fields.connectionsMax} ${fields.what} per client are open already; close one first`)
  }
}
