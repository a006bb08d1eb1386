// @verity/store: the demo store, a UCP business (README.md). Re-exports only.
export { startStore, type RunningStore } from './startStore.ts'
export { buildStoreApp, type BuildStoreAppOptions } from './http/buildStoreApp.ts'
export { STORE_OPTIONS, PAYEE_KEY_FILE_DEFAULT, STATE_DIR_DEFAULT, readStoreOptions, type StoreStartOptions } from './config/storeOptions.ts'
export { DEMO_CATALOG_PATH, loadStoreCatalog } from './catalog/loadStoreCatalog.ts'
export type { StoreCatalog, Product, Variant } from './catalog/StoreCatalog.ts'
export { searchProducts, type SearchRequest } from './catalog/searchProducts.ts'
export { getProductDetail, type GetProductRequest, type DetailProduct } from './catalog/getProductDetail.ts'
export { lookupProducts, type LookupRequest } from './catalog/lookupProducts.ts'
export { buildBusinessProfile, MCP_ENDPOINT_PATH, PROFILE_PATH, REST_ENDPOINT_PATH, type StorePayee } from './profile/buildBusinessProfile.ts'
export { runCatalogOperation, CATALOG_OPERATION_NAMES, type CatalogOperationName } from './ucp/catalogOperations.ts'
export { readPlatformProfile } from './ucp/readPlatformProfile.ts'
export {
  CursorInvalidError,
  LookupTooLargeError,
  PlatformProfileInvalidError,
  StoreCatalogInvalidError,
  StoreRequestInvalidError,
  CheckoutNotFoundError,
  OrderNotFoundError,
  ItemNotFoundError,
  CheckoutNotModifiableError,
  FulfillmentIncompleteError,
  CheckoutNotReadyError,
  IdempotencyConflictError,
  VersionUnsupportedError,
  ProfileUnreachableError,
  ProfileMalformedError,
  PaymentHandlerUnknownError,
  PaymentDeclinedError,
  PaymentHandlerFailedError,
  MandateRequiredError,
  MandateRefusedError,
  OrderUpdateInvalidError,
  OrderUpdateForbiddenError,
  SimulationForbiddenError,
  CheckoutStateError,
} from './errors/storeErrors.ts'
// Checkout (docs/ucp.md "Checkout at the demo store"): the payment seam and the AP2 mandate hook.
export type { PaymentHandler, PaymentHandlerDeclaration, PaymentRequest, PaymentResult, Checkout, PaymentInstrument } from './checkout/payment/PaymentHandler.ts'
export type { MandateCheck, MandateCheckInput, MandateVerdict, MandateRefusalCode } from './checkout/payment/MandateCheck.ts'
export { type StoreCheckoutOptions } from './http/buildStoreApp.ts'
export { CheckoutStateStore, MIGRATIONS_TABLE as STORE_MIGRATIONS_TABLE } from './checkout/state/CheckoutStateStore.ts'
export { createMerchantKey, loadOrCreateMerchantKey, type MerchantKey } from './checkout/signing/merchantSigningKey.ts'
export { loadShopRules, DEMO_SHOP_RULES_PATH, CONFORMANCE_CATALOG_PATH, CONFORMANCE_SHOP_RULES_PATH, type ShopRules } from './checkout/shop/ShopRules.ts'
export { createMockPaymentHandler, MOCK_PAYMENT_HANDLER_ID } from './checkout/conformance/mockPaymentHandler.ts'
export { ANSWER_BY_CODE } from './http/ucpErrorCodes.ts'
export * as limits from './limits.ts'
export { createVerityDomainPayment, VERITY_DOMAIN_HANDLER_ID, type VerityDomainPayment, type VerityDomainPaymentOptions } from './payment/verityDomainPayment.ts'
