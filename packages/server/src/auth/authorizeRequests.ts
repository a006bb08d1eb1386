import type { FastifyInstance, FastifyRequest } from 'fastify'
import { TokenInvalidError, TokenRequiredError, TokenScopeError } from '../errors/authErrors.ts'
import type { TokenIdentity, TokenRegistry } from '../tokens/TokenRegistry.ts'
import { scopeSatisfies } from '../tokens/TokenScope.ts'
import { readBearerToken } from './readBearerToken.ts'
import { routeKey, type RouteScopes } from './RouteScopes.ts'

export type AuthorizeRequestsOptions = {
  registry: TokenRegistry
  routeScopes: RouteScopes
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request authenticated as, on a protected route; undefined elsewhere. */
    tokenIdentity?: TokenIdentity
  }
}

/**
 * Adds an onRequest hook to `app` (call it before registering routes) that checks the bearer
 * token of every route listed in `routeScopes`: missing or malformed → TokenRequiredError (401),
 * unknown → TokenInvalidError (401), too low a scope → TokenScopeError (403). The errors go to
 * the service's own error handler, which answers them in that service's error shape. It runs
 * before the body is read, so an unauthenticated client cannot make us parse a large body.
 *
 * With no token configured the routes are open: that is only allowed on a loopback address
 * (assertBindAllowed), for local development.
 */
export function authorizeRequests(app: FastifyInstance, options: AuthorizeRequestsOptions): void {
  const { registry, routeScopes } = options
  if (registry.size === 0) return
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const url = request.routeOptions.url
    if (url === undefined) return
    const route = routeKey(request.method, url)
    const scopeNeeded = routeScopes[route]
    if (scopeNeeded === undefined) return
    const bearer = readBearerToken(request.headers.authorization)
    if (bearer.kind === 'missing') throw new TokenRequiredError({ route, scopeNeeded, reason: 'no Authorization header' })
    if (bearer.kind === 'malformed') throw new TokenRequiredError({ route, scopeNeeded, reason: bearer.reason })
    const identity = registry.authenticate(bearer.token)
    if (identity === undefined) throw new TokenInvalidError({ route })
    if (!scopeSatisfies(identity.scope, scopeNeeded))
      throw new TokenScopeError({ route, tokenName: identity.name, scopeHeld: identity.scope, scopeNeeded })
    request.tokenIdentity = identity
  })
}
