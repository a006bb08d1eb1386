import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { readTokensFile, selectClientToken } from '@verity/server'
import { cliDataDir } from './cliDataDir.ts'

/** The tokens file `verity up` writes in its data directory. */
export const TOKENS_FILE_NAME = 'tokens.json'

/**
 * The token the CLI sends to the services: VERITY_ADMIN_TOKEN when set; else the admin (or
 * operator) token of the tokens file at VERITY_TOKENS_FILE, or of `<data dir>/tokens.json` that
 * `verity up` wrote (data dir: VERITY_DATA_DIR, default `.verity`); else none.
 */
export function clientToken(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  if (env.VERITY_ADMIN_TOKEN !== undefined && env.VERITY_ADMIN_TOKEN !== '') return env.VERITY_ADMIN_TOKEN
  const explicit = env.VERITY_TOKENS_FILE
  if (explicit !== undefined && explicit !== '') return selectClientToken(readTokensFile(explicit))
  const devnet = join(cliDataDir(env), TOKENS_FILE_NAME)
  return existsSync(devnet) ? selectClientToken(readTokensFile(devnet)) : undefined
}
