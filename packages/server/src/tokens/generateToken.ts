import { randomBytes } from 'node:crypto'
import { TOKEN_RANDOM_BYTES } from '../limits.ts'

/** Prefix of generated tokens, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'vrt_'

/** A new random token: `vrt_` and base64url of TOKEN_RANDOM_BYTES random bytes. */
export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(TOKEN_RANDOM_BYTES).toString('base64url')}`
}
