import { ucpPublicJwkOfParameter, type UcpPublicJwk } from '@verity/core'
import type { Static, UcpPlatformProfile } from '@verity/wire'
import { VERITY_PLATFORM_PROFILE } from './ucpPlatformProfile.ts'

/**
 * The platform profile served at `/ucp/platform-profile`: VERITY_PLATFORM_PROFILE with the
 * `signing_keys` a business verifies request signatures with (UCP signatures.md, "Key Discovery").
 * Without `signingKey` it is the extractor's own (its request key, when it has one). With
 * `?signing_key=<x>.<y>` it is the profile of a Verity agent (the SDK's checkoutWithIntent,
 * `verity checkout`, the MCP tool): that key alone, so the URL names its key and a session
 * opened under it answers to that key only. Undefined for a parameter that is not a P-256 point.
 */
export function platformProfileOf(ownKey: UcpPublicJwk | undefined, signingKey: string | undefined): Static<typeof UcpPlatformProfile> | undefined {
  if (signingKey === undefined) return { ...VERITY_PLATFORM_PROFILE, ...(ownKey === undefined ? {} : { signing_keys: [ownKey] }) }
  const agentKey = ucpPublicJwkOfParameter(signingKey)
  return agentKey === undefined ? undefined : { ...VERITY_PLATFORM_PROFILE, signing_keys: [agentKey] }
}
