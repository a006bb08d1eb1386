import { VerityError } from '@verity/core'

/** The request is not a valid extraction request (no solution, a bad schema type, bad metadata). */
export class InvalidExtractRequestError extends VerityError {
  readonly code = 'INVALID_EXTRACT_REQUEST'
  constructor(readonly fields: { field: string; reason: string }) {
    super(`${fields.field}: ${fields.reason}`)
  }
}

/** The `solution` is neither `catalog:<id>` nor an http(s) URL this extractor may fetch. */
export class UnsupportedSolutionError extends VerityError {
  readonly code = 'UNSUPPORTED_SOLUTION'
  constructor(readonly fields: { solution: string; reason: string }) {
    super(`solution ${JSON.stringify(fields.solution)}: ${fields.reason}`)
  }
}

/** No product is known under the solution (catalog id or storefront URL). */
export class ProductNotFoundError extends VerityError {
  readonly code = 'PRODUCT_NOT_FOUND'
  constructor(readonly fields: { solution: string }) {
    super(`product not found: ${fields.solution}`)
  }
}

/**
 * The product exists but no variant matches the selection in the URL or `metadata`; or a UCP
 * business answered that it knows no such product or variant (`businessMessage` is what it said).
 */
export class VariantNotFoundError extends VerityError {
  readonly code = 'VARIANT_NOT_FOUND'
  constructor(readonly fields: { solution: string; selection: string; businessMessage?: string }) {
    super(
      fields.businessMessage === undefined
        ? `product ${fields.solution} has no variant matching ${fields.selection}`
        : `variant not found: ${fields.solution}: the business says ${JSON.stringify(fields.businessMessage)}`,
    )
  }
}

/** The storefront could not be reached, timed out, or answered with an unexpected status. */
export class StorefrontUnavailableError extends VerityError {
  readonly code = 'STOREFRONT_UNAVAILABLE'
  constructor(readonly fields: { url: string; reason: string }, options?: { cause?: unknown }) {
    super(`storefront unavailable: ${fields.url}: ${fields.reason}`, options)
  }
}

/** The storefront answered, but its reply is malformed, too large, or redirects where we do not follow. */
export class StorefrontReplyError extends VerityError {
  readonly code = 'STOREFRONT_BAD_REPLY'
  constructor(readonly fields: { url: string; reason: string }, options?: { cause?: unknown }) {
    super(`storefront reply refused: ${fields.url}: ${fields.reason}`, options)
  }
}

/** A catalog file cannot be read or does not hold a valid catalog. */
export class CatalogFormatError extends VerityError {
  readonly code = 'CATALOG_INVALID'
  constructor(readonly fields: { path: string; location?: string; reason: string }, options?: { cause?: unknown }) {
    super(`catalog ${fields.path}: ${fields.location === undefined ? '' : `${fields.location}: `}${fields.reason}`, options)
  }
}

/** A mapping file cannot be read or does not hold valid mapping rules. */
export class MappingFormatError extends VerityError {
  readonly code = 'MAPPING_INVALID'
  constructor(readonly fields: { path: string; reason: string }, options?: { cause?: unknown }) {
    super(`mapping ${fields.path}: ${fields.reason}`, options)
  }
}

/**
 * A mapping (a file, or rules passed in code) gives a rule for an evidence field the extractor owns
 * (EXTRACTOR_OWNED_FIELDS: business, payee, checkout_digest, ...): those come only from what the
 * extractor fetched, so no configuration may map them to a product's attributes or options.
 */
export class MappingFieldOwnedError extends VerityError {
  readonly code = 'MAPPING_FIELD_OWNED'
  constructor(readonly fields: { path: string; field: string; ownedField: string }) {
    super(
      `mapping ${fields.path}: "${fields.field}" is ${fields.field === fields.ownedField ? 'an' : `the extractor-owned field "${fields.ownedField}", an`} evidence field the extractor establishes itself from what it fetched; ` +
        'a mapping cannot give it sources (remove the rule; docs/extractor.md, "Extractor-owned fields")',
    )
  }
}

export type ExtractorErrorCode =
  | InvalidExtractRequestError['code']
  | UnsupportedSolutionError['code']
  | ProductNotFoundError['code']
  | VariantNotFoundError['code']
  | StorefrontUnavailableError['code']
  | StorefrontReplyError['code']
  | CatalogFormatError['code']
  | MappingFormatError['code']
  | MappingFieldOwnedError['code']
