import { PlatformProfileInvalidError } from '../errors/storeErrors.ts'
import { UCP_AGENT_HEADER_CHARS_MAX } from '../limits.ts'

// One member of an RFC 8941 Dictionary: a key, then `=` and an sf-string or a bare token, then parameters.
const MEMBER = /^\s*([a-z*][a-z0-9_.*-]*)(?:=("(?:[^"\\]|\\["\\])*"|[^,;\s]*))?(?:;[^,]*)?\s*$/

/**
 * The platform profile URI of a request: the `profile` member of the `UCP-Agent` header (RFC 8941
 * Dictionary: `profile="https://agent.example/.well-known/ucp"`), or the MCP `meta["ucp-agent"].profile`
 * passed as `fromMeta`. It must be an absolute http(s) URL. The store does not fetch it (a business
 * MAY serve known platforms without discovery; fetching request-given URLs from a dev machine would
 * be a server-side request forgery). Throws PlatformProfileInvalidError.
 */
export function readPlatformProfile(source: { header: string | undefined } | { fromMeta: unknown }): string {
  const profile = 'header' in source ? profileOfHeader(source.header) : source.fromMeta
  if (typeof profile !== 'string' || profile === '') throw new PlatformProfileInvalidError({ reason: 'the request names no platform profile' })
  let url: URL
  try {
    url = new URL(profile)
  } catch {
    throw new PlatformProfileInvalidError({ reason: `the platform profile ${JSON.stringify(profile.slice(0, 200))} is not an absolute URL` })
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PlatformProfileInvalidError({ reason: `the platform profile must be an http(s) URL, got ${url.protocol}` })
  return profile
}

function profileOfHeader(header: string | undefined): string | undefined {
  if (header === undefined) throw new PlatformProfileInvalidError({ reason: 'no UCP-Agent header' })
  if (header.length > UCP_AGENT_HEADER_CHARS_MAX) throw new PlatformProfileInvalidError({ reason: `the UCP-Agent header is longer than ${UCP_AGENT_HEADER_CHARS_MAX} characters` })
  for (const member of splitMembers(header)) {
    const match = MEMBER.exec(member)
    if (match === null) throw new PlatformProfileInvalidError({ reason: `the UCP-Agent header is not an RFC 8941 dictionary (at ${JSON.stringify(member.trim().slice(0, 80))})` })
    if (match[1] !== 'profile') continue
    const value = match[2] ?? ''
    if (!value.startsWith('"')) throw new PlatformProfileInvalidError({ reason: 'UCP-Agent profile must be a quoted string: profile="https://…"' })
    return value.slice(1, -1).replace(/\\(["\\])/g, '$1')
  }
  return undefined
}

// Commas inside quoted strings do not separate members.
function splitMembers(header: string): string[] {
  const members: string[] = []
  let current = ''
  let isQuoted = false
  for (let index = 0; index < header.length; index++) {
    const char = header[index]!
    if (char === '\\' && isQuoted) {
      current += char + (header[index + 1] ?? '')
      index++
      continue
    }
    if (char === '"') isQuoted = !isQuoted
    if (char === ',' && !isQuoted) {
      members.push(current)
      current = ''
    } else current += char
  }
  members.push(current)
  return members
}
