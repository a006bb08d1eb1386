// Public API of @verity/extractor. Re-exports only.
export { extractorRoutes, type ExtractorRoutesOptions } from './http/extractorRoutes.ts'
export { buildExtractorApp, type BuildExtractorAppOptions } from './http/buildExtractorApp.ts'
export { startExtractor, type StartExtractorOptions, type RunningExtractor } from './startExtractor.ts'
export { DEMO_CATALOG_PATH, type ExtractorOptions } from './ExtractorOptions.ts'
export { createExtractorDependencies, mappingPathBeside, type ExtractorLog } from './createExtractorDependencies.ts'
export { extractFromSolution, extractWithSources, type ExtractRequest, type ExtractorDependencies } from './extractFromSolution.ts'
export { extractAttested, type AttestedEvidence } from './extractAttested.ts'
export { extractEvidence, type Evidence } from './evidence/extractEvidence.ts'
export { coerceEvidenceValue, type EvidenceValue } from './evidence/coerceEvidenceValue.ts'
export { parseEvidenceSchema, parseEvidenceType, type EvidenceSchema, type EvidenceType, type EvidenceBaseType } from './evidence/parseEvidenceSchema.ts'
export { DEFAULT_MAPPING, SOURCE_WORDS, sourcesForField, type EvidenceMapping } from './evidence/EvidenceMapping.ts'
export { loadMapping, parseMapping } from './evidence/loadMapping.ts'
export { EXTRACTOR_OWNED_FIELDS, extractorOwnedFieldOf, isExtractorOwnedField, type ExtractorOwnedField } from './evidence/extractorOwnedFields.ts'
export type { Product, ProductVariant, AttributeValue, Attributes } from './product/Product.ts'
export type { ProductSource, ProductMatch } from './product/ProductSource.ts'
export { parseVariantSelection, selectVariants, type VariantSelection } from './product/selectVariants.ts'
export { CatalogSource, type CatalogSourceOptions } from './catalog/CatalogSource.ts'
export { parseCatalog, type Catalog } from './catalog/parseCatalog.ts'
export { searchCatalog, type CatalogQuery, type CatalogHit, type CatalogSearchResult } from './catalog/searchCatalog.ts'
export { CatalogNotConfiguredError } from './errors/catalogSearchErrors.ts'
export { StorefrontSource, type StorefrontSourceOptions } from './storefront/StorefrontSource.ts'
export { parseShopifyProductJson, parseShopifyProductJs } from './storefront/parseShopifyProduct.ts'
export { parseJsonLdProduct } from './storefront/parseJsonLdProduct.ts'
export { parseDecimalCents } from './money/parseDecimalCents.ts'
export {
  InvalidExtractRequestError,
  UnsupportedSolutionError,
  ProductNotFoundError,
  VariantNotFoundError,
  StorefrontUnavailableError,
  StorefrontReplyError,
  CatalogFormatError,
  MappingFormatError,
  MappingFieldOwnedError,
  type ExtractorErrorCode,
} from './errors/extractorErrors.ts'
export {
  StorefrontSchemeRefusedError,
  StorefrontPortRefusedError,
  StorefrontAddressRefusedError,
  StorefrontHttpsRequiredError,
  type StorefrontGuardErrorCode,
} from './errors/storefrontGuardErrors.ts'
export { classifyAddress, type AddressClass } from './egress/classifyAddress.ts'
export { checkStorefrontTarget, type StorefrontTarget } from './egress/checkStorefrontTarget.ts'
export { createStorefrontEgressPolicy, type StorefrontEgressPolicy, type StorefrontEgressOptions, type StorefrontLookup, type ResolvedAddress } from './egress/StorefrontEgressPolicy.ts'
export {
  UcpCapabilityMissingError,
  UcpNoTransportError,
  UcpVersionUnsupportedError,
  UcpUnavailableError,
  UcpRequestRefusedError,
  UcpBadReplyError,
  UcpPriceInvalidError,
  type UcpErrorCode,
} from './errors/ucpErrors.ts'
export { UcpSource, type UcpSourceOptions } from './ucp/UcpSource.ts'
export { discoverUcpBusiness, type UcpBusiness } from './ucp/discoverUcpBusiness.ts'
export { parseUcpBusiness } from './ucp/parseUcpBusiness.ts'
export { ucpProductToProduct } from './ucp/ucpProductToProduct.ts'
export { UCP_AGENT_PROFILE_URL_DEFAULT, VERITY_PLATFORM_PROFILE } from './ucp/ucpPlatformProfile.ts'
export { httpStatusByCode } from './http/httpStatusByCode.ts'
export * as limits from './limits.ts'
export { EXTRACTOR_OPTIONS, readExtractorOptions, type ExtractorStartOptions } from './config/extractorOptions.ts'
