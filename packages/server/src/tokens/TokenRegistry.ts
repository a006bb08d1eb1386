import { timingSafeEqual } from 'node:crypto'
import { TOKEN_CHARS_MAX } from '../limits.ts'
import { hashToken } from './hashToken.ts'
import type { TokenScope } from './TokenScope.ts'

/** A configured token as a server keeps it: its name, its scope and the SHA-256 of its text. */
export type HashedToken = Readonly<{ name: string; scope: TokenScope; sha256: Buffer }>

/** Who a request authenticated as. */
export type TokenIdentity = Readonly<{ name: string; scope: TokenScope }>

/**
 * The tokens a service accepts, held as SHA-256 digests only. `authenticate` hashes the presented
 * token and compares it with every entry using timingSafeEqual on equal-length digests, without
 * stopping at a match, so the time taken says nothing about which token (or how much of one) was right.
 */
export class TokenRegistry {
  readonly #entries: readonly HashedToken[]

  constructor(entries: readonly HashedToken[]) {
    this.#entries = Object.freeze([...entries])
  }

  /** How many tokens are configured (0: the service has no protected routes open to anyone). */
  get size(): number {
    return this.#entries.length
  }

  /** Names and scopes, for a startup log line (never the digests). */
  describe(): TokenIdentity[] {
    return this.#entries.map(({ name, scope }) => ({ name, scope }))
  }

  /** The identity of `token`, or undefined when it matches none. */
  authenticate(token: string): TokenIdentity | undefined {
    if (token.length === 0 || token.length > TOKEN_CHARS_MAX) return undefined
    const digest = hashToken(token)
    let found: HashedToken | undefined
    for (const entry of this.#entries) {
      if (timingSafeEqual(digest, entry.sha256) && found === undefined) found = entry
    }
    return found === undefined ? undefined : { name: found.name, scope: found.scope }
  }
}
