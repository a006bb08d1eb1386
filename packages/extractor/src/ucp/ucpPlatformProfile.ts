import type { Static } from '@verity/wire'
import { UCP_AP2_MANDATE, UCP_CATALOG_LOOKUP, UCP_CHECKOUT, UCP_SHOPPING_SERVICE, UCP_VERSION, type UcpPlatformProfile } from '@verity/wire'

/**
 * The platform profile URI the extractor advertises on every UCP request when `ucpAgentProfileUrl`
 * is not set: where `verity extractor` serves the document (GET /ucp/platform-profile, port 8090).
 */
export const UCP_AGENT_PROFILE_URL_DEFAULT = 'http://127.0.0.1:8090/ucp/platform-profile'

const SPEC = `https://ucp.dev/${UCP_VERSION}`

/**
 * The extractor's UCP platform profile (ucp.json#/$defs/platform_schema): it speaks the
 * dev.ucp.shopping service over REST and MCP and uses catalog lookup, checkout (it reads the
 * sessions proposals name) and the AP2 mandates extension, at 2026-04-08; it handles no payments
 * (an empty registry). Verity's agents (`verity checkout`, the SDK's checkoutWithIntent on the
 * devnet) advertise it too: a business negotiates AP2 with a platform whose profile lists it.
 */
export const VERITY_PLATFORM_PROFILE: Static<typeof UcpPlatformProfile> = Object.freeze({
  ucp: {
    version: UCP_VERSION,
    services: {
      [UCP_SHOPPING_SERVICE]: [
        { version: UCP_VERSION, spec: `${SPEC}/specification/overview`, transport: 'rest', schema: `${SPEC}/services/shopping/rest.openapi.json` },
        { version: UCP_VERSION, spec: `${SPEC}/specification/overview`, transport: 'mcp', schema: `${SPEC}/services/shopping/mcp.openrpc.json` },
      ],
    },
    capabilities: {
      [UCP_CATALOG_LOOKUP]: [{ version: UCP_VERSION, spec: `${SPEC}/specification/catalog/lookup`, schema: `${SPEC}/schemas/shopping/catalog_lookup.json` }],
      [UCP_CHECKOUT]: [{ version: UCP_VERSION, spec: `${SPEC}/specification/checkout`, schema: `${SPEC}/schemas/shopping/checkout.json` }],
      [UCP_AP2_MANDATE]: [{ version: UCP_VERSION, spec: `${SPEC}/specification/ap2-mandates`, schema: `${SPEC}/schemas/shopping/ap2_mandate.json`, extends: UCP_CHECKOUT }],
    },
    payment_handlers: {},
  },
})
