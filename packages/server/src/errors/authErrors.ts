import { VerityError } from '@verity/core'
import type { TokenScope } from '../tokens/TokenScope.ts'

/** A protected route was called without `Authorization: Bearer <token>` (or with a malformed header). 401. */
export class TokenRequiredError extends VerityError {
  readonly code = 'TOKEN_REQUIRED'
  constructor(readonly fields: { route: string; scopeNeeded: TokenScope; reason: string }) {
    super(`${fields.route} needs a token of scope ${fields.scopeNeeded}: ${fields.reason} (send Authorization: Bearer <token>; see docs/security.md)`)
  }
}

/** The bearer token matches no configured token. 401. The token itself is never part of the message. */
export class TokenInvalidError extends VerityError {
  readonly code = 'TOKEN_INVALID'
  constructor(readonly fields: { route: string }) {
    super(`${fields.route}: the bearer token is not one this service knows`)
  }
}

/** The token is known but its scope does not cover the route (an operator token on an admin route). 403. */
export class TokenScopeError extends VerityError {
  readonly code = 'TOKEN_SCOPE_INSUFFICIENT'
  constructor(readonly fields: { route: string; tokenName: string; scopeHeld: TokenScope; scopeNeeded: TokenScope }) {
    super(`${fields.route} needs scope ${fields.scopeNeeded}; token "${fields.tokenName}" has scope ${fields.scopeHeld}`)
  }
}
