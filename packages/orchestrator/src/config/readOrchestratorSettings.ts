import { ADMIN_TOKEN_ENV, readServiceOptions } from '@verity/server'
import { ORCHESTRATOR_APP_DEFAULTS } from '../http/buildOrchestratorApp.ts'
import { DATA_DIR_DEFAULT, ORCHESTRATOR_OPTIONS } from './orchestratorOptions.ts'
import type { OrchestratorSettings } from './OrchestratorSettings.ts'

export { DATA_DIR_DEFAULT, ORCHESTRATOR_OPTIONS }

/** Defaults of the settings that are not app settings. */
export const ORCHESTRATOR_DEFAULTS: OrchestratorSettings = Object.freeze({
  ...ORCHESTRATOR_APP_DEFAULTS,
  host: '127.0.0.1',
  dataDir: DATA_DIR_DEFAULT,
  databaseUrl: undefined,
  crsPath: undefined,
  extractorKeyFile: undefined,
  proverThreads: undefined,
  proverWorkers: 1,
})

/**
 * Reads the start-up settings from flags and VERITY_ORCHESTRATOR_* variables over the defaults,
 * with the one reader of every service (readServiceOptions, ORCHESTRATOR_OPTIONS). Old flag and
 * variable names go to `onDeprecated`, one line each. Throws InvalidOptionError.
 */
export function readOrchestratorSettings(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  onDeprecated: (line: string) => void = () => {},
): OrchestratorSettings {
  const { values, deprecations } = readServiceOptions({ service: 'orchestrator', options: ORCHESTRATOR_OPTIONS, argv, env })
  deprecations.forEach(onDeprecated)
  // A `choice` is read as a string checked against its choices (`open`, `token`).
  const settings = { ...ORCHESTRATOR_DEFAULTS, ...values } as OrchestratorSettings
  const adminToken = env[ADMIN_TOKEN_ENV]
  if (adminToken !== undefined && adminToken !== '') settings.adminToken = adminToken
  return settings
}
