import type { FetchLimits } from '../http/fetchBounded.ts'
import { FETCH_TIMEOUT_MS, REDIRECTS_MAX, STOREFRONT_RESPONSE_BYTES_MAX } from '../limits.ts'
import { createStorefrontEgressPolicy, type StorefrontEgressPolicy, type StorefrontLookup } from './StorefrontEgressPolicy.ts'

/** How a product source may reach the network: the same options for storefronts and UCP businesses. */
export type EgressOptions = {
  fetchTimeoutMs?: number
  responseBytesMax?: number
  redirectsMax?: number
  /** Host names the extractor may fetch from (exact, case-insensitive); undefined allows every host. */
  hostsAllowed?: readonly string[]
  /** Ports a URL may name; default 80 and 443 (STOREFRONT_PORTS_ALLOWED_DEFAULT). */
  portsAllowed?: readonly number[]
  /**
   * Non-public addresses that may be fetched (default none): CIDR ranges (`10.1.0.0/16`),
   * addresses (`10.1.2.3`), or `address:port` (`127.0.0.1:8080`, `[::1]:8080`) for one port only.
   */
  privateAddressesAllowed?: readonly string[]
  /** Host name resolver used by the fetch guard (default the system resolver); tests inject one. */
  lookup?: StorefrontLookup
}

/** What every request of one source shares: the bounds, the fetch guard, the hosts allowed. */
export type Egress = Readonly<{
  limits: FetchLimits
  egress: StorefrontEgressPolicy
  isUrlAllowed: (url: URL) => boolean
}>

/**
 * Checks a source's egress options once, at start (InvalidOptionError for a bad port or entry), and
 * returns what fetchBounded needs. Storefronts and UCP businesses follow one rule (StorefrontEgressPolicy):
 * https: to public addresses, plain http: only to listed non-public ones.
 */
export function openEgress(options: EgressOptions): Egress {
  const hostsAllowed = options.hostsAllowed === undefined ? undefined : new Set(options.hostsAllowed.map((host) => host.toLowerCase()))
  return Object.freeze({
    limits: {
      timeoutMs: options.fetchTimeoutMs ?? FETCH_TIMEOUT_MS,
      responseBytesMax: options.responseBytesMax ?? STOREFRONT_RESPONSE_BYTES_MAX,
      redirectsMax: options.redirectsMax ?? REDIRECTS_MAX,
    },
    egress: createStorefrontEgressPolicy({
      ...(options.portsAllowed === undefined ? {} : { portsAllowed: options.portsAllowed }),
      ...(options.privateAddressesAllowed === undefined ? {} : { privateAddressesAllowed: options.privateAddressesAllowed }),
      ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
    }),
    isUrlAllowed: (url: URL) => hostsAllowed === undefined || hostsAllowed.has(url.hostname.toLowerCase()),
  })
}
