import { formatAddress, InvalidOptionError, NATIVE_TOKEN_ID, parseAddress } from '@verity/core'
import { lockDataDir } from '@verity/postgres'
import { loadOrCreateKeyFile } from '@verity/server'
import type { FastifyInstance } from 'fastify'
import { DEMO_CATALOG_PATH, loadStoreCatalog } from './catalog/loadStoreCatalog.ts'
import { join } from 'node:path'
import { mkdirSync, readFileSync } from 'node:fs'
import { CheckoutStateError } from './errors/storeErrors.ts'
import { PAYEE_KEY_FILE_DEFAULT, STATE_DIR_DEFAULT, type StoreStartOptions } from './config/storeOptions.ts'
import { buildStoreApp, type StoreCheckoutOptions } from './http/buildStoreApp.ts'
import { createMockPaymentHandler } from './checkout/conformance/mockPaymentHandler.ts'
import { createAp2MandateCheck, type Ap2MandateCheckOptions } from './checkout/payment/ap2MandateCheck.ts'
import type { MandateCheck } from './checkout/payment/MandateCheck.ts'
import { CONFORMANCE_CATALOG_PATH, CONFORMANCE_SHOP_RULES_PATH, DEMO_SHOP_RULES_PATH, loadShopRules } from './checkout/shop/ShopRules.ts'
import { loadOrCreateMerchantKey } from './checkout/signing/merchantSigningKey.ts'
import { CheckoutStateStore } from './checkout/state/CheckoutStateStore.ts'
import { STORE_PORT_DEFAULT } from './limits.ts'
import type { StorePayee } from './profile/buildBusinessProfile.ts'

export type RunningStore = {
  app: FastifyInstance
  /** The business URL agents use (`metadata.business`), e.g. http://127.0.0.1:8095 */
  url: string
  /** `host:port` it listens on, as an extractor's private-address allowance names it (`127.0.0.1:8095`). */
  address: string
  /** Whom the profile's `dev.verity.domain` payment handler names. */
  payee: StorePayee
  close(): Promise<void>
}

/**
 * Starts the demo store: loads the catalog (default: the demo), works out its payee (`payee`, or
 * the vault of its key file on `payeeShard`, the key created on first start), and listens on
 * `host:port` (default 127.0.0.1:8095). Throws StoreCatalogInvalidError, InvalidOptionError.
 * @example const store = await startStore({ port: 0 }); console.log(store.url)
 */
export async function startStore(options: StoreStartOptions = {}): Promise<RunningStore> {
  const host = options.host ?? '127.0.0.1'
  const isConformance = options.conformance === true
  const catalog = loadStoreCatalog(options.catalogPath ?? (isConformance ? CONFORMANCE_CATALOG_PATH : DEMO_CATALOG_PATH))
  const payee = payeeOf(options)
  const baseUrl = options.baseUrl === undefined ? undefined : baseUrlOf(options.baseUrl)
  let listening = ''
  const checkout = checkoutOf(options, isConformance, () => baseUrl ?? listening)
  let app: FastifyInstance
  try {
    app = await buildStoreApp({ catalog, payee, baseUrl: baseUrl ?? (() => listening), checkout, ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }) })
  } catch (error) {
    checkout.state.close()
    throw error
  }
  app.addHook('onClose', async () => checkout.state.close())
  try {
    await app.listen({ port: options.port ?? STORE_PORT_DEFAULT, host })
  } catch (error) {
    await app.close()
    throw error
  }
  const port = (app.server.address() as { port: number }).port
  const hostText = host.includes(':') ? `[${host}]` : host
  listening = `http://${hostText}:${port}`
  return { app, url: baseUrl ?? listening, address: `${hostText}:${port}`, payee, close: () => app.close() }
}

/** The checkout side: state and signing key in `stateDir`, the shop rules, payment handlers; conformance mode adds the suite's shop and mock handler. */
function checkoutOf(options: StoreStartOptions, isConformance: boolean, businessUrl: () => string): StoreCheckoutOptions {
  if (isConformance && (options.simulationSecret === undefined || options.simulationSecret.length < 8)) {
    throw new InvalidOptionError({ option: 'simulationSecret', value: options.simulationSecret ?? '', reason: 'conformance mode needs --simulation-secret of at least 8 characters' })
  }
  if (!isConformance && options.simulationSecret !== undefined) throw new InvalidOptionError({ option: 'simulationSecret', value: '(hidden)', reason: 'only with --conformance' })
  const stateDir = options.stateDir ?? STATE_DIR_DEFAULT
  mkdirSync(stateDir, { recursive: true, mode: 0o700 })
  const rules = loadShopRules(options.shopRulesPath ?? (isConformance ? CONFORMANCE_SHOP_RULES_PATH : DEMO_SHOP_RULES_PATH))
  const key = loadOrCreateMerchantKey(join(stateDir, 'signing-key.json'))
  const handlers = [...(options.paymentHandlers ?? []), ...(isConformance ? [createMockPaymentHandler()] : [])]
  const platformHosts = typeof options.platformHosts === 'string' ? options.platformHosts.split(',').map((host) => host.trim()).filter((host) => host !== '') : [...(options.platformHosts ?? [])]
  const knownPlatformProfiles = { ...(options.knownPlatformsPath === undefined ? {} : readKnownPlatforms(options.knownPlatformsPath)), ...(options.knownPlatformProfiles ?? {}) }
  const state = openCheckoutState(stateDir)
  return {
    knownPlatformProfiles,
    checkoutReaders: checkoutReadersOf(options.checkoutReaders),
    state,
    rules,
    key,
    handlers,
    platformHostsAllowed: platformHosts,
    // Conformance mode offers AP2 to any platform: standard AP2 chains, paid with the mock handler.
    ...mandateCheckOf(options, isConformance, { signingKeys: () => [key.publicJwk], businessUrl }),
    ...(options.ordersSecret === undefined ? {} : { ordersSecret: options.ordersSecret }),
    ...(isConformance ? { conformance: { simulationSecret: options.simulationSecret! } } : {}),
  }
}

function mandateCheckOf(options: StoreStartOptions, isConformance: boolean, ap2: Ap2MandateCheckOptions): { mandateCheck?: MandateCheck } {
  if (options.mandateCheck !== undefined) return { mandateCheck: options.mandateCheck }
  return isConformance ? { mandateCheck: createAp2MandateCheck(ap2) } : {}
}

/** `--checkout-readers`: a function asked on each read, a list, or comma-separated URLs. */
function checkoutReadersOf(readers: StoreStartOptions['checkoutReaders']): () => readonly string[] {
  if (typeof readers === 'function') return readers
  const list = typeof readers === 'string' ? readers.split(',').map((url) => url.trim()).filter((url) => url !== '') : [...(readers ?? [])]
  return () => list
}

// One store per state directory: its `store.lock` refuses a second (DataDirLockedError, naming the
// holder) until the state is closed.
function openCheckoutState(stateDir: string): CheckoutStateStore {
  const lock = lockDataDir({ dir: stateDir, name: 'store' })
  try {
    const state = new CheckoutStateStore(join(stateDir, 'checkout.db'))
    const close = state.close.bind(state)
    state.close = () => {
      try {
        close()
      } finally {
        lock.release()
      }
    }
    return state
  } catch (error) {
    lock.release()
    throw error
  }
}

/** `--known-platforms FILE`: a JSON object from profile URL to platform profile. Throws CheckoutStateError. */
function readKnownPlatforms(path: string): Record<string, Record<string, unknown>> {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new CheckoutStateError({ path, reason: `cannot read the known platforms (${(error as Error).message})` })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CheckoutStateError({ path, reason: 'expected a JSON object {"<profile URL>": <platform profile>}' })
  return value as Record<string, Record<string, unknown>>
}

function payeeOf(options: StoreStartOptions): StorePayee {
  const token = options.payeeToken ?? NATIVE_TOKEN_ID
  if (token !== NATIVE_TOKEN_ID) check('payeeToken', token, () => parseAddress(token))
  const domain = options.domainUrl === undefined ? {} : { domainUrl: options.domainUrl }
  if (options.payee !== undefined) {
    check('payee', options.payee, () => parseAddress(options.payee!))
    return { address: options.payee, token, ...domain }
  }
  const { signer } = loadOrCreateKeyFile(options.payeeKeyFile ?? PAYEE_KEY_FILE_DEFAULT)
  return { address: formatAddress(signer.ownerId, options.payeeShard ?? 1), token, ...domain }
}

/** `--base-url`: an absolute http(s) URL without credentials, query or fragment; a trailing `/` is dropped (UCP endpoints SHOULD NOT end with one). */
function baseUrlOf(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InvalidOptionError({ option: 'baseUrl', value: text, reason: 'expected an absolute http(s) URL' })
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '')
    throw new InvalidOptionError({ option: 'baseUrl', value: text, reason: 'expected an http(s) URL without credentials, query or fragment' })
  return url.href.replace(/\/+$/, '')
}

function check(option: string, value: string, parse: () => unknown): void {
  try {
    parse()
  } catch (error) {
    throw new InvalidOptionError({ option, value, reason: (error as Error).message })
  }
}
