// UCP 2026-04-08 entities of a profile: source/schemas/ucp.json#/$defs/entity, service.json,
// capability.json, payment_handler.json, shopping/types/available_payment_instrument.json.
import { Type } from 'typebox'
import { UcpVersion } from './version.ts'

/** ucp.json#/$defs/entity: what every service, capability and payment handler carries. */
const entityProperties = {
  version: UcpVersion,
  spec: Type.Optional(Type.String({ description: 'URL of the human-readable specification' })),
  schema: Type.Optional(Type.String({ description: 'URL of the JSON Schema of this entity' })),
  id: Type.Optional(Type.String({ description: 'disambiguates several instances' })),
  config: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'entity-specific configuration' })),
}

/** service.json `transport`. */
export const UcpTransport = Type.Union([Type.Literal('rest'), Type.Literal('mcp'), Type.Literal('a2a'), Type.Literal('embedded')])

/**
 * service.json#/$defs/business_schema: one transport binding of a service in a business profile;
 * `rest`, `mcp` and `a2a` require an `endpoint` (the base URL the binding's paths are appended to).
 */
export const UcpBusinessService = Type.Union([
  Type.Object({
    ...entityProperties,
    transport: Type.Union([Type.Literal('rest'), Type.Literal('mcp'), Type.Literal('a2a')]),
    endpoint: Type.String({ description: 'endpoint URL for this transport binding' }),
  }),
  Type.Object({ ...entityProperties, transport: Type.Literal('embedded'), endpoint: Type.Optional(Type.String()) }),
])

/** service.json#/$defs/base (response_schema): a service named in a response. */
export const UcpService = Type.Object({ ...entityProperties, transport: UcpTransport, endpoint: Type.Optional(Type.String()) })

const EXTENDS_NAME = Type.String({ pattern: '^[a-z][a-z0-9]*(?:\\.[a-z][a-z0-9_]*)+$' })

/** capability.json#/$defs/base: a capability (or, with `extends`, an extension) at one version. */
export const UcpCapability = Type.Object({
  ...entityProperties,
  extends: Type.Optional(Type.Union([EXTENDS_NAME, Type.Array(EXTENDS_NAME, { minItems: 1 })])),
})

/** shopping/types/available_payment_instrument.json. */
export const UcpAvailablePaymentInstrument = Type.Object({
  type: Type.String({ description: "instrument type, e.g. 'card'" }),
  constraints: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { minProperties: 1 })),
})

/** payment_handler.json#/$defs/base: `id` is required; `config` holds the handler's settings. */
export const UcpPaymentHandler = Type.Object({
  ...entityProperties,
  id: Type.String({ description: 'identifier of this handler instance' }),
  available_instruments: Type.Optional(Type.Array(UcpAvailablePaymentInstrument, { minItems: 1 })),
})
