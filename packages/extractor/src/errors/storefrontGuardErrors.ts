import { VerityError, type InvalidOptionError } from '@verity/core'

// Failures of the storefront fetch guard (SSRF): a URL the extractor will not fetch, found before
// any connection is opened. docs/security.md#storefront-fetches-ssrf explains the rules.

/** Where a refused URL came from: the proposal's solution, or a storefront's redirect. */
function origin(redirectedFrom: string | undefined): string {
  return redirectedFrom === undefined ? '' : ` (redirected from ${redirectedFrom})`
}

/** A storefront URL (or a redirect) whose scheme is not http: or https:. */
export class StorefrontSchemeRefusedError extends VerityError {
  readonly code = 'STOREFRONT_SCHEME_REFUSED'
  constructor(readonly fields: { url: string; scheme: string; redirectedFrom?: string }) {
    super(`storefront URL refused: ${fields.url}${origin(fields.redirectedFrom)}: scheme ${fields.scheme} is not fetched, only http: and https:`)
  }
}

/** A storefront URL (or a redirect) on a port that is not in `storefrontPortsAllowed`. */
export class StorefrontPortRefusedError extends VerityError {
  readonly code = 'STOREFRONT_PORT_REFUSED'
  constructor(readonly fields: { url: string; port: number; portsAllowed: readonly number[]; redirectedFrom?: string }) {
    super(
      `storefront URL refused: ${fields.url}${origin(fields.redirectedFrom)}: port ${fields.port} is not allowed ` +
        `(allowed: ${fields.portsAllowed.length === 0 ? 'none' : fields.portsAllowed.join(', ')}); ` +
        `the extractor's operator allows a port with --storefront-ports-allowed, or one address:port of their own with ` +
        `--storefront-private-addresses-allowed HOST:${fields.port} (verity up takes it too)`,
    )
  }
}

/**
 * A storefront URL (or a redirect) whose host is, or resolves to, an address that is not public
 * (loopback, private, link-local, …) or is a `localhost` name, and that
 * `storefrontPrivateAddressesAllowed` does not list. The message names the address only when the
 * URL spelled it: what a name resolves to inside our network is not told to the proposer.
 */
export class StorefrontAddressRefusedError extends VerityError {
  readonly code = 'STOREFRONT_ADDRESS_REFUSED'
  constructor(
    readonly fields: {
      url: string
      host: string
      /** The refused address (undefined for a `localhost` name, refused without resolving). */
      address: string | undefined
      /** An ipaddr.js range name (`loopback`, `private`, …), `notGlobalUnicast`, or `localhost`. */
      reason: string
      /** True when `host` is a name that resolved to `address`, false when the URL spelled the address. */
      isResolved: boolean
      redirectedFrom?: string
    },
  ) {
    const what =
      fields.reason === 'localhost'
        ? `host ${fields.host} is a localhost name`
        : fields.isResolved
          ? `host ${fields.host} resolves to a ${fields.reason} address`
          : `address ${fields.address ?? fields.host} is ${fields.reason}`
    super(`storefront URL refused: ${fields.url}${origin(fields.redirectedFrom)}: ${what}; only public addresses are fetched unless storefrontPrivateAddressesAllowed lists one`)
  }
}

/**
 * A plain http: URL (or redirect) to a public address, of a storefront page or a UCP business: its
 * reply could be altered in transit, and the attested evidence with it. Checked before connecting.
 */
export class StorefrontHttpsRequiredError extends VerityError {
  readonly code = 'STOREFRONT_HTTPS_REQUIRED'
  constructor(readonly fields: { url: string; host: string; redirectedFrom?: string }) {
    super(`URL refused: ${fields.url}${origin(fields.redirectedFrom)}: host ${fields.host} is public, so only https: is fetched (storefronts and UCP businesses on the open network must serve https)`)
  }
}

export type StorefrontGuardErrorCode =
  | StorefrontSchemeRefusedError['code']
  | StorefrontHttpsRequiredError['code']
  | StorefrontPortRefusedError['code']
  | StorefrontAddressRefusedError['code']
  | InvalidOptionError['code']
