import type { Static } from 'typebox'
import type { UcpBusinessProfile } from './profile.ts'
import { UCP_CATALOG_LOOKUP, UCP_SHOPPING_SERVICE, UCP_VERSION } from './version.ts'

/** The transports Verity speaks, in order of preference. */
export type UcpClientTransport = 'rest' | 'mcp'

export type UcpBindingProblem = 'version_unsupported' | 'capability_missing' | 'no_transport'

/** Where to call the business: the `dev.ucp.shopping` binding chosen, or why there is none. */
export type UcpBindingChoice =
  | Readonly<{ ok: true; transport: UcpClientTransport; endpoint: string; version: string }>
  | Readonly<{
      ok: false
      problem: UcpBindingProblem
      message: string
      /** For `version_unsupported`: the profile URI the business lists in `supported_versions` for our version, if any (fetch it and choose again). */
      profileUrlForOurVersion?: string
    }>

export type SelectUcpBindingOptions = Readonly<{
  /** The capability the call needs (default dev.ucp.shopping.catalog.lookup; search needs dev.ucp.shopping.catalog.search). */
  capability?: string
  /** Transports acceptable, most preferred first (default REST, then MCP). */
  transports?: readonly UcpClientTransport[]
  /** Our protocol version (default UCP_VERSION). */
  version?: string
}>

/** The versions a profile lists for `name` in `ucp.capabilities` (empty when it does not list it). */
export function ucpCapabilityVersions(profile: Static<typeof UcpBusinessProfile>, name: string): string[] {
  return (profile.ucp.capabilities?.[name] ?? []).map((capability) => capability.version)
}

function versionProblem(profile: Static<typeof UcpBusinessProfile>, version: string): UcpBindingChoice | undefined {
  if (profile.ucp.version === version) return undefined
  const others = Object.keys(profile.ucp.supported_versions ?? {})
  const profileUrlForOurVersion = profile.ucp.supported_versions?.[version]
  const spoken = [profile.ucp.version, ...others].join(', ')
  return {
    ok: false,
    problem: 'version_unsupported',
    message: `the business speaks UCP ${spoken}; this client speaks UCP ${version}`,
    ...(profileUrlForOurVersion === undefined ? {} : { profileUrlForOurVersion }),
  }
}

/**
 * Chooses how to call a business from its profile (docs/specification/overview.md, "Version
 * Negotiation" and "Intersection Algorithm"): the protocol version must be ours (else
 * `version_unsupported`, with the `supported_versions` URI for ours when listed); `capability`
 * must be listed at our version (absent: `capability_missing`; other versions only:
 * `version_unsupported` naming both); then the first `dev.ucp.shopping` service binding at our
 * version on an acceptable transport with an endpoint (none: `no_transport`). Pure: no I/O.
 * @example const choice = selectUcpBinding(profile); if (choice.ok) await post(`${choice.endpoint}/catalog/product`, body)
 */
export function selectUcpBinding(profile: Static<typeof UcpBusinessProfile>, options: SelectUcpBindingOptions = {}): UcpBindingChoice {
  const version = options.version ?? UCP_VERSION
  const capability = options.capability ?? UCP_CATALOG_LOOKUP
  const transports = options.transports ?? ['rest', 'mcp']
  const wrongVersion = versionProblem(profile, version)
  if (wrongVersion !== undefined) return wrongVersion
  const capabilityVersions = ucpCapabilityVersions(profile, capability)
  if (capabilityVersions.length === 0)
    return { ok: false, problem: 'capability_missing', message: `the business profile does not list the capability ${capability}` }
  if (!capabilityVersions.includes(version))
    return {
      ok: false,
      problem: 'version_unsupported',
      message: `the business offers ${capability} at version ${capabilityVersions.join(', ')}; this client speaks ${version}`,
    }
  const services = profile.ucp.services[UCP_SHOPPING_SERVICE] ?? []
  for (const transport of transports) {
    const service = services.find((entry) => entry.transport === transport && entry.version === version && typeof entry.endpoint === 'string' && entry.endpoint.length > 0)
    if (service !== undefined && typeof service.endpoint === 'string') return { ok: true, transport, endpoint: service.endpoint, version }
  }
  const listed = services.map((entry) => `${entry.transport}@${entry.version}`).join(', ')
  return {
    ok: false,
    problem: 'no_transport',
    message: `the business lists no ${UCP_SHOPPING_SERVICE} binding this client speaks (${transports.join(' or ')} at ${version} with an endpoint); it lists ${listed === '' ? 'none' : listed}`,
  }
}
