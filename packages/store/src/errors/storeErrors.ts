import { VerityError } from '@verity/core'

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
