import {
  UCP_AP2_MANDATE,
  UCP_BUYER_CONSENT,
  UCP_CATALOG_LOOKUP,
  UCP_CATALOG_SEARCH,
  UCP_CHECKOUT,
  UCP_DISCOUNT,
  UCP_FULFILLMENT,
  UCP_ORDER,
  UCP_SHOPPING_SERVICE,
  UCP_VERITY_PAYMENT_HANDLER,
  UCP_VERSION,
  type Static,
  type UcpBusinessProfile,
} from '@verity/wire'
import type { PaymentHandler } from '../checkout/payment/PaymentHandler.ts'

/** Where the store's bindings live under its base URL: REST paths are appended to `<base>/ucp`, MCP is `<base>/ucp/mcp`. */
export const REST_ENDPOINT_PATH = '/ucp'
export const MCP_ENDPOINT_PATH = '/ucp/mcp'
/** The discovery document every UCP business serves. */
export const PROFILE_PATH = '/.well-known/ucp'

/** The `dev.verity.domain` payment handler's settings: whom to pay, in which token, on which domain. */
export type StorePayee = Readonly<{
  /** The store's vault address on a Verity domain, `"<owner_id>,<shard>"`. */
  address: string
  /** `"native"` or a token id (its mint vault's address). */
  token: string
  /** The domain to pay on (optional: a wallet may know its own). */
  domainUrl?: string
}>

const SPEC_BASE = `https://ucp.dev/${UCP_VERSION}`

/** What the profile says of the checkout side (absent: a catalog-only profile). */
export type ProfileCheckout = Readonly<{
  /** The public JWK the store signs checkouts with (`signing_keys`, AP2 `merchant_authorization`). */
  signingKey: Readonly<Record<string, string>>
  /** The store's payment handlers; one named `dev.verity.domain` replaces the payee's declaration. */
  handlers: readonly PaymentHandler[]
  /** The store verifies AP2 checkout mandates: `dev.ucp.shopping.ap2_mandate` is offered. */
  isAp2Offered: boolean
}>

/**
 * The store's business profile (`GET /.well-known/ucp`): the `dev.ucp.shopping` service over REST
 * and MCP at `baseUrl`, the catalog search and lookup capabilities, all at UCP_VERSION, and, when
 * the store has a payee, the `dev.verity.domain` payment handler naming it. With `checkout`: the
 * checkout and order capabilities and the checkout extensions (fulfillment, discount, buyer
 * consent, and AP2 mandates when offered), the payment handlers, and `signing_keys`.
 * @example buildBusinessProfile({ baseUrl: 'http://127.0.0.1:8095', payee: { address, token: 'native' } })
 */
export function buildBusinessProfile(parameters: { baseUrl: string; payee: StorePayee | undefined; checkout?: ProfileCheckout }): Static<typeof UcpBusinessProfile> {
  const { baseUrl, payee, checkout } = parameters
  const service = { version: UCP_VERSION, spec: `${SPEC_BASE}/specification/overview` }
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        [UCP_SHOPPING_SERVICE]: [
          { ...service, transport: 'rest', schema: `${SPEC_BASE}/services/shopping/rest.openapi.json`, endpoint: `${baseUrl}${REST_ENDPOINT_PATH}` },
          { ...service, transport: 'mcp', schema: `${SPEC_BASE}/services/shopping/mcp.openrpc.json`, endpoint: `${baseUrl}${MCP_ENDPOINT_PATH}` },
        ],
      },
      capabilities: {
        [UCP_CATALOG_SEARCH]: [{ version: UCP_VERSION, spec: `${SPEC_BASE}/specification/catalog/search`, schema: `${SPEC_BASE}/schemas/shopping/catalog_search.json` }],
        [UCP_CATALOG_LOOKUP]: [{ version: UCP_VERSION, spec: `${SPEC_BASE}/specification/catalog/lookup`, schema: `${SPEC_BASE}/schemas/shopping/catalog_lookup.json` }],
        ...(checkout === undefined ? {} : checkoutCapabilities(checkout.isAp2Offered)),
      },
      payment_handlers: paymentHandlersOf(payee, checkout?.handlers ?? []),
    },
    ...(checkout === undefined ? {} : { signing_keys: [checkout.signingKey as { kid: string; kty: string }] }),
  }
}

function checkoutCapabilities(isAp2Offered: boolean) {
  const entry = (name: string, spec: string, schema: string, extendsCheckout: boolean) => [
    { version: UCP_VERSION, spec: `${SPEC_BASE}/specification/${spec}`, schema: `${SPEC_BASE}/schemas/shopping/${schema}.json`, ...(extendsCheckout ? { extends: UCP_CHECKOUT } : {}) },
  ]
  return {
    [UCP_CHECKOUT]: entry(UCP_CHECKOUT, 'checkout', 'checkout', false),
    [UCP_ORDER]: entry(UCP_ORDER, 'order', 'order', false),
    [UCP_FULFILLMENT]: entry(UCP_FULFILLMENT, 'fulfillment', 'fulfillment', true),
    [UCP_DISCOUNT]: entry(UCP_DISCOUNT, 'discount', 'discount', true),
    [UCP_BUYER_CONSENT]: entry(UCP_BUYER_CONSENT, 'buyer-consent', 'buyer_consent', true),
    ...(isAp2Offered ? { [UCP_AP2_MANDATE]: [{ ...entry(UCP_AP2_MANDATE, 'ap2-mandates', 'ap2_mandate', true)[0]!, config: { vp_formats_supported: { 'dc+sd-jwt': {} } } }] } : {}),
  }
}

function paymentHandlersOf(payee: StorePayee | undefined, handlers: readonly PaymentHandler[]) {
  const registry: Record<string, PaymentHandler['declaration'][]> = {}
  if (payee !== undefined && !handlers.some((handler) => handler.name === UCP_VERITY_PAYMENT_HANDLER)) registry[UCP_VERITY_PAYMENT_HANDLER] = [paymentHandlerOf(payee)]
  for (const handler of handlers) (registry[handler.name] ??= []).push(handler.declaration)
  return registry
}

function paymentHandlerOf(payee: StorePayee) {
  return {
    id: 'verity_domain',
    version: UCP_VERSION,
    config: { payee: payee.address, token: payee.token, ...(payee.domainUrl === undefined ? {} : { domain_url: payee.domainUrl }) },
  }
}
