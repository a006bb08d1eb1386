import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { TokenEntry } from './parseTokenEntries.ts'

/** Mode of every file holding a secret (tokens, keys): the owner may read and write it, nobody else. */
export const SECRET_FILE_MODE = 0o600
/** Mode of the data directories we create: the owner only. */
export const PRIVATE_DIRECTORY_MODE = 0o700

/** Writes a tokens file with mode 0600 (written aside, then renamed, so it is never seen half-written or readable). */
export function writeTokensFile(path: string, tokens: readonly TokenEntry[]): void {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE })
  const staging = `${path}.${process.pid}.tmp`
  writeFileSync(staging, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: SECRET_FILE_MODE })
  chmodSync(staging, SECRET_FILE_MODE)
  renameSync(staging, path)
}

/** Creates `path` as a private directory (0700) when it is missing; an existing directory is left as it is. */
export function ensurePrivateDirectory(path: string): void {
  if (!existsSync(path)) mkdirSync(path, { recursive: true, mode: PRIVATE_DIRECTORY_MODE })
}
