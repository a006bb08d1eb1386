import { PlatformProfileInvalidError } from '../../errors/storeErrors.ts'
import { readPlatformProfile } from '../../ucp/readPlatformProfile.ts'

/** The `UCP-Agent` header of a checkout request: the profile URI as sent and its `version` parameter (RFC 8941), if any. */
export type UcpAgent = Readonly<{ profile: string | undefined; version: string | undefined }>

const VERSION_PARAMETER = /;\s*version="([^"]{0,40})"/

/**
 * Reads `UCP-Agent: profile="…"; version="…"` (or MCP's `meta["ucp-agent"].profile`). With `isLenient` (conformance mode) a profile that
 * is not an absolute http(s) URL is kept as undefined instead of refused. Throws
 * PlatformProfileInvalidError (no header, or not a dictionary).
 */
export function parseUcpAgent(source: UcpAgentSource, isLenient: boolean): UcpAgent {
  const header = 'header' in source ? source.header : undefined
  const version = header === undefined ? undefined : VERSION_PARAMETER.exec(header)?.[1]
  const isGiven = 'header' in source ? source.header !== undefined : source.fromMeta !== undefined
  try {
    return { profile: readPlatformProfile('header' in source ? { header } : { fromMeta: source.fromMeta }), version }
  } catch (error) {
    if (!isLenient || !isGiven || !(error instanceof PlatformProfileInvalidError)) throw error
    return { profile: undefined, version }
  }
}

/** Where a request names its platform: the REST `UCP-Agent` header, or MCP's `meta["ucp-agent"].profile`. */
export type UcpAgentSource = Readonly<{ header: string | undefined }> | Readonly<{ fromMeta: unknown }>
