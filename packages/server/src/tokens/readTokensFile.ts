import { readFileSync, statSync } from 'node:fs'
import { TokenConfigError } from '../errors/configErrors.ts'
import { TOKEN_FILE_BYTES_MAX } from '../limits.ts'
import { parseTokenEntries, type ParsedTokenEntry } from './parseTokenEntries.ts'

/** Permission bits that let users other than the owner read or write a file. */
const GROUP_OTHER_BITS = 0o077

/**
 * Reads and checks a tokens file (docs/security.md). A file holding tokens themselves (not only
 * their SHA-256) must not be readable by other users: it is refused with the chmod that fixes it.
 */
export function readTokensFile(path: string): ParsedTokenEntry[] {
  let text: string
  let mode: number
  try {
    const stat = statSync(path)
    if (!stat.isFile()) throw new TokenConfigError({ source: path, reason: 'not a file' })
    if (stat.size > TOKEN_FILE_BYTES_MAX) throw new TokenConfigError({ source: path, reason: `larger than ${TOKEN_FILE_BYTES_MAX} bytes` })
    mode = stat.mode
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (error instanceof TokenConfigError) throw error
    throw new TokenConfigError({ source: path, reason: `cannot read: ${(error as Error).message}` })
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new TokenConfigError({ source: path, reason: `not valid JSON: ${(error as Error).message}` })
  }
  const entries = parseTokenEntries(raw, path)
  const holdsSecrets = entries.some((entry) => entry.token !== undefined)
  if (holdsSecrets && process.platform !== 'win32' && (mode & GROUP_OTHER_BITS) !== 0)
    throw new TokenConfigError({ source: path, reason: `holds tokens but other users may read it (mode ${(mode & 0o777).toString(8)}); run chmod 600 ${path}` })
  return entries
}
