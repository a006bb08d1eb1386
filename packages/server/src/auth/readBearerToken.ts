import { TOKEN_CHARS_MAX } from '../limits.ts'

export type BearerReading = { kind: 'token'; token: string } | { kind: 'missing' } | { kind: 'malformed'; reason: string }

/** Reads `Authorization: Bearer <token>`; any other scheme or shape is malformed (and never echoed). */
export function readBearerToken(header: string | string[] | undefined): BearerReading {
  if (header === undefined || header === '') return { kind: 'missing' }
  if (Array.isArray(header)) return { kind: 'malformed', reason: 'more than one Authorization header' }
  if (header.length > TOKEN_CHARS_MAX + 7) return { kind: 'malformed', reason: `the Authorization header is longer than ${TOKEN_CHARS_MAX + 7} characters` }
  const match = /^Bearer +(\S+) *$/i.exec(header)
  if (match === null) return { kind: 'malformed', reason: 'the Authorization header is not "Bearer <token>"' }
  return { kind: 'token', token: match[1]! }
}
