import ipaddr from 'ipaddr.js'
import { InvalidOptionError } from '@verity/core'

/**
 * One entry of `storefrontPrivateAddressesAllowed`: an operator's explicit permission to fetch
 * storefronts at non-public addresses.
 * - `10.1.0.0/16`, `fd00::/8`: every address in the range, on the ports of `storefrontPortsAllowed`.
 * - `10.1.2.3`, `::1`: that one address, on the ports of `storefrontPortsAllowed`.
 * - `127.0.0.1:8080`, `[::1]:8080`: that one address on that one port only (whatever
 *   `storefrontPortsAllowed` says): a single internal service, and nothing else on that host.
 */
export type PrivateAddressAllowance = Readonly<{
  /** The entry as written (for messages and logs). */
  entry: string
  range: readonly [ipaddr.IPv4 | ipaddr.IPv6, number]
  /** Set for `address:port` entries: the only port allowed. */
  port: number | undefined
}>

const ADDRESS_WITH_PORT = /^(?:\[([^\]]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):(\d{1,5})$/

function reject(entry: string, reason: string): InvalidOptionError {
  return new InvalidOptionError({ option: 'storefrontPrivateAddressesAllowed', value: entry, reason })
}

function parseStrictAddress(text: string, entry: string): ipaddr.IPv4 | ipaddr.IPv6 {
  // Only the spellings DNS answers and URLs use: `0x7f.1` in a security list is more likely a typo than intent.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text))
    throw reject(entry, 'expected an IP address (dotted IPv4 or IPv6), an address:port ([v6]:port), or a CIDR range')
  return ipaddr.parse(text)
}

/** Parses one `storefrontPrivateAddressesAllowed` entry; throws InvalidOptionError naming it. */
export function parsePrivateAddressAllowance(entry: string): PrivateAddressAllowance {
  const text = entry.trim()
  const withPort = ADDRESS_WITH_PORT.exec(text)
  if (withPort !== null) {
    const port = Number(withPort[3])
    if (port < 1 || port > 65_535) throw reject(entry, `port ${port} is not 1-65535`)
    const address = parseStrictAddress((withPort[1] ?? withPort[2]) as string, entry)
    return { entry, range: [address, address.kind() === 'ipv4' ? 32 : 128], port }
  }
  if (text.includes('/')) {
    const [addressText, bitsText] = text.split('/') as [string, string]
    parseStrictAddress(addressText, entry)
    if (!ipaddr.isValidCIDR(text)) throw reject(entry, `prefix length /${bitsText} does not fit the address`)
    return { entry, range: ipaddr.parseCIDR(text), port: undefined }
  }
  const address = parseStrictAddress(text, entry)
  return { entry, range: [address, address.kind() === 'ipv4' ? 32 : 128], port: undefined }
}

/**
 * The first allowance that covers `address` (and, for `address:port` entries, `port`). `address`
 * is checked as written and, for an IPv6 address carrying an IPv4 one, as that IPv4 address too.
 */
export function findPrivateAddressAllowance(
  allowances: readonly PrivateAddressAllowance[],
  candidates: readonly string[],
  port: number,
): PrivateAddressAllowance | undefined {
  const parsed = candidates.map((candidate) => ipaddr.parse(candidate))
  return allowances.find(
    (allowance) =>
      (allowance.port === undefined || allowance.port === port) &&
      parsed.some((address) => address.kind() === allowance.range[0].kind() && address.match(allowance.range as [ipaddr.IPv4 | ipaddr.IPv6, number])),
  )
}
