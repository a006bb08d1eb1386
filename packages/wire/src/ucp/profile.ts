// UCP 2026-04-08 profiles: source/schemas/ucp.json#/$defs/base, business_schema, platform_schema,
// and the document served at `/.well-known/ucp` (docs/specification/overview.md, "Business Profile").
import { Type } from 'typebox'
import { UcpBusinessService, UcpCapability, UcpPaymentHandler, UcpService } from './entities.ts'
import { UcpReverseDomainName, UcpVersion } from './version.ts'

/** A registry keyed by reverse-domain name (`services`, `capabilities`, `payment_handlers`). */
function registry<T extends Parameters<typeof Type.Array>[0]>(item: T) {
  return Type.Record(UcpReverseDomainName, Type.Array(item))
}

/** ucp.json#/$defs/base `status`: the application-level outcome of a UCP operation. */
export const UcpStatus = Type.Union([Type.Literal('success'), Type.Literal('error')])

/**
 * ucp.json#/$defs/business_schema: the `ucp` object of a business profile. The schema requires
 * `payment_handlers`, but the spec's own catalog discovery examples (catalog/rest.md, mcp.md) omit
 * it; a catalog-only client reads such profiles, so it is optional here.
 */
export const UcpBusinessMetadata = Type.Object({
  version: UcpVersion,
  status: Type.Optional(UcpStatus),
  supported_versions: Type.Optional(Type.Record(UcpVersion, Type.String(), { description: 'older protocol version → URI of its profile' })),
  services: registry(UcpBusinessService),
  capabilities: Type.Optional(registry(UcpCapability)),
  payment_handlers: Type.Optional(registry(UcpPaymentHandler)),
})

/** ucp.json#/$defs/platform_schema: the `ucp` object of a platform (agent) profile; services and capabilities carry `spec` and `schema`. */
export const UcpPlatformMetadata = Type.Object({
  version: UcpVersion,
  services: registry(UcpService),
  capabilities: Type.Optional(registry(UcpCapability)),
  payment_handlers: registry(UcpPaymentHandler),
})

/** A public key of `signing_keys` (JWK, overview.md "Key Discovery"); we read none of it. */
export const UcpSigningKey = Type.Object({ kid: Type.String(), kty: Type.String() })

/** The business profile served at `GET /.well-known/ucp`. */
export const UcpBusinessProfile = Type.Object({
  ucp: UcpBusinessMetadata,
  signing_keys: Type.Optional(Type.Array(UcpSigningKey)),
})

/** A platform profile, the document the `UCP-Agent: profile="<uri>"` header names. */
export const UcpPlatformProfile = Type.Object({
  ucp: UcpPlatformMetadata,
  signing_keys: Type.Optional(Type.Array(UcpSigningKey)),
})

/** ucp.json#/$defs/response_catalog_schema: the `ucp` envelope of catalog replies. */
export const UcpResponseMetadata = Type.Object({
  version: UcpVersion,
  status: Type.Optional(UcpStatus),
  services: Type.Optional(registry(UcpService)),
  capabilities: Type.Optional(registry(UcpCapability)),
  payment_handlers: Type.Optional(registry(UcpPaymentHandler)),
})
