import ipaddr from 'ipaddr.js'

/**
 * Why an address is not a public storefront address: an ipaddr.js range name (`loopback`,
 * `private`, `linkLocal`, `carrierGradeNat`, `uniqueLocal`, `multicast`, `reserved`, `broadcast`,
 * `unspecified`, `teredo`, …), or `notGlobalUnicast` for an IPv6 address outside 2000::/3.
 */
export type AddressRefusalReason = string

export type AddressClass = Readonly<
  | { isPublic: true; address: string }
  | {
      isPublic: false
      address: string
      reason: AddressRefusalReason
      /** The IPv4 address inside an IPv4-mapped, NAT64 (RFC 6052) or 6to4 IPv6 address, when that is what was refused. */
      embeddedIpv4?: string
    }
>

// IANA allocates global unicast IPv6 only from 2000::/3; everything outside it (fec0::/10
// site-local, ::/96 IPv4-compatible, 5f00::/16, …) is refused even where ipaddr.js calls it unicast.
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3')

/**
 * Classifies an IP address (text as DNS or a URL gives it) for the storefront fetch guard, using
 * ipaddr.js's `range()`: public only when IPv4 `unicast`, or IPv6 `unicast` inside 2000::/3. IPv6
 * forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d,
 * NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::) are judged by that IPv4 address. Throws TypeError
 * for text that is not an address (a programming error: callers pass checked addresses).
 */
export function classifyAddress(text: string): AddressClass {
  const parsed = ipaddr.parse(text)
  const address = parsed.toString()
  if (parsed.kind() === 'ipv4') {
    const range = (parsed as ipaddr.IPv4).range()
    return range === 'unicast' ? { isPublic: true, address } : { isPublic: false, address, reason: range }
  }
  const ipv6 = parsed as ipaddr.IPv6
  const embedded = embeddedIpv4Of(ipv6)
  if (embedded !== undefined) {
    const inner = classifyAddress(embedded.toString())
    return inner.isPublic ? { isPublic: true, address } : { isPublic: false, address, reason: inner.reason, embeddedIpv4: inner.address }
  }
  const range = ipv6.range()
  if (range !== 'unicast') return { isPublic: false, address, reason: range }
  if (!ipv6.match(IPV6_GLOBAL_UNICAST)) return { isPublic: false, address, reason: 'notGlobalUnicast' }
  return { isPublic: true, address }
}

/** The IPv4 address an IPv6 address stands for, for the ranges ipaddr.js names as carrying one. */
function embeddedIpv4Of(ipv6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = ipv6.toByteArray()
  switch (ipv6.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
    case 'rfc6052': // 64:ff9b::a.b.c.d
      return new ipaddr.IPv4(bytes.slice(12, 16))
    case '6to4': // 2002:AABB:CCDD::/48 carries a.b.c.d in bits 16-47
      return new ipaddr.IPv4(bytes.slice(2, 6))
    default:
      return undefined
  }
}

/** True when `text` is an IP address literal in the only spellings DNS answers and WHATWG URLs use. */
export function isIpAddressText(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text)
}
