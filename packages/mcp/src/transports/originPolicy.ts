import { isLoopbackHost } from '@verity/server'
import { AllowedOriginInvalidError } from '../errors/mcpErrors.ts'
import { HTTP_ALLOWED_ORIGINS_MAX } from '../limits.ts'

/**
 * Which browser origins may call `verity mcp --http` (the MCP spec's transport section: servers
 * MUST validate the Origin header, against DNS rebinding and web pages posting to a local
 * server). A request without an Origin header (an MCP client that is not a browser) is served; a
 * request with one is served only when it is the server's own origin (on loopback: the same port
 * at 127.0.0.1, localhost and [::1]) or one the operator listed.
 */
export type OriginPolicy = { isAllowed(origin: string | undefined): boolean; readonly allowed: readonly string[] }

/**
 * Reads the operator's list (`--allowed-origins`, VERITY_MCP_ALLOWED_ORIGINS): each entry an
 * http(s) origin, scheme, host and optional port, nothing else. Throws AllowedOriginInvalidError
 * naming the entry, or when the list is longer than HTTP_ALLOWED_ORIGINS_MAX.
 */
export function parseAllowedOrigins(entries: readonly string[]): string[] {
  if (entries.length > HTTP_ALLOWED_ORIGINS_MAX)
    throw new AllowedOriginInvalidError({ origin: `${entries.length} entries`, reason: `at most ${HTTP_ALLOWED_ORIGINS_MAX} origins may be listed` })
  return entries.map((entry) => {
    let url: URL
    try {
      url = new URL(entry)
    } catch {
      throw new AllowedOriginInvalidError({ origin: entry, reason: 'not a URL; write it as scheme://host[:port], e.g. https://app.example' })
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AllowedOriginInvalidError({ origin: entry, reason: 'only http and https origins can be listed' })
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
      throw new AllowedOriginInvalidError({ origin: entry, reason: `an origin has no path, query or credentials (did you mean ${url.origin}?)` })
    return url.origin
  })
}

/** The policy of a server listening on `host:port` that also allows `listed` (already parsed). */
export function createOriginPolicy(host: string, port: number, listed: readonly string[]): OriginPolicy {
  const hostForUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  const own = isLoopbackHost(host) ? ['127.0.0.1', 'localhost', '[::1]', hostForUrl] : [hostForUrl]
  const allowed = new Set([...own.map((name) => new URL(`http://${name}:${port}`).origin), ...listed])
  return {
    allowed: [...allowed],
    isAllowed(origin) {
      if (origin === undefined) return true
      return allowed.has(normalizeOrigin(origin))
    },
  }
}

/** The origin as browsers serialize it, lower-cased, default port dropped; '' when it is not one ("null" included). */
function normalizeOrigin(origin: string): string {
  try {
    const url = new URL(origin)
    return url.origin === 'null' ? '' : url.origin
  } catch {
    return ''
  }
}
