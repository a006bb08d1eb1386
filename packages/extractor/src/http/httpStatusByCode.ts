import { httpStatusByServerCode } from '@verity/server'
import type { CatalogNotConfiguredError } from '../errors/catalogSearchErrors.ts'
import type { ExtractorErrorCode } from '../errors/extractorErrors.ts'
import type { StorefrontGuardErrorCode } from '../errors/storefrontGuardErrors.ts'

/** The HTTP status of each extractor error code (the only place statuses are chosen). */
export const httpStatusByCode: Readonly<Record<ExtractorErrorCode | StorefrontGuardErrorCode | CatalogNotConfiguredError['code'] | 'INVALID_REQUEST' | 'INVALID_JSON' | 'JSON_TOO_DEEP', number>> = {
  INVALID_REQUEST: 400,
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
  STOREFRONT_PORT_REFUSED: 422,
  STOREFRONT_ADDRESS_REFUSED: 422,
  // A catalog or mapping problem is the operator's, found at start; should one reach a request it is ours.
  CATALOG_INVALID: 500,
  MAPPING_INVALID: 500,
  INVALID_OPTION: 500,
}

export function httpStatusOf(code: string): number | undefined {
  return (httpStatusByCode as Record<string, number>)[code] ?? httpStatusByServerCode[code]
}
