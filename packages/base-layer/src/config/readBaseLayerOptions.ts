import { parseArgs } from 'node:util'
import { InvalidOptionError } from '@verity/core'
import { BASE_LAYER_PORT_DEFAULT } from '../limits.ts'

/** How to run a base-layer node. */
export type BaseLayerOptions = {
  /** TCP port (default 9000; 0 picks a free one) */
  port: number
  host: string
  /** directory of the SQLite file `base-layer.sqlite` (unused when `databaseUrl` is set) */
  dataDir: string
  /** PostgreSQL URL (`postgres://user:password@host:port/database`); absent: SQLite in `dataDir` */
  databaseUrl?: string
  /** genesis JSON file; absent: no account is funded (every agreement is refused) */
  genesisPath?: string
  /** overrides the genesis file's activation delay, in milliseconds */
  agreementActivationDelayMs?: number
  /** CRS file for proof verification; absent: the prover's default (the dev CRS) */
  crsPath?: string
  logLevel: string
  /** JSON-RPC calls one client address may send per window (`--rate-limit-max`, VERITY_RATE_LIMIT_MAX) */
  rateLimitMax?: number
  /** the window, in ms (`--rate-limit-window-ms`, VERITY_RATE_LIMIT_WINDOW_MS) */
  rateLimitWindowMs?: number
}

type Env = Record<string, string | undefined>

/**
 * Options from command-line flags (`--port`, `--host`, `--data-dir`, `--database-url`, `--genesis`,
 * `--activation-delay-ms`, `--crs`), then environment (`VERITY_BASE_LAYER_PORT`, `VERITY_HOST`,
 * `VERITY_DATA_DIR`, `VERITY_DATABASE_URL`, `VERITY_GENESIS`, `VERITY_AGREEMENT_ACTIVATION_DELAY_MS`,
 * `VERITY_CRS_PATH`, `VERITY_LOG_LEVEL`), then defaults. Flags win over environment.
 */
export function readBaseLayerOptions(argv: readonly string[] = [], env: Env = {}): BaseLayerOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      genesis: { type: 'string' },
      'activation-delay-ms': { type: 'string' },
      crs: { type: 'string' },
      'rate-limit-max': { type: 'string' },
      'rate-limit-window-ms': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  })
  const port = readInteger('port', values.port ?? env.VERITY_BASE_LAYER_PORT, BASE_LAYER_PORT_DEFAULT, 65_535)
  const delay = values['activation-delay-ms'] ?? env.VERITY_AGREEMENT_ACTIVATION_DELAY_MS
  const options: BaseLayerOptions = {
    port,
    host: values.host ?? env.VERITY_HOST ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? env.VERITY_DATA_DIR ?? '.verity/base-layer',
    logLevel: env.VERITY_LOG_LEVEL ?? 'info',
  }
  const genesisPath = values.genesis ?? env.VERITY_GENESIS
  if (genesisPath !== undefined) options.genesisPath = genesisPath
  if (delay !== undefined) options.agreementActivationDelayMs = readInteger('activation-delay-ms', delay, 0, Number.MAX_SAFE_INTEGER)
  const databaseUrl = values['database-url'] ?? env.VERITY_DATABASE_URL
  if (databaseUrl !== undefined && databaseUrl !== '') options.databaseUrl = readDatabaseUrl(databaseUrl)
  const rateLimitMax = values['rate-limit-max'] ?? env.VERITY_RATE_LIMIT_MAX
  if (rateLimitMax !== undefined) options.rateLimitMax = readInteger('rate-limit-max', rateLimitMax, 0, Number.MAX_SAFE_INTEGER, 1)
  const rateLimitWindowMs = values['rate-limit-window-ms'] ?? env.VERITY_RATE_LIMIT_WINDOW_MS
  if (rateLimitWindowMs !== undefined) options.rateLimitWindowMs = readInteger('rate-limit-window-ms', rateLimitWindowMs, 0, Number.MAX_SAFE_INTEGER, 1)
  const crsPath = values.crs ?? env.VERITY_CRS_PATH
  if (crsPath !== undefined) options.crsPath = crsPath
  return options
}

function readDatabaseUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InvalidOptionError({ option: 'database-url', reason: 'expected a URL such as postgres://user@host:5432/database' })
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new InvalidOptionError({ option: 'database-url', reason: `expected a postgres:// or postgresql:// URL, got ${url.protocol}//…` })
  return text
}

function readInteger(name: string, text: string | undefined, fallback: number, max: number, min = 0): number {
  if (text === undefined) return fallback
  if (!/^[0-9]+$/.test(text) || Number(text) > max || Number(text) < min)
    throw new InvalidOptionError({ option: name, reason: `expected an integer from ${min} to ${max}, got ${JSON.stringify(text)}` })
  return Number(text)
}
