import { createHash } from 'node:crypto'

/** SHA-256 of the token's UTF-8 bytes: what a server keeps and compares instead of the token. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest()
}

/** The hex form of `hashToken`, as written in a tokens file's `sha256` field. */
export function hashTokenHex(token: string): string {
  return hashToken(token).toString('hex')
}
