/**
 * Socket failures that say "this connection went away", not "the service is down": the server
 * closed (or reset) a pooled keep-alive connection just as a request was sent on it. Node's fetch
 * (undici) reuses an idle connection; a server closes an idle one after its keep-alive time-out,
 * and a request that crosses the close on the wire fails with "fetch failed" (cause
 * `UND_ERR_SOCKET` "other side closed", or `ECONNRESET` / `EPIPE`). A fresh connection succeeds.
 * Refused connections, DNS failures and time-outs are not transient in this sense: retrying them
 * would only delay the real error.
 */
const TRANSIENT_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])

export function isTransientSocketFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && TRANSIENT_SOCKET_CODES.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Methods whose request may be sent twice with the effect of once (RFC 9110 §9.2.2): only these are retried. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE'])
