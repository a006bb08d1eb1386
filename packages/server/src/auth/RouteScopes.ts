import type { TokenScope } from '../tokens/TokenScope.ts'

/**
 * Which routes need a token, and of what scope, keyed by method and route pattern as registered
 * (`"PUT /config"`, `"POST /sdls/:hash/prove"`). A route not listed is open.
 */
export type RouteScopes = Readonly<Record<string, TokenScope>>

/** The key of a route in a RouteScopes table. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`
}
