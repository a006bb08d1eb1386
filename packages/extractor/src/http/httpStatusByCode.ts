import type { EdgeErrorCode, ErrorCodesOf } from '@verity/server'
import type * as catalogSearchErrors from '../errors/catalogSearchErrors.ts'
import type * as extractorErrors from '../errors/extractorErrors.ts'
import type * as storefrontGuardErrors from '../errors/storefrontGuardErrors.ts'
import type * as ucpErrors from '../errors/ucpErrors.ts'

/** Every code the extractor answers: its error classes', core's JSON codes and the HTTP edge's. */
export type ExtractorHttpErrorCode =
  | ErrorCodesOf<typeof extractorErrors>
  | ErrorCodesOf<typeof storefrontGuardErrors>
  | ErrorCodesOf<typeof catalogSearchErrors>
  | ErrorCodesOf<typeof ucpErrors>
  | 'INVALID_JSON'
  | 'JSON_TOO_DEEP'
  | EdgeErrorCode

/** The HTTP status of each extractor error code (the only place statuses are chosen). */
export const httpStatusByCode: Readonly<Record<ExtractorHttpErrorCode, number>> = Object.freeze({
  INVALID_REQUEST: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_JSON: 400,
  JSON_TOO_DEEP: 400,
  INVALID_EXTRACT_REQUEST: 400,
  UNSUPPORTED_SOLUTION: 400,
  PRODUCT_NOT_FOUND: 404,
  VARIANT_NOT_FOUND: 404,
  CATALOG_NOT_CONFIGURED: 404,
  STOREFRONT_UNAVAILABLE: 502,
  STOREFRONT_BAD_REPLY: 502,
  // The guard refused the URL (or a redirect) before connecting: the proposal asks for what we will not fetch.
  STOREFRONT_SCHEME_REFUSED: 422,
  STOREFRONT_HTTPS_REQUIRED: 422,
  STOREFRONT_PORT_REFUSED: 422,
  STOREFRONT_ADDRESS_REFUSED: 422,
  // A UCP business that does not offer what we need (the proposal names a business we cannot use).
  UCP_CAPABILITY_MISSING: 422,
  UCP_NO_TRANSPORT: 422,
  UCP_VERSION_UNSUPPORTED: 422,
  UCP_CHECKOUT_UNSIGNED: 422,
  // A UCP business that fails us: unreachable, slow, refusing, or answering what UCP does not allow.
  UCP_UNAVAILABLE: 502,
  UCP_REQUEST_REFUSED: 502,
  UCP_BAD_REPLY: 502,
  UCP_PRICE_INVALID: 502,
  // A catalog or mapping problem is the operator's, found at start; should one reach a request it is ours.
  CATALOG_INVALID: 500,
  MAPPING_INVALID: 500,
  MAPPING_FIELD_OWNED: 500,
})
