import type { ServiceOptions } from '@verity/server'
import { RATE_LIMIT_MAX_DEFAULT, RATE_LIMIT_WINDOW_MS_DEFAULT } from '@verity/server'
import { BASE_LAYER_PORT_DEFAULT } from '../limits.ts'

/** Default data directory, relative to the working directory. */
export const BASE_LAYER_DATA_DIR_DEFAULT = '.verity/base-layer'

/**
 * Every start-up option of a base-layer node, by its key in BaseLayerOptions: flag `--<flag>`,
 * variable VERITY_BASE_LAYER_<FLAG> (readServiceOptions). The old names (a variable without the
 * service, `--crs`) still work with a deprecation warning.
 */
export const BASE_LAYER_OPTIONS = {
  port: { flag: 'port', kind: 'integer', max: 65_535, defaultText: String(BASE_LAYER_PORT_DEFAULT), summary: 'JSON-RPC port (0: any free port)' },
  host: { flag: 'host', kind: 'string', defaultText: '127.0.0.1', summary: 'address to listen on', oldEnvs: ['VERITY_HOST'] },
  dataDir: { flag: 'data-dir', kind: 'string', defaultText: BASE_LAYER_DATA_DIR_DEFAULT, summary: 'directory of the SQLite file `base-layer.sqlite`', oldEnvs: ['VERITY_DATA_DIR'] },
  databaseUrl: { flag: 'database-url', kind: 'postgresUrl', summary: 'PostgreSQL store (instead of SQLite)', oldEnvs: ['VERITY_DATABASE_URL'] },
  genesisPath: { flag: 'genesis', kind: 'string', defaultText: 'none (no account funded)', summary: 'genesis JSON file', oldEnvs: ['VERITY_GENESIS'] },
  agreementActivationDelayMs: { flag: 'activation-delay-ms', kind: 'durationMs', defaultText: "the genesis file's", summary: 'delay before a domain agreement becomes active', oldEnvs: ['VERITY_AGREEMENT_ACTIVATION_DELAY_MS'] },
  crsPath: { flag: 'crs-path', kind: 'string', defaultText: 'the committed Ignition prefix', summary: 'Ignition CRS directory for proof verification (same files, checked by SHA-256)', oldFlags: ['crs'], oldEnvs: ['VERITY_CRS_PATH'] },
  trustedExtractorKeys: {
    flag: 'trusted-extractor-keys',
    kind: 'string',
    defaultText: 'none (an SDL with a mandate payment is refused)',
    summary: 'comma-separated base58 keys of the extractors whose evidence attestations mandate payments may rest on',
  },
  logLevel: { flag: 'log-level', kind: 'string', defaultText: 'info', summary: 'pino log level', sharedEnv: 'VERITY_LOG_LEVEL' },
  rateLimitMax: { flag: 'rate-limit-max', kind: 'integer', min: 1, defaultText: String(RATE_LIMIT_MAX_DEFAULT), summary: 'JSON-RPC calls one client address may send per window', oldEnvs: ['VERITY_RATE_LIMIT_MAX'] },
  rateLimitWindowMs: { flag: 'rate-limit-window-ms', kind: 'durationMs', min: 1, defaultText: String(RATE_LIMIT_WINDOW_MS_DEFAULT), summary: 'the rate-limit window', oldEnvs: ['VERITY_RATE_LIMIT_WINDOW_MS'] },
} as const satisfies ServiceOptions
