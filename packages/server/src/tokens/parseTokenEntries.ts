import { TokenConfigError } from '../errors/configErrors.ts'
import { TOKEN_CHARS_MAX, TOKEN_CHARS_MIN, TOKEN_NAME_CHARS_MAX, TOKENS_PER_FILE_MAX } from '../limits.ts'
import { hashToken } from './hashToken.ts'
import type { HashedToken } from './TokenRegistry.ts'
import { isTokenScope, type TokenScope } from './TokenScope.ts'

/**
 * One entry of a tokens file. A server keeps only digests: `sha256` (hex of SHA-256 of the
 * token) is the form for a server's configuration; `token` (the token itself) is accepted too,
 * hashed when read, and is what `verity up` writes so the CLI on the same machine can send it.
 */
export type TokenEntry = { name: string; scope: TokenScope } & ({ token: string } | { sha256: string })

/** A parsed entry: the server's digest, and the token text when the file holds it (for clients). */
export type ParsedTokenEntry = HashedToken & { token?: string }

const NAME_PATTERN = /^[A-Za-z0-9._-]+$/
const SHA256_HEX_PATTERN = /^[0-9a-f]{64}$/

/**
 * Checks the contents of a tokens file, `{"tokens": [{name, scope, token | sha256}, …]}`, and
 * returns each entry with its digest. Throws TokenConfigError naming the entry and field.
 */
export function parseTokenEntries(raw: unknown, source: string): ParsedTokenEntry[] {
  const fail = (reason: string): never => {
    throw new TokenConfigError({ source, reason })
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return fail('expected a JSON object {"tokens": [...]}')
  const list = (raw as { tokens?: unknown }).tokens
  if (!Array.isArray(list)) return fail('`tokens` must be a list of {name, scope, token | sha256}')
  if (list.length > TOKENS_PER_FILE_MAX) fail(`at most ${TOKENS_PER_FILE_MAX} tokens, got ${list.length}`)
  const names = new Set<string>()
  const digests = new Set<string>()
  return list.map((item: unknown, index) => {
    const entry = parseTokenEntry(item, `tokens[${index}]`, fail)
    if (names.has(entry.name)) fail(`tokens[${index}]: the name ${entry.name} is used twice`)
    const hex = entry.sha256.toString('hex')
    if (digests.has(hex)) fail(`tokens[${index}] (${entry.name}): the same token is listed twice`)
    names.add(entry.name)
    digests.add(hex)
    return entry
  })
}

function parseTokenEntry(item: unknown, where: string, fail: (reason: string) => never): ParsedTokenEntry {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return fail(`${where} must be an object {name, scope, token | sha256}`)
  const { name, scope, token, sha256, ...rest } = item as Record<string, unknown>
  const unknown = Object.keys(rest)
  if (unknown.length > 0) fail(`${where}: unknown field ${unknown[0]}`)
  if (typeof name !== 'string' || name.length === 0 || name.length > TOKEN_NAME_CHARS_MAX || !NAME_PATTERN.test(name))
    fail(`${where}.name must be 1 to ${TOKEN_NAME_CHARS_MAX} characters of A-Z a-z 0-9 . _ -`)
  if (!isTokenScope(scope)) fail(`${where}.scope must be "admin" or "operator"`)
  const base = { name: name as string, scope: scope as TokenScope }
  if (token !== undefined && sha256 !== undefined) fail(`${where}: give either token or sha256, not both`)
  if (typeof sha256 === 'string') {
    if (!SHA256_HEX_PATTERN.test(sha256)) fail(`${where}.sha256 must be 64 lowercase hex characters (SHA-256 of the token)`)
    return { ...base, sha256: Buffer.from(sha256, 'hex') }
  }
  if (typeof token !== 'string') return fail(`${where} needs token (the token) or sha256 (hex of its SHA-256)`)
  checkTokenText(token, `${where}.token`, fail)
  return { ...base, sha256: hashToken(token), token }
}

/** A token a server accepts from configuration: long enough not to be guessed, short enough to read. */
export function checkTokenText(token: string, where: string, fail: (reason: string) => never): void {
  if (token.length < TOKEN_CHARS_MIN || token.length > TOKEN_CHARS_MAX)
    fail(`${where} must be ${TOKEN_CHARS_MIN} to ${TOKEN_CHARS_MAX} characters (generate one with \`verity token create\`)`)
  if (!/^[\x21-\x7e]+$/.test(token)) fail(`${where} must be printable ASCII without spaces`)
}
