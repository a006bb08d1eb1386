/** What a token may do: `operator` runs a service's operator routes; `admin` may do that and change its configuration. */
export type TokenScope = 'admin' | 'operator'

export const TOKEN_SCOPES: readonly TokenScope[] = Object.freeze(['admin', 'operator'])

/** True when a token of scope `held` may call a route that needs `needed` (admin implies operator). */
export function scopeSatisfies(held: TokenScope, needed: TokenScope): boolean {
  return held === 'admin' || held === needed
}

export function isTokenScope(value: unknown): value is TokenScope {
  return value === 'admin' || value === 'operator'
}
