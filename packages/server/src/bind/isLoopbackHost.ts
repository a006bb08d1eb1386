import { isIPv4, isIPv6 } from 'node:net'

/**
 * True when `host` (a listen address) is reachable only from this machine: `localhost`, an IPv4
 * address in 127.0.0.0/8, `::1`, or an IPv4-mapped `::ffff:127.x.y.z`. Every other name or
 * address (`0.0.0.0`, `::`, a LAN address, a host name) counts as reachable from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  const lower = bare.toLowerCase()
  if (lower === 'localhost') return true
  if (isIPv4(lower)) return lower.split('.')[0] === '127'
  if (!isIPv6(lower)) return false
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  return mapped !== null && isIPv4(mapped[1]!) && mapped[1]!.split('.')[0] === '127'
}
