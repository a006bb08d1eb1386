import { readDatabaseUrl } from './readDatabaseUrl.ts'

/**
 * The one setting that selects the domain's store: `--database-url` (the option), else the
 * VERITY_DATABASE_URL variable, else `database_url` in domain.yaml; undefined → SQLite. Each is
 * checked, and a bad one is a InvalidOptionError naming where it came from.
 */
export function selectDatabaseUrl(sources: {
  option?: string | undefined
  env: Readonly<Record<string, string | undefined>>
  config?: string | undefined
}): string | undefined {
  if (sources.option !== undefined) return readDatabaseUrl(sources.option, '--database-url')
  const fromEnv = sources.env.VERITY_DATABASE_URL
  if (fromEnv !== undefined && fromEnv !== '') return readDatabaseUrl(fromEnv, 'VERITY_DATABASE_URL')
  return sources.config
}
