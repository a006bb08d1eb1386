import { deriveUcpRequestKey, ucpKeyParameterOf, type KeySigner, type UcpRequestKey } from '@verity/core'

/** Where a Verity agent's platform profile is served: the orchestrator's embedded extractor route. */
export const VERITY_AGENT_PROFILE_PATH = '/extractor/ucp/platform-profile'

/** A UCP platform identity: the profile URL sent as `UCP-Agent`, and the key requests are signed with (a key that profile lists). */
export type UcpPlatform = Readonly<{ profileUrl: string; requestKey: UcpRequestKey }>

/**
 * The platform identity of a Verity agent at a UCP business: its request key, derived from the
 * agent's Ed25519 key (deriveUcpRequestKey: the same key file always gives the same key), and the
 * profile the orchestrator serves for it, `<orchestrator>/extractor/ucp/platform-profile?signing_key=<x>.<y>`,
 * whose `signing_keys` is that key alone. A checkout session opened with it answers only to
 * requests signed by this agent. Throws InvalidSignerError for a signer that is not Ed25519.
 * @example const checkouts = new UcpCheckoutClient(business, ucpPlatformOf({ orchestrator: 'http://127.0.0.1:8080', agent }))
 */
export function ucpPlatformOf(parameters: { orchestrator: string; agent: KeySigner }): UcpPlatform {
  const requestKey = deriveUcpRequestKey(parameters.agent)
  return { profileUrl: `${parameters.orchestrator.replace(/\/+$/, '')}${VERITY_AGENT_PROFILE_PATH}?signing_key=${ucpKeyParameterOf(requestKey.publicJwk)}`, requestKey }
}
