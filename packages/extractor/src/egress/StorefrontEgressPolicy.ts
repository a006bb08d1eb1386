import { lookup as dnsLookup } from 'node:dns/promises'
import { InvalidOptionError } from '@verity/core'
import { STOREFRONT_PORTS_ALLOWED_DEFAULT } from '../limits.ts'
import { parsePrivateAddressAllowance, type PrivateAddressAllowance } from './PrivateAddressAllowance.ts'

/** One address a host name resolves to (the shape `dns.promises.lookup(name, { all: true })` gives). */
export type ResolvedAddress = Readonly<{ address: string; family?: number }>

/**
 * Resolves a host name to its addresses. The default is the system resolver
 * (`dns.promises.lookup`, as Node's own connections use); tests pass their own so that a name can
 * resolve to 127.0.0.1 without touching system DNS.
 */
export type StorefrontLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>

/**
 * What the storefront fetch guard allows: the only way out of the extractor to the network. A
 * public address is fetched over https: only, whatever the source (a storefront page, a UCP
 * business): over plain http a reply, and an attested fact with it (a price, a payee), could be
 * altered in transit. Plain http: stays allowed to the non-public addresses
 * `privateAddressesAllowed` lists (a devnet store).
 */
export type StorefrontEgressPolicy = Readonly<{
  portsAllowed: ReadonlySet<number>
  privateAddressesAllowed: readonly PrivateAddressAllowance[]
  lookup: StorefrontLookup
}>

export type StorefrontEgressOptions = {
  /** Ports a storefront URL may name (default 80 and 443). */
  portsAllowed?: readonly number[]
  /** Non-public addresses that may be fetched (default none); see PrivateAddressAllowance for the forms. */
  privateAddressesAllowed?: readonly string[]
  /** Host name resolver (default the system resolver). */
  lookup?: StorefrontLookup
}

const systemLookup: StorefrontLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/** Checks the options once, at start; throws InvalidOptionError naming a bad port or entry. */
export function createStorefrontEgressPolicy(options: StorefrontEgressOptions = {}): StorefrontEgressPolicy {
  const ports = options.portsAllowed ?? STOREFRONT_PORTS_ALLOWED_DEFAULT
  for (const port of ports)
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new InvalidOptionError({ option: 'storefrontPortsAllowed', value: String(port), reason: 'expected a port 1-65535' })
  return Object.freeze({
    portsAllowed: new Set(ports),
    privateAddressesAllowed: Object.freeze((options.privateAddressesAllowed ?? []).map(parsePrivateAddressAllowance)),
    lookup: options.lookup ?? systemLookup,
  })
}
