import { VerityError } from '@verity/core'

// Failures of resolving a solution at a UCP business (docs/extractor.md, "UCP businesses"). Refusals
// of the fetch guard keep their STOREFRONT_* codes (storefrontGuardErrors.ts): one guard for every
// request the extractor sends out.

/** The business's profile does not list the capability the extractor needs (dev.ucp.shopping.catalog.lookup). */
export class UcpCapabilityMissingError extends VerityError {
  readonly code = 'UCP_CAPABILITY_MISSING'
  constructor(readonly fields: { business: string; reason: string }) {
    super(`UCP business ${fields.business}: ${fields.reason}`)
  }
}

/** The business's profile lists no dev.ucp.shopping binding the extractor speaks (REST or MCP, at its version, with an endpoint). */
export class UcpNoTransportError extends VerityError {
  readonly code = 'UCP_NO_TRANSPORT'
  constructor(readonly fields: { business: string; reason: string }) {
    super(`UCP business ${fields.business}: ${fields.reason}`)
  }
}

/** The business speaks another UCP version than the extractor (the message names both). */
export class UcpVersionUnsupportedError extends VerityError {
  readonly code = 'UCP_VERSION_UNSUPPORTED'
  constructor(readonly fields: { business: string; reason: string }) {
    super(`UCP business ${fields.business}: ${fields.reason}`)
  }
}

/** The business could not be reached, did not answer in time, or answered 5xx / 429. */
export class UcpUnavailableError extends VerityError {
  readonly code = 'UCP_UNAVAILABLE'
  constructor(readonly fields: { url: string; reason: string }, options?: { cause?: unknown }) {
    super(`UCP business unavailable: ${fields.url}: ${fields.reason}`, options)
  }
}

/** The business refused the request at the transport level: an HTTP 4xx, or a JSON-RPC error over MCP. */
export class UcpRequestRefusedError extends VerityError {
  readonly code = 'UCP_REQUEST_REFUSED'
  constructor(readonly fields: { url: string; reason: string }) {
    super(`UCP business refused the request: ${fields.url}: ${fields.reason}`)
  }
}

/** The business answered, but not with a valid UCP reply: too large, not JSON, or breaking the 2026-04-08 schema (the paths are named). */
export class UcpBadReplyError extends VerityError {
  readonly code = 'UCP_BAD_REPLY'
  constructor(readonly fields: { url: string; reason: string }, options?: { cause?: unknown }) {
    super(`UCP reply refused: ${fields.url}: ${fields.reason}`, options)
  }
}

/** A variant's price is not an integer amount in the currency's minor units (UCP amount.json), e.g. 19.99 instead of 1999. */
export class UcpPriceInvalidError extends VerityError {
  readonly code = 'UCP_PRICE_INVALID'
  constructor(readonly fields: { url: string; path: string; amount: unknown }) {
    super(
      `UCP reply refused: ${fields.url}: ${fields.path} is ${JSON.stringify(fields.amount) ?? String(fields.amount)}, ` +
        'not an integer amount in minor units (UCP prices are integers: 1999 for USD 19.99)',
    )
  }
}

export type UcpErrorCode =
  | UcpCapabilityMissingError['code']
  | UcpNoTransportError['code']
  | UcpVersionUnsupportedError['code']
  | UcpUnavailableError['code']
  | UcpRequestRefusedError['code']
  | UcpBadReplyError['code']
  | UcpPriceInvalidError['code']

/**
 * A checkout a proposal names cannot be proven: the business did not sign it (no valid
 * `ap2.merchant_authorization` under a key of its profile's `signing_keys`), or it lists no checkout
 * capability. The proof of a checkout rests on the business's signature (docs/extractor.md, "UCP checkouts").
 */
export class UcpCheckoutUnsignedError extends VerityError {
  readonly code = 'UCP_CHECKOUT_UNSIGNED'
  constructor(readonly fields: { url: string; reason: string }) {
    super(`UCP checkout refused: ${fields.url}: ${fields.reason}`)
  }
}
