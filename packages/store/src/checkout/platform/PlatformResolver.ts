// Negotiation with the platform a request comes from (overview.md, "Negotiation Protocol"): its
// profile is fetched (within the store's egress rules), cached, and read for what the store uses —
// the protocol version, whether it speaks AP2 mandates, and the order webhook URL.
import { UCP_AP2_MANDATE, UCP_ORDER, UCP_VERSION } from '@verity/wire'
import { ProfileMalformedError, ProfileUnreachableError, VersionUnsupportedError } from '../../errors/storeErrors.ts'
import { PLATFORM_PROFILE_BYTES_MAX, PLATFORM_PROFILE_CACHE_MS, PLATFORM_PROFILE_FETCH_TIMEOUT_MS, PLATFORM_PROFILES_CACHED_MAX } from '../../limits.ts'
import { parseUcpAgent, type UcpAgentSource } from './parseUcpAgent.ts'
import { platformUrlRefusal, type PlatformEgress } from './platformEgress.ts'
import { readBoundedText } from './readBoundedText.ts'

/** What the store knows of the platform of one request. */
export type Platform = Readonly<{
  /** The profile URL as sent (undefined only in conformance mode, for a profile that could not be used). */
  profileUrl: string | undefined
  profile: Readonly<Record<string, unknown>> | undefined
  /** `dev.ucp.shopping.ap2_mandate` is in the intersection (the store offers it and the platform declares it at our version). */
  isAp2: boolean
  /** `config.webhook_url` of the platform's `dev.ucp.shopping.order` capability. */
  webhookUrl: string | undefined
}>

export type PlatformResolverOptions = {
  egress: PlatformEgress
  /** The store offers AP2 (it has a mandate check). */
  isAp2Offered: boolean
  /** Conformance mode: an unusable profile (not a URL, unreachable, malformed) is negotiated as "no extensions" instead of refused. */
  isLenient: boolean
  /** Platform profiles the store knows without fetching them, by profile URL (a business MAY serve known platforms without discovery). */
  knownProfiles?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  nowMs?: () => number
  fetchImpl?: typeof fetch
}

export class PlatformResolver {
  readonly #options: PlatformResolverOptions
  readonly #cache = new Map<string, { profile: Readonly<Record<string, unknown>>; fetchedAtMs: number }>()

  /** Throws ProfileMalformedError for a known profile without `ucp.version` (checked once, here). */
  constructor(options: PlatformResolverOptions) {
    this.#options = options
    for (const [url, profile] of Object.entries(options.knownProfiles ?? {})) checkProfile(url, profile)
  }

  /**
   * Resolves the platform of a request from its `UCP-Agent` header (or MCP meta). Throws PlatformProfileInvalidError
   * (400), VersionUnsupportedError (422), ProfileUnreachableError (424), ProfileMalformedError (422).
   */
  async resolve(source: UcpAgentSource): Promise<Platform> {
    const agent = parseUcpAgent(source, this.#options.isLenient)
    if (agent.version !== undefined && agent.version !== UCP_VERSION) throw new VersionUnsupportedError({ version: agent.version, supported: UCP_VERSION })
    if (agent.profile === undefined) return { profileUrl: undefined, profile: undefined, isAp2: false, webhookUrl: undefined }
    let profile: Readonly<Record<string, unknown>>
    try {
      profile = await this.#profileOf(agent.profile)
    } catch (error) {
      if (this.#options.isLenient && (error instanceof ProfileUnreachableError || error instanceof ProfileMalformedError)) {
        return { profileUrl: agent.profile, profile: undefined, isAp2: false, webhookUrl: undefined }
      }
      throw error
    }
    const ucp = profile['ucp'] as { version: string; capabilities?: Record<string, unknown> }
    if (ucp.version !== UCP_VERSION) throw new VersionUnsupportedError({ version: ucp.version, supported: UCP_VERSION })
    const capabilities = ucp.capabilities ?? {}
    return {
      profileUrl: agent.profile,
      profile,
      isAp2: this.#options.isAp2Offered && entriesAtOurVersion(capabilities[UCP_AP2_MANDATE]).length > 0,
      webhookUrl: webhookUrlOf(capabilities[UCP_ORDER]),
    }
  }

  async #profileOf(url: string): Promise<Readonly<Record<string, unknown>>> {
    const known = this.#options.knownProfiles
    if (known !== undefined && Object.hasOwn(known, url)) return known[url]!
    const now = (this.#options.nowMs ?? Date.now)()
    const cached = this.#cache.get(url)
    if (cached !== undefined && now - cached.fetchedAtMs < PLATFORM_PROFILE_CACHE_MS) return cached.profile
    const profile = await this.#fetchProfile(url)
    this.#cache.delete(url)
    this.#cache.set(url, { profile, fetchedAtMs: now })
    if (this.#cache.size > PLATFORM_PROFILES_CACHED_MAX) this.#cache.delete(this.#cache.keys().next().value!)
    return profile
  }

  async #fetchProfile(text: string): Promise<Readonly<Record<string, unknown>>> {
    const url = new URL(text)
    const refusal = platformUrlRefusal(url, this.#options.egress)
    if (refusal !== undefined) throw new ProfileUnreachableError({ url: text, reason: refusal })
    let body: string
    try {
      const response = await (this.#options.fetchImpl ?? fetch)(url, { redirect: 'error', signal: AbortSignal.timeout(PLATFORM_PROFILE_FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      body = await readBoundedText(response, PLATFORM_PROFILE_BYTES_MAX)
    } catch (error) {
      throw new ProfileUnreachableError({ url: text, reason: (error as Error).message })
    }
    let profile: unknown
    try {
      profile = JSON.parse(body)
    } catch {
      throw new ProfileMalformedError({ url: text, reason: 'not JSON' })
    }
    return checkProfile(text, profile)
  }
}

/** What the store reads of a platform profile must be there: `ucp.version`, and `ucp.capabilities` an object if present. */
function checkProfile(url: string, profile: unknown): Readonly<Record<string, unknown>> {
  const ucp = (profile as { ucp?: { version?: unknown; capabilities?: unknown } } | null)?.ucp
  if (typeof ucp !== 'object' || ucp === null || typeof ucp.version !== 'string') throw new ProfileMalformedError({ url, reason: 'no ucp.version' })
  if (ucp.capabilities !== undefined && (typeof ucp.capabilities !== 'object' || ucp.capabilities === null || Array.isArray(ucp.capabilities))) {
    throw new ProfileMalformedError({ url, reason: 'ucp.capabilities is not an object' })
  }
  return profile as Record<string, unknown>
}

function entriesAtOurVersion(entries: unknown): Record<string, unknown>[] {
  if (!Array.isArray(entries)) return []
  return entries.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && (entry as { version?: unknown }).version === UCP_VERSION)
}

function webhookUrlOf(entries: unknown): string | undefined {
  for (const entry of entriesAtOurVersion(entries)) {
    const url = (entry['config'] as { webhook_url?: unknown } | undefined)?.webhook_url
    if (typeof url === 'string') return url
  }
  return undefined
}
