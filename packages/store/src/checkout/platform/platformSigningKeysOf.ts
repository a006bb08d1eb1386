/** A platform's keys (UCP's platform profile, top-level `signing_keys`): AP2 open mandates name one by `kid`. */
export function platformSigningKeysOf(profile: unknown): Readonly<Record<string, unknown>>[] {
  const keys = (profile as { signing_keys?: unknown } | undefined)?.signing_keys
  return Array.isArray(keys) ? keys.filter((key): key is Record<string, unknown> => typeof key === 'object' && key !== null) : []
}
