import { readServiceOptions, type ServiceOptions } from '@verity/server'
import { STORE_PORT_DEFAULT } from '../limits.ts'
import type { MandateCheck } from '../checkout/payment/MandateCheck.ts'
import type { PaymentHandler } from '../checkout/payment/PaymentHandler.ts'

/** Where `verity store` keeps the payee key unless told otherwise. */
export const PAYEE_KEY_FILE_DEFAULT = '.verity/keys/store.json'

/** Where `verity store` keeps its checkout state and signing key unless told otherwise. */
export const STATE_DIR_DEFAULT = '.verity/store'

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
  stateDir: { flag: 'state-dir', kind: 'string', defaultText: STATE_DIR_DEFAULT, summary: 'folder of the checkout state (checkout.db: sessions, orders, idempotency replies) and the checkout signing key (signing-key.json, created on first start)' },
  shopRulesPath: { flag: 'shop-rules', kind: 'string', defaultText: 'the demo rules (catalog/shop.json)', summary: 'shop rules file: shipping rates, free shipping, discount codes, tax, stock, known customers, links' },
  platformHosts: { flag: 'platform-hosts', kind: 'string', defaultText: 'none (loopback only)', summary: 'comma-separated hosts besides loopback whose platform profiles and webhooks the store may reach (over https)' },
  knownPlatformsPath: { flag: 'known-platforms', kind: 'string', defaultText: 'none', summary: 'JSON file {"<profile URL>": <platform profile>} of platforms the store knows without fetching their profiles' },
  checkoutReaders: { flag: 'checkout-readers', kind: 'string', defaultText: 'none', summary: 'comma-separated platform profile URLs of the verifiers (extractors) that may read any checkout session, GET only, their requests signed' },
  ordersSecret: { flag: 'orders-secret', kind: 'string', summary: 'bearer secret that order updates (PUT /orders/{id}) need; unset: refused' },
  conformance: { flag: 'conformance', kind: 'boolean', defaultText: 'off', summary: 'TEST ONLY: the UCP conformance suite\'s flower shop, its mock payment handler and shipping simulation' },
  simulationSecret: { flag: 'simulation-secret', kind: 'string', summary: 'conformance mode: the Simulation-Secret of POST /testing/simulate-shipping/{id} (required with --conformance)' },
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
  stateDir?: string
  shopRulesPath?: string
  /** Comma-separated (as the flag) or a list. */
  platformHosts?: string | readonly string[]
  knownPlatformsPath?: string
  /** Platform profiles known without fetching, by URL (programmatic; merged over `knownPlatformsPath`). */
  knownPlatformProfiles?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /**
   * Profile URLs of the verifiers that may read any checkout session (GET only, signed with a key
   * of that profile): comma-separated (as the flag), a list, or a function asked on each read.
   */
  checkoutReaders?: string | readonly string[] | (() => readonly string[])
  ordersSecret?: string
  conformance?: boolean
  simulationSecret?: string
  logLevel?: string
  /** Payment handlers (programmatic only): e.g. the `dev.verity.domain` handler. */
  paymentHandlers?: readonly PaymentHandler[]
  /** Verifies AP2 checkout mandates (programmatic only); with it the store offers AP2. */
  mandateCheck?: MandateCheck
}

/** Reads STORE_OPTIONS from flags and variables (only those given). Throws InvalidOptionError. */
export function readStoreOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): StoreStartOptions {
  return readServiceOptions({ service: 'store', options: STORE_OPTIONS, argv, env }).values
}
