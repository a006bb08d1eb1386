import { optionEnvName } from '@verity/server'
import { readDatabaseUrl } from './readDatabaseUrl.ts'

/** The variables of the setting: the domain's own, then the old shared name (deprecated, docs/operations.md). */
const DATABASE_URL_ENVS = [optionEnvName('domain', 'database-url'), 'VERITY_DATABASE_URL'] as const

/**
 * The one setting that selects the domain's store: `--database-url` (the option), else the
 * VERITY_DOMAIN_DATABASE_URL variable (or its old name VERITY_DATABASE_URL), else `database_url`
 * in domain.yaml; undefined → SQLite. Each is
 * checked, and a bad one is a InvalidOptionError naming where it came from.
 */
export function selectDatabaseUrl(sources: {
  option?: string | undefined
  env: Readonly<Record<string, string | undefined>>
  config?: string | undefined
}): string | undefined {
  if (sources.option !== undefined) return readDatabaseUrl(sources.option, '--database-url')
  for (const name of DATABASE_URL_ENVS) {
    const fromEnv = sources.env[name]
    if (fromEnv !== undefined && fromEnv !== '') return readDatabaseUrl(fromEnv, name)
  }
  return sources.config
}
