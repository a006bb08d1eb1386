import { UCP_PROFILE_TTL_MS_MAX, UCP_PROFILE_TTL_MS_MIN } from '../limits.ts'

/**
 * How long a fetched UCP profile may be reused, in ms: the reply's `Cache-Control` `s-maxage` or
 * `max-age` less its `Age` (RFC 9111 §4.2.1), held between UCP_PROFILE_TTL_MS_MIN (UCP asks for a
 * 60 s floor whatever the header says, overview.md "Fetching") and UCP_PROFILE_TTL_MS_MAX. No usable
 * header gives the floor.
 * @example profileLifetimeMs('public, max-age=300', 0) // 300_000
 */
export function profileLifetimeMs(cacheControl: string | undefined, ageSeconds: number | undefined): number {
  const directives = new Map<string, string | undefined>()
  for (const part of (cacheControl ?? '').split(',')) {
    const [name, value] = part.split('=', 2)
    if (name !== undefined && name.trim() !== '') directives.set(name.trim().toLowerCase(), value?.trim().replace(/^"|"$/g, ''))
  }
  const text = directives.get('s-maxage') ?? directives.get('max-age')
  const seconds = text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) - (ageSeconds ?? 0) : 0
  return Math.min(UCP_PROFILE_TTL_MS_MAX, Math.max(UCP_PROFILE_TTL_MS_MIN, seconds * 1_000))
}
