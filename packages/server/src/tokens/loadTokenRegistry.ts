import { TokenConfigError } from '../errors/configErrors.ts'
import { checkTokenText } from './parseTokenEntries.ts'
import { readTokensFile } from './readTokensFile.ts'
import { hashToken } from './hashToken.ts'
import { TokenRegistry, type HashedToken } from './TokenRegistry.ts'

/** The environment variable every service accepts (and every client sends) as one all-scopes token. */
export const ADMIN_TOKEN_ENV = 'VERITY_ADMIN_TOKEN'

export type TokenSources = {
  /** A tokens file (`--tokens-file`, `VERITY_TOKENS_FILE`). */
  tokensFile?: string | undefined
  /** The value of VERITY_ADMIN_TOKEN, read by the caller at startup; accepted with scope admin. */
  adminToken?: string | undefined
  /** Tokens given in code (a service embedded in a test or in `verity up`). */
  tokens?: readonly HashedToken[] | undefined
}

/** Builds the registry of a service from its tokens file, VERITY_ADMIN_TOKEN and tokens given in code. */
export function loadTokenRegistry(sources: TokenSources): TokenRegistry {
  const entries: HashedToken[] = [...(sources.tokens ?? [])]
  if (sources.tokensFile !== undefined && sources.tokensFile !== '') entries.push(...readTokensFile(sources.tokensFile).map(({ name, scope, sha256 }) => ({ name, scope, sha256 })))
  if (sources.adminToken !== undefined && sources.adminToken !== '') {
    checkTokenText(sources.adminToken, ADMIN_TOKEN_ENV, (reason) => {
      throw new TokenConfigError({ source: ADMIN_TOKEN_ENV, reason })
    })
    entries.push({ name: ADMIN_TOKEN_ENV, scope: 'admin', sha256: hashToken(sources.adminToken) })
  }
  return new TokenRegistry(entries)
}
