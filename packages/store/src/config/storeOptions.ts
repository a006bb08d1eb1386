import { readServiceOptions, type ServiceOptions } from '@verity/server'
import { STORE_PORT_DEFAULT } from '../limits.ts'

/** Where `verity store` keeps the payee key unless told otherwise. */
export const PAYEE_KEY_FILE_DEFAULT = '.verity/keys/store.json'

/**
 * The start-up options of the demo store (`verity store`): flag `--<flag>`, variable
 * VERITY_STORE_<FLAG> (readServiceOptions).
 */
export const STORE_OPTIONS = {
  port: { flag: 'port', kind: 'integer', max: 65_535, defaultText: String(STORE_PORT_DEFAULT), summary: 'HTTP port (0: any free port)' },
  host: { flag: 'host', kind: 'string', defaultText: '127.0.0.1', summary: 'address to listen on (the store has no tokens: keep it on loopback unless it is public on purpose)' },
  catalogPath: { flag: 'catalog', kind: 'string', defaultText: 'the demo catalog', summary: 'catalog file: a JSON array of UCP Product objects' },
  baseUrl: { flag: 'base-url', kind: 'string', defaultText: 'http://<host>:<port>', summary: "the URL agents reach the store at (the profile's endpoints are under it)" },
  payee: { flag: 'payee', kind: 'string', defaultText: 'the address of --payee-key-file', summary: 'vault address "<owner_id>,<shard>" the dev.verity.domain payment handler names' },
  payeeKeyFile: { flag: 'payee-key-file', kind: 'string', defaultText: PAYEE_KEY_FILE_DEFAULT, summary: "the store's own key (created on first start); its vault on --payee-shard is the payee" },
  payeeShard: { flag: 'payee-shard', kind: 'integer', min: 1, defaultText: '1', summary: "shard of the payee key's vault" },
  payeeToken: { flag: 'payee-token', kind: 'string', defaultText: 'native', summary: 'the one token the store accepts (its payment handler names it; a mandate payment in another is refused): native or a token id' },
  domainUrl: { flag: 'domain-url', kind: 'string', summary: 'domain the store is paid on (shown in the payment handler)' },
  logLevel: { flag: 'log-level', kind: 'string', defaultText: 'info', summary: 'pino log level', sharedEnv: 'VERITY_LOG_LEVEL' },
} as const satisfies ServiceOptions

export type StoreStartOptions = {
  port?: number
  host?: string
  catalogPath?: string
  baseUrl?: string
  payee?: string
  payeeKeyFile?: string
  payeeShard?: number
  payeeToken?: string
  domainUrl?: string
  logLevel?: string
}

/** Reads STORE_OPTIONS from flags and variables (only those given). Throws InvalidOptionError. */
export function readStoreOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): StoreStartOptions {
  return readServiceOptions({ service: 'store', options: STORE_OPTIONS, argv, env }).values
}
