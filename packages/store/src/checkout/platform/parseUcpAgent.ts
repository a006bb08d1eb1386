import { PlatformProfileInvalidError } from '../../errors/storeErrors.ts'
import { readPlatformProfile } from '../../ucp/readPlatformProfile.ts'

/** The `UCP-Agent` header of a checkout request: the profile URI as sent and its `version` parameter (RFC 8941), if any. */
export type UcpAgent = Readonly<{ profile: string | undefined; version: string | undefined }>

const VERSION_PARAMETER = /;\s*version="([^"]{0,40})"/

/**
 * Reads `UCP-Agent: profile="…"; version="…"`. With `isLenient` (conformance mode) a profile that
 * is not an absolute http(s) URL is kept as undefined instead of refused. Throws
 * PlatformProfileInvalidError (no header, or not a dictionary).
 */
export function parseUcpAgent(header: string | undefined, isLenient: boolean): UcpAgent {
  const version = header === undefined ? undefined : VERSION_PARAMETER.exec(header)?.[1]
  try {
    return { profile: readPlatformProfile({ header }), version }
  } catch (error) {
    if (!isLenient || header === undefined || !(error instanceof PlatformProfileInvalidError)) throw error
    return { profile: undefined, version }
  }
}
