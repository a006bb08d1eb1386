import { readServiceOptions } from '@verity/server'
import { BASE_LAYER_DATA_DIR_DEFAULT, BASE_LAYER_OPTIONS } from './baseLayerOptions.ts'
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
  /** Ignition CRS directory for proof verification; absent: the prefix committed in @verity/prover */
  crsPath?: string
  /** comma-separated base58 extractor keys trusted for mandate payments (`--trusted-extractor-keys`); absent: none */
  trustedExtractorKeys?: string
  logLevel: string
  /** JSON-RPC calls one client address may send per window (`--rate-limit-max`) */
  rateLimitMax?: number
  /** the window, in ms (`--rate-limit-window-ms`) */
  rateLimitWindowMs?: number
}

type Env = Readonly<Record<string, string | undefined>>

/**
 * Options from flags, then VERITY_BASE_LAYER_* variables (BASE_LAYER_OPTIONS, read by the one
 * reader of every service), then defaults. Old names go to `onDeprecated`, one line each.
 * Throws InvalidOptionError naming the flag or variable.
 */
export function readBaseLayerOptions(argv: readonly string[] = [], env: Env = {}, onDeprecated: (line: string) => void = () => {}): BaseLayerOptions {
  const { values, deprecations } = readServiceOptions({ service: 'base-layer', options: BASE_LAYER_OPTIONS, argv, env })
  deprecations.forEach(onDeprecated)
  return { port: BASE_LAYER_PORT_DEFAULT, host: '127.0.0.1', dataDir: BASE_LAYER_DATA_DIR_DEFAULT, logLevel: 'info', ...values }
}
