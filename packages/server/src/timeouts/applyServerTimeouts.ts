import type { Server } from 'node:http'
import {
  CONNECTION_IDLE_TIMEOUT_MS_DEFAULT,
  HEADERS_TIMEOUT_MS_DEFAULT,
  KEEP_ALIVE_TIMEOUT_MS_DEFAULT,
  REQUEST_TIMEOUT_MS_DEFAULT,
} from '../limits.ts'

export type ServerTimeouts = {
  /** Time to receive the request headers (slow-loris). */
  headersTimeoutMs: number
  /** Time to receive the whole request; not the response, so event streams are not cut. */
  requestTimeoutMs: number
  /** Time an idle keep-alive connection is kept between requests. */
  keepAliveTimeoutMs: number
  /** Time a socket may be silent both ways (fastify's `connectionTimeout`). */
  connectionIdleTimeoutMs: number
}

export const SERVER_TIMEOUTS_DEFAULT: ServerTimeouts = Object.freeze({
  headersTimeoutMs: HEADERS_TIMEOUT_MS_DEFAULT,
  requestTimeoutMs: REQUEST_TIMEOUT_MS_DEFAULT,
  keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS_DEFAULT,
  connectionIdleTimeoutMs: CONNECTION_IDLE_TIMEOUT_MS_DEFAULT,
})

/**
 * Sets the time-outs of a service's node http server (`app.server`), replacing fastify's defaults
 * (which leave the request time-out off and idle sockets open forever). Call it right after
 * creating the app, before it listens.
 */
export function applyServerTimeouts(server: Server, overrides: Partial<ServerTimeouts> = {}): ServerTimeouts {
  const timeouts = { ...SERVER_TIMEOUTS_DEFAULT, ...overrides }
  for (const [name, value] of Object.entries(timeouts))
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be an integer ≥ 1 ms, got ${value}`)
  if (timeouts.keepAliveTimeoutMs >= timeouts.headersTimeoutMs)
    throw new RangeError(`keepAliveTimeoutMs (${timeouts.keepAliveTimeoutMs}) must be below headersTimeoutMs (${timeouts.headersTimeoutMs})`)
  server.headersTimeout = timeouts.headersTimeoutMs
  server.requestTimeout = timeouts.requestTimeoutMs
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs
  server.setTimeout(timeouts.connectionIdleTimeoutMs)
  return timeouts
}
