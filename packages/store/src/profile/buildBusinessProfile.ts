import { UCP_CATALOG_LOOKUP, UCP_CATALOG_SEARCH, UCP_SHOPPING_SERVICE, UCP_VERITY_PAYMENT_HANDLER, UCP_VERSION, type Static, type UcpBusinessProfile } from '@verity/wire'

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

/**
 * The store's business profile (`GET /.well-known/ucp`): the `dev.ucp.shopping` service over REST
 * and MCP at `baseUrl`, the catalog search and lookup capabilities, all at UCP_VERSION, and, when
 * the store has a payee, the `dev.verity.domain` payment handler naming it.
 * @example buildBusinessProfile({ baseUrl: 'http://127.0.0.1:8095', payee: { address, token: 'native' } })
 */
export function buildBusinessProfile(parameters: { baseUrl: string; payee: StorePayee | undefined }): Static<typeof UcpBusinessProfile> {
  const { baseUrl, payee } = parameters
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
      },
      payment_handlers: payee === undefined ? {} : { [UCP_VERITY_PAYMENT_HANDLER]: [paymentHandlerOf(payee)] },
    },
  }
}

function paymentHandlerOf(payee: StorePayee) {
  return {
    id: 'verity_domain',
    version: UCP_VERSION,
    config: { payee: payee.address, token: payee.token, ...(payee.domainUrl === undefined ? {} : { domain_url: payee.domainUrl }) },
  }
}
