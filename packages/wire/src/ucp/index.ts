// The UCP 2026-04-08 shapes Verity speaks (docs/ucp.md), declared once from the published schemas.
export { UCP_VERSION, UCP_SHOPPING_SERVICE, UCP_CATALOG_LOOKUP, UCP_CATALOG_SEARCH, UCP_VERITY_PAYMENT_HANDLER, UcpVersion, UcpReverseDomainName } from './version.ts'
export { UcpTransport, UcpBusinessService, UcpService, UcpCapability, UcpPaymentHandler, UcpAvailablePaymentInstrument } from './entities.ts'
export { UcpStatus, UcpBusinessMetadata, UcpPlatformMetadata, UcpBusinessProfile, UcpPlatformProfile, UcpResponseMetadata, UcpSigningKey } from './profile.ts'
export { UcpMessage, UcpMessageError, UcpMessageWarning, UcpMessageInfo, UcpErrorResponse } from './messages.ts'
export {
  UcpAmount,
  UcpPrice,
  UcpPriceRange,
  UcpCategory,
  UcpDescription,
  UcpMedia,
  UcpRating,
  UcpLink,
  UcpOptionValue,
  UcpDetailOptionValue,
  UcpProductOption,
  UcpSelectedOption,
  UcpAttribute,
  UcpVariant,
  UcpProduct,
  UcpDetailProduct,
} from './product.ts'
export {
  UcpContext,
  UcpSignals,
  UcpAttribution,
  UcpSearchFilters,
  UcpPaginationRequest,
  UcpPaginationResponse,
  UcpSearchRequest,
  UcpSearchResponse,
  UcpSearchReply,
  UcpLookupRequest,
  UcpLookupResponse,
  UcpInputCorrelation,
  UcpGetProductRequest,
  UcpGetProductResponse,
  UcpGetProductReply,
} from './catalog.ts'
export { UcpMcpMeta, UcpMcpToolCallRequest, UcpMcpToolCallResponse, JsonRpcError } from './mcp.ts'
export { validateUcp, describeUcpViolations, UCP_VIOLATIONS_REPORTED_MAX, type UcpSchemaViolation, type UcpValidation } from './validateUcp.ts'
export {
  selectUcpBinding,
  ucpCapabilityVersions,
  type UcpBindingChoice,
  type UcpBindingProblem,
  type UcpClientTransport,
  type SelectUcpBindingOptions,
} from './selectUcpBinding.ts'
