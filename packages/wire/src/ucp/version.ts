// UCP (Universal Commerce Protocol) release 2026-04-08, github.com/Universal-Commerce-Protocol/ucp
// tag v2026-04-08. Each schema below cites the published JSON Schema it follows
// (source/schemas/...); UCP's schemas are open (extra properties allowed) unless they say otherwise.
import { Type } from 'typebox'

/** The UCP protocol version Verity implements (docs/ucp.md). */
export const UCP_VERSION = '2026-04-08'

/** ucp.json#/$defs/version: `YYYY-MM-DD`. */
export const UcpVersion = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'UCP version in YYYY-MM-DD format' })

/** shopping/types/reverse_domain_name.json: `dev.ucp.shopping`, `com.example.loyalty_gold`. */
export const UcpReverseDomainName = Type.String({
  pattern: '^[a-z][a-z0-9]*(?:\\.[a-z][a-z0-9_]*)+$',
  description: 'reverse-domain identifier (at least two dot-separated segments)',
})

/** Names UCP 2026-04-08 gives the service and the catalog capabilities Verity uses. */
export const UCP_SHOPPING_SERVICE = 'dev.ucp.shopping'
export const UCP_CATALOG_LOOKUP = 'dev.ucp.shopping.catalog.lookup'
export const UCP_CATALOG_SEARCH = 'dev.ucp.shopping.catalog.search'
/** The payment handler a business names to be paid on a Verity domain (config: `payee`, `token`). */
export const UCP_VERITY_PAYMENT_HANDLER = 'dev.verity.domain'
