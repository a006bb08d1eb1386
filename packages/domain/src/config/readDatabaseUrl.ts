import { InvalidOptionError } from '@verity/core'

/** Checks a PostgreSQL URL given by `source` (the config file, the flag or the variable); throws InvalidOptionError naming it. */
export function readDatabaseUrl(text: string, source: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InvalidOptionError({ option: source, reason: '`database_url` must be a URL such as postgres://user@host:5432/database' })
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new InvalidOptionError({ option: source, reason: `\`database_url\` must be a postgres:// or postgresql:// URL, got ${url.protocol}//…` })
  }
  return text
}
