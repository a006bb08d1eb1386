import { readServiceOptions, type ServiceOptions } from '@verity/server'
import { API_PORT_DEFAULT } from '../limits.ts'

/** Where `verity domain` looks for its configuration unless --config says otherwise. */
export const DOMAIN_CONFIG_PATH_DEFAULT = 'domain.yaml'

/**
 * The start-up options of a domain (`verity domain`, `verity domain-worker`) beside its YAML file:
 * flag `--<flag>`, variable VERITY_DOMAIN_<FLAG> (readServiceOptions). A flag or variable wins over
 * the file's entry. VERITY_DATABASE_URL, the old name, still works with a deprecation warning.
 */
export const DOMAIN_OPTIONS = {
  configPath: { flag: 'config', kind: 'string', defaultText: DOMAIN_CONFIG_PATH_DEFAULT, summary: 'the YAML configuration (docs/domain.md)' },
  port: { flag: 'port', kind: 'integer', max: 65_535, defaultText: `\`app.api_port\` of the file, else ${API_PORT_DEFAULT}`, summary: 'HTTP port (0: any free port)' },
  dataDir: { flag: 'data-dir', kind: 'string', defaultText: 'the folder of the file', summary: 'directory of the SQLite store' },
  databaseUrl: { flag: 'database-url', kind: 'postgresUrl', defaultText: '`database_url` of the file', summary: 'PostgreSQL store (instead of SQLite)', oldEnvs: ['VERITY_DATABASE_URL'] },
  crsPath: { flag: 'crs-path', kind: 'string', defaultText: '`prover.crs_path` of the file, else the committed Ignition prefix', summary: 'Ignition CRS directory of the prover (same files, checked by SHA-256)', oldEnvs: ['VERITY_CRS_PATH'] },
  logLevel: { flag: 'log-level', kind: 'string', defaultText: 'info', summary: 'pino log level', sharedEnv: 'VERITY_LOG_LEVEL' },
} as const satisfies ServiceOptions

export type DomainStartOptions = { configPath: string; port?: number; dataDir?: string; databaseUrl?: string; crsPath?: string; logLevel?: string }

/** Reads DOMAIN_OPTIONS from flags and variables; old names go to `onDeprecated`. Throws InvalidOptionError. */
export function readDomainOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  onDeprecated: (line: string) => void = () => {},
): DomainStartOptions {
  const { values, deprecations } = readServiceOptions({ service: 'domain', options: DOMAIN_OPTIONS, argv, env })
  deprecations.forEach(onDeprecated)
  return { configPath: DOMAIN_CONFIG_PATH_DEFAULT, ...values }
}
