// Where the store may connect to reach a platform (its profile, its order webhook): loopback,
// or a host the operator listed, and then over https only. Checked before any connection.
import { isIP } from 'node:net'

export type PlatformEgress = Readonly<{
  /** Host names (exact, case-insensitive) besides loopback that the store may fetch profiles from and post webhooks to, over https. */
  hostsAllowed: readonly string[]
}>

/** Why a URL may not be contacted, or undefined when it may. */
export function platformUrlRefusal(url: URL, egress: PlatformEgress): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not http(s)`
  if (url.username !== '' || url.password !== '') return 'the URL carries credentials'
  if (isLoopbackHost(url.hostname)) return undefined
  const host = url.hostname.toLowerCase()
  if (!egress.hostsAllowed.some((allowed) => allowed.toLowerCase() === host)) {
    return `${host} is neither loopback nor one of the platform hosts this store may contact (--platform-hosts)`
  }
  if (url.protocol !== 'https:') return `${host} is not loopback: it must be reached over https`
  return undefined
}

/** `localhost` (RFC 6761), 127.0.0.0/8, ::1 (also bracketed). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1'
  return false
}
