import { VerityError } from '@verity/core'
import type { Ap2Receipts } from '../checkout/payment/ap2Receipts.ts'

// The store's failures, each with its stable code (packages/store/README.md); the edge answers
// each code with a UCP error code (http/ucpErrorCodes.ts).

/** The request does not match the UCP request schema, or asks for something the store refuses (an unknown filter, no input). */
export class StoreRequestInvalidError extends VerityError {
  readonly code = 'INVALID_REQUEST'
  constructor(readonly fields: { reason: string }) {
    super(`invalid request: ${fields.reason}`)
  }
}

/** No `UCP-Agent` header (REST) or `meta["ucp-agent"].profile` (MCP), or its profile is not an absolute http(s) URL. */
export class PlatformProfileInvalidError extends VerityError {
  readonly code = 'INVALID_PROFILE_URL'
  constructor(readonly fields: { reason: string }) {
    super(`${fields.reason}; send your platform profile as the UCP spec asks: header UCP-Agent: profile="https://…" (REST) or arguments.meta["ucp-agent"].profile (MCP)`)
  }
}

/** A lookup naming more ids than LOOKUP_IDS_MAX (the spec's `request_too_large`). */
export class LookupTooLargeError extends VerityError {
  readonly code = 'REQUEST_TOO_LARGE'
  constructor(readonly fields: { count: number; max: number }) {
    super(`a lookup may name at most ${fields.max} ids, got ${fields.count}`)
  }
}

/** A `pagination.cursor` the store did not hand out. */
export class CursorInvalidError extends VerityError {
  readonly code = 'INVALID_CURSOR'
  constructor(readonly fields: { cursor: string }) {
    super(`pagination.cursor ${JSON.stringify(fields.cursor.slice(0, 64))} was not handed out by this store`)
  }
}

/** The catalog file cannot be read, is too large, is not JSON, or an entry breaks the UCP Product schema (a start-up error). */
export class StoreCatalogInvalidError extends VerityError {
  readonly code = 'STORE_CATALOG_INVALID'
  constructor(readonly fields: { path: string; reason: string }) {
    super(`catalog ${fields.path}: ${fields.reason}`)
  }
}

/** No checkout session with this id (or it expired and was never completed). */
export class CheckoutNotFoundError extends VerityError {
  readonly code = 'CHECKOUT_NOT_FOUND'
  constructor(readonly fields: { id: string }) {
    super(`no checkout session ${JSON.stringify(fields.id.slice(0, 80))}`)
  }
}

/** No order with this id. */
export class OrderNotFoundError extends VerityError {
  readonly code = 'ORDER_NOT_FOUND'
  constructor(readonly fields: { id: string }) {
    super(`no order ${JSON.stringify(fields.id.slice(0, 80))}`)
  }
}

/** The session is completed, canceled, expired or being completed: it cannot be updated, completed or canceled. */
export class CheckoutNotModifiableError extends VerityError {
  readonly code = 'CHECKOUT_NOT_MODIFIABLE'
  constructor(readonly fields: { id: string; status: string; operation: string }) {
    super(`checkout ${fields.id} is ${fields.status}: it cannot be ${fields.operation}`)
  }
}

/** Complete was asked before a destination and a fulfillment option were selected for every group. */
export class FulfillmentIncompleteError extends VerityError {
  readonly code = 'FULFILLMENT_INCOMPLETE'
  constructor(readonly fields: { id: string }) {
    super(`Fulfillment address and option must be selected before checkout ${fields.id} can be completed`)
  }
}

/** The same Idempotency-Key was sent with another request (another body, route or method). */
export class IdempotencyConflictError extends VerityError {
  readonly code = 'IDEMPOTENCY_CONFLICT'
  constructor(readonly fields: { key: string }) {
    super(`Idempotency-Key ${JSON.stringify(fields.key.slice(0, 80))} was used for another request; use a new key for a new request`)
  }
}

/** The platform's protocol version (UCP-Agent `version`, or its profile's `ucp.version`) is not one this store speaks. */
export class VersionUnsupportedError extends VerityError {
  readonly code = 'VERSION_UNSUPPORTED'
  constructor(readonly fields: { version: string; supported: string }) {
    super(`UCP version ${JSON.stringify(fields.version.slice(0, 40))} is not supported; this store speaks ${fields.supported}`)
  }
}

/** The platform profile could not be fetched: refused by the store's egress rules, a time-out, a non-2xx answer. */
export class ProfileUnreachableError extends VerityError {
  readonly code = 'PROFILE_UNREACHABLE'
  constructor(readonly fields: { url: string; reason: string }) {
    super(`cannot fetch the platform profile ${JSON.stringify(fields.url.slice(0, 200))}: ${fields.reason}`)
  }
}

/** The platform profile is not JSON or not a UCP platform profile. */
export class ProfileMalformedError extends VerityError {
  readonly code = 'PROFILE_MALFORMED'
  constructor(readonly fields: { url: string; reason: string }) {
    super(`the platform profile ${JSON.stringify(fields.url.slice(0, 200))} is not a UCP profile: ${fields.reason}`)
  }
}

/** A complete request names an instrument whose `handler_id` is none of the store's payment handlers. */
export class PaymentHandlerUnknownError extends VerityError {
  readonly code = 'PAYMENT_HANDLER_UNKNOWN'
  constructor(readonly fields: { handlerId: string; known: readonly string[] }) {
    super(`no payment handler ${JSON.stringify(fields.handlerId.slice(0, 80))} at this store (its profile lists: ${fields.known.join(', ') || 'none'})`)
  }
}

/** The payment handler declined the payment: nothing was charged, no order was placed. */
export class PaymentDeclinedError extends VerityError {
  readonly code = 'PAYMENT_DECLINED'
  /** `ap2Receipts`: AP2's Error receipts of a refused AP2 complete, answered beside the UCP error (docs/ap2-verity-constraint.md, "Receipts"). */
  constructor(readonly fields: { handlerId: string; ucpCode: string; reason: string; ap2Receipts?: Ap2Receipts }) {
    super(`payment declined by ${fields.handlerId}: ${fields.reason}`)
  }
}

/** The payment handler failed (threw): the outcome is unknown; the checkout stays complete_in_progress until a retried complete. */
export class PaymentHandlerFailedError extends VerityError {
  readonly code = 'PAYMENT_HANDLER_FAILED'
  constructor(readonly fields: { handlerId: string; reason: string }) {
    super(`payment handler ${fields.handlerId} failed: ${fields.reason}; retry the complete request (the handler does not charge twice)`)
  }
}

/** AP2 is active for the session and the complete request carries no `ap2.checkout_mandate`. */
export class MandateRequiredError extends VerityError {
  readonly code = 'MANDATE_REQUIRED'
  constructor(readonly fields: { id: string }) {
    super(`AP2 is active for checkout ${fields.id}: complete needs ap2.checkout_mandate (an SD-JWT+kb over this checkout)`)
  }
}

/** The AP2 checkout mandate was refused by the store's mandate check (`ucpCode`: AP2's error code). */
export class MandateRefusedError extends VerityError {
  readonly code = 'MANDATE_REFUSED'
  /** `ap2Receipts`: AP2's Error Checkout Receipt, answered beside the UCP error (docs/ap2-verity-constraint.md, "Receipts"). */
  constructor(readonly fields: { ucpCode: string; reason: string; ap2Receipts?: Ap2Receipts }) {
    super(`the AP2 checkout mandate is refused (${fields.ucpCode}): ${fields.reason}`)
  }
}

/** An order update breaks the order schema (a fulfillment event or adjustment of the wrong shape). */
export class OrderUpdateInvalidError extends VerityError {
  readonly code = 'ORDER_UPDATE_INVALID'
  constructor(readonly fields: { reason: string }) {
    super(`invalid order update: ${fields.reason}`)
  }
}

/** Order updates (fulfillment events, adjustments) need the operator's secret, and this request has not got it. */
export class OrderUpdateForbiddenError extends VerityError {
  readonly code = 'ORDER_UPDATE_FORBIDDEN'
  constructor() {
    super('order updates need Authorization: Bearer <the store\'s --orders-secret>')
  }
}

/** The test-only shipping simulation was called without the right Simulation-Secret header. */
export class SimulationForbiddenError extends VerityError {
  readonly code = 'SIMULATION_FORBIDDEN'
  constructor() {
    super('the Simulation-Secret header is missing or wrong')
  }
}

/** The store's checkout data cannot be loaded or written (its state file or shop rules): a start-up or storage failure. */
export class CheckoutStateError extends VerityError {
  readonly code = 'STORE_STATE_INVALID'
  constructor(readonly fields: { path: string; reason: string }) {
    super(`store state ${fields.path}: ${fields.reason}`)
  }
}

/** Complete was asked of a session that cannot be bought as it is (`ucpCode`: `out_of_stock`, `item_unavailable`, `checkout_expired`); its messages say what to change. */
export class CheckoutNotReadyError extends VerityError {
  readonly code = 'CHECKOUT_NOT_READY'
  constructor(readonly fields: { id: string; ucpCode: string; reason: string }) {
    super(`checkout ${fields.id} cannot be completed: ${fields.reason}`)
  }
}

/** A line item names an item the catalog does not sell (a business outcome: answered HTTP 200 with `ucp.status: "error"` and a `not_found` message, as the spec's error model has it). */
export class ItemNotFoundError extends VerityError {
  readonly code = 'ITEM_NOT_FOUND'
  constructor(readonly fields: { id: string }) {
    super(`item ${JSON.stringify(fields.id.slice(0, 80))} not found in this store's catalog`)
  }
}

/** A checkout or order request without an RFC 9421 signature (`Signature-Input`, `Signature`): the store must know who is asking. */
export class SignatureMissingError extends VerityError {
  readonly code = 'SIGNATURE_MISSING'
  constructor(readonly fields: { reason: string }) {
    super(fields.reason)
  }
}

/**
 * A request signature that does not hold: it does not verify, covers too little, is too old, or
 * names a key the platform profile does not list (`ucpCode`: UCP's `signature_invalid` or `key_not_found`).
 */
export class SignatureInvalidError extends VerityError {
  readonly code = 'SIGNATURE_INVALID'
  constructor(readonly fields: { ucpCode: string; reason: string }) {
    super(`the request signature is refused (${fields.ucpCode}): ${fields.reason}`)
  }
}

/** A checkout session asked for by a platform (profile and key) other than the one that opened it. */
export class CheckoutForbiddenError extends VerityError {
  readonly code = 'CHECKOUT_FORBIDDEN'
  constructor(readonly fields: { id: string }) {
    super(`checkout ${fields.id} belongs to the platform that opened it: only a request signed by that platform's key (with its UCP-Agent profile) may read or change it`)
  }
}

/** An order asked for by a platform (profile and key) other than the one that opened its checkout. */
export class OrderForbiddenError extends VerityError {
  readonly code = 'ORDER_FORBIDDEN'
  constructor(readonly fields: { id: string }) {
    super(`order ${fields.id} is readable only by the platform that opened its checkout (a request signed by that platform's key, with its UCP-Agent profile)`)
  }
}

/** A signed request the store cannot check as sent: the body is not the one `Content-Digest` names, or the key is not P-256 (`ucpCode`: `digest_mismatch`, `algorithm_unsupported`). */
export class SignatureUnusableError extends VerityError {
  readonly code = 'SIGNATURE_UNUSABLE'
  constructor(readonly fields: { ucpCode: string; reason: string }) {
    super(`the request signature cannot be used (${fields.ucpCode}): ${fields.reason}`)
  }
}
