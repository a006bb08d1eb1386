import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { readCrs } from '@verity/prover'
import { ADMIN_TOKEN_ENV, ensurePrivateDirectory, generateToken, loadOrCreateKeyFile, PRIVATE_DIRECTORY_MODE, readTokensFile, writeTokensFile } from '@verity/server'
import { startBaseLayer, type RunningBaseLayer } from '@verity/base-layer'
import { assertSdlWitnessFormatsBeforeOpen, startDomain, type RunningDomain } from '@verity/domain'
import { startExtractor, type RunningExtractor } from '@verity/extractor'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { startStore, type RunningStore } from '@verity/store'
import { startWebServer, type RunningWebServer } from '@verity/web'
import { lockDataDir } from '@verity/postgres'
import { EVM_DOMAIN_DATA_DIR, startEvmSettlement, type RunningEvmSettlement } from './startEvmSettlement.ts'
import { devnetStorePayment, type DevnetStorePayment } from './devnetStorePayment.ts'
import { writeDevnetEndpoints } from '../devnetEndpoints.ts'

export type StackPorts = { baseLayer: number; extractor: number; orchestrator: number; domain: number; web: number; store: number }

/** The ports of `verity up` (DESIGN §1). */
export const STACK_PORTS_DEFAULT: StackPorts = { baseLayer: 9000, extractor: 8090, orchestrator: 8080, domain: 3000, web: 8000, store: 8095 }
/** Native balance the devnet genesis gives the domain operator, in plancks. */
export const OPERATOR_GENESIS_BALANCE_PLANCKS = 1_000_000_000_000n
/** The Devnet Dollar's issuer key, under `<data dir>/keys/` (created on first start, kept after). */
export const DEVNET_DOLLAR_KEY_FILE = 'devnet-dollar.json'
/** Agreement activation delay of the devnet, in milliseconds (short, so `up` is quick). */
export const DEVNET_ACTIVATION_DELAY_MS = 500

export type StartStackOptions = {
  /** Folder for every service's storage, the operator key, genesis and domain.yaml. */
  dataDir: string
  ports?: Partial<StackPorts>
  host?: string
  /** pino level of every service (default: VERITY_LOG_LEVEL, else `warn` so the summary stays readable) */
  logLevel?: string
  signal?: AbortSignal
  /** Also serve the web wallet and explorer on `ports.web` (`verity up` does; tests that do not need it leave it off). */
  web?: boolean
  /** Settle the domain's SDLs on a local EVM node on this port instead of the base layer (`up --settlement evm`, docs/settlement-evm.md). */
  evm?: { port: number }
  /**
   * Also run the demo store, a UCP business, on 127.0.0.1:`ports.store` (`verity up` does). Every
   * extractor of the stack (the standalone one and the orchestrator's embedded one) may then fetch
   * its address, and that address only (docs/security.md).
   */
  store?: boolean
  /** More non-public addresses every extractor of the stack may fetch (`up --storefront-private-addresses-allowed`, the extractor's forms). */
  storefrontPrivateAddressesAllowed?: readonly string[]
  /** Ignition CRS directory of every prover and verifier of the stack (default: the committed prefix); checked before anything starts. */
  crsPath?: string
}

export type RunningStack = {
  dataDir: string
  baseLayer: RunningBaseLayer
  extractor: RunningExtractor
  /** The demo store (a UCP business), when `store` was asked for. */
  store: RunningStore | undefined
  orchestrator: RunningOrchestrator
  domain: RunningDomain
  /** The web wallet and explorer (docs/web.md) for the services above, when `web` was asked for. */
  web: RunningWebServer | undefined
  /** The local EVM node and its contracts, when the domain settles there (`evm`). */
  evm: RunningEvmSettlement | undefined
  /** The operator key file of the domain (shard 1). */
  operatorKeyPath: string
  /**
   * The devnet's "Devnet Dollar": the issuer key file (mint with it, `verity mint --key`) and its
   * token id, the issuer's address on shard 1. The demo store accepts this token, and only it.
   */
  devnetDollar: { keyPath: string; token: string }
  /** The tokens file (mode 0600) every service accepts and the CLI sends from (docs/security.md). */
  tokensPath: string
  close(): Promise<void>
}

/**
 * Starts the whole devnet in one process: a base-layer node whose genesis funds the domain
 * operator, the reference extractor, the orchestrator and a domain for shard 1 — each with its
 * SQLite storage under `dataDir`. Files it needs (operator key, the Devnet Dollar's issuer key, genesis.json, domain.yaml) are
 * created on first start and reused after, so a restart keeps every balance and intent.
 */
export async function startStack(options: StartStackOptions): Promise<RunningStack> {
  const dataDir = resolve(options.dataDir)
  const ports = { ...STACK_PORTS_DEFAULT, ...options.ports }
  const host = options.host ?? '127.0.0.1'
  const logLevel = options.logLevel ?? process.env.VERITY_LOG_LEVEL ?? 'warn'
  const { crsPath, signal } = options
  // Fail closed before any service listens: the CRS first (CRS_INVALID), then the key files.
  readCrs(crsPath)
  const crs = crsPath === undefined ? {} : { crsPath }
  // Ctrl-C / SIGTERM between two services: what started is closed (each start also watches `signal`).
  const stopped = () => signal?.throwIfAborted()
  // One `verity up` per data directory (DataDirLockedError names the holder), taken before anything
  // in it is written, domain.yaml among them; released last, when everything else has closed.
  const lock = lockDataDir({ dir: dataDir, name: 'verity-up' })
  const started: Array<{ close(): Promise<void> }> = [{ close: async () => lock.release() }]
  const closeAll = async () => {
    for (const service of started.reverse()) await service.close().catch(() => undefined)
  }
  try {
    // The domain's SDLs of an earlier witness layout (SDL_WITNESS_FORMAT) are refused before any
    // service opens its database: the base layer, store and orchestrator would record this release.
    await assertSdlWitnessFormatsBeforeOpen({ dataDir: join(dataDir, domainDataDirName(options.evm !== undefined)), shard: DEVNET_SHARD })
    const files = writeStackFiles(dataDir)
    // One extractor identity for the devnet: the standalone extractor and the orchestrator's embedded
    // one attest with it, and the domain and the base layer trust it for mandate payments.
    const extractorKeyFile = join(dataDir, 'keys', 'extractor.json')
    const extractorKey = loadOrCreateKeyFile(extractorKeyFile).signer.publicKeyBase58
    const baseLayer = await startBaseLayer({
      port: ports.baseLayer,
      host,
      logLevel,
      dataDir: join(dataDir, 'base-layer'),
      genesisPath: files.genesisPath,
      trustedExtractorKeys: extractorKey,
      ...crs,
      ...(signal ? { signal } : {}),
    })
    started.push(baseLayer)
    stopped()
    const storePayment = options.store === true ? devnetStorePaymentOf(dataDir, files.devnetDollar.token, extractorKey, crsPath) : undefined
    if (storePayment) started.push(storePayment)
    // The verifiers the store lets read its sessions (signed, GET only): the devnet's extractors, known once they listen.
    const checkoutReaders: string[] = []
    const store = options.store === true ? await startDevnetStore(dataDir, ports, host, logLevel, files.devnetDollar.token, storePayment, checkoutReaders) : undefined
    if (store) started.push(store)
    if (storePayment && store) storePayment.urls.store = store.url
    writeDevnetEndpoints(dataDir, store ? { store_url: store.url } : undefined)
    // Every extractor of the devnet may fetch the store's loopback address (that port only) and what the user allowed.
    const storefrontPrivateAddressesAllowed = [...(store ? [store.address] : []), ...(options.storefrontPrivateAddressesAllowed ?? [])]
    const extractor = await startExtractor({ port: ports.extractor, host, logLevel, keyFile: extractorKeyFile, storefrontPrivateAddressesAllowed })
    started.push(extractor)
    stopped()
    checkoutReaders.push(`${extractor.url}/ucp/platform-profile`)
    const adminToken = process.env[ADMIN_TOKEN_ENV]
    const orchestrator = await startOrchestrator({
      port: ports.orchestrator,
      host,
      logLevel,
      dataDir: join(dataDir, 'orchestrator'),
      extractorKeyFile,
      storefrontPrivateAddressesAllowed,
      tokensFile: files.tokensPath,
      ...(adminToken === undefined || adminToken === '' ? {} : { adminToken }),
      ...crs,
      ...(signal ? { signal } : {}),
    })
    started.push(orchestrator)
    stopped()
    storePayment?.orchestratorsAllowed.push(orchestrator.url)
    checkoutReaders.push(`${orchestrator.url.replace(/\/+$/, '')}/extractor/ucp/platform-profile`)
    const evm = options.evm === undefined ? undefined : await startEvmSettlement({ dataDir, port: options.evm.port })
    if (evm) started.push(evm)
    writeDomainYaml(files.domainYamlPath, { rpcUrl: baseLayer.url, port: ports.domain, host, extractorKey, ...(evm ? { settlementYaml: evm.yaml } : {}) })
    const domain = await startDomain({ configPath: files.domainYamlPath, logLevel, ...crs, ...(signal ? { signal } : {}) })
    started.push(domain)
    stopped()
    if (storePayment) storePayment.urls.domain = domain.url
    const web = options.web === true
      ? await startWebServer({ ...crs, port: ports.web, host, allowNonLoopback: host !== '127.0.0.1', orchestratorUrl: orchestrator.url, domainUrl: domain.url, baseLayerUrl: baseLayer.url, ...(evm ? { evmRpcUrl: evm.node.rpcUrl, evmContract: evm.deployed.settlement } : {}), ...(store ? { businessUrl: store.url } : {}) })
      : undefined
    if (web) started.push(web)
    return { dataDir, baseLayer, extractor, store, orchestrator, domain, web, evm, operatorKeyPath: files.operatorKeyPath, devnetDollar: files.devnetDollar, tokensPath: files.tokensPath, close: closeAll }
  } catch (error) {
    await closeAll()
    throw error
  }
}

// The store is always on loopback: the devnet allows the extractors exactly this address. Its payee
// is its own key's vault on shard 1, paid on the devnet's domain in Devnet Dollars (`payeeToken`).
async function startDevnetStore(dataDir: string, ports: StackPorts, host: string, logLevel: string, payeeToken: string, payment: DevnetStorePayment | undefined, checkoutReaders: readonly string[]): Promise<RunningStore> {
  const domainHost = host.includes(':') ? `[${host}]` : host
  return startStore({
    ...(payment === undefined ? {} : { paymentHandlers: [payment.handler], mandateCheck: payment.mandateCheck }),
    port: ports.store,
    host: '127.0.0.1',
    logLevel,
    payeeKeyFile: join(dataDir, 'keys', 'store.json'),
    stateDir: join(dataDir, 'store'),
    payeeToken,
    checkoutReaders: () => checkoutReaders,
    ...(ports.domain === 0 ? {} : { domainUrl: `http://${domainHost}:${ports.domain}` }),
  })
}

// The store is paid by Verity intents (docs/ap2-verity-constraint.md): its handler trusts the devnet's
// extractor, reads proofs from the devnet's orchestrator and is paid on its domain.
function devnetStorePaymentOf(dataDir: string, token: string, extractorKey: string, crsPath: string | undefined): DevnetStorePayment {
  const payee = formatAddress(loadOrCreateKeyFile(join(dataDir, 'keys', 'store.json')).signer.ownerId, 1)
  const stateDir = join(dataDir, 'store')
  mkdirSync(stateDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE })
  return devnetStorePayment({ stateDir, payee, token, extractorKey, ...(crsPath === undefined ? {} : { crsPath }) })
}

function writeStackFiles(dataDir: string) {
  ensurePrivateDirectory(dataDir)
  mkdirSync(join(dataDir, 'keys'), { recursive: true, mode: PRIVATE_DIRECTORY_MODE })
  // One admin token for the devnet, created on first start and reused after (mode 0600).
  const tokensPath = join(dataDir, 'tokens.json')
  if (!existsSync(tokensPath)) writeTokensFile(tokensPath, [{ name: 'devnet-admin', scope: 'admin', token: generateToken() }])
  else readTokensFile(tokensPath)
  const operatorKeyPath = join(dataDir, 'keys', 'operator.json')
  if (!existsSync(operatorKeyPath)) Ed25519Signer.generate().toKeyFile(operatorKeyPath)
  const operator = Ed25519Signer.fromKeyFile(operatorKeyPath)
  const genesisPath = join(dataDir, 'genesis.json')
  if (!existsSync(genesisPath)) {
    const genesis = {
      accounts: [{ pub_key: operator.publicKeyBase58, balance: Number(OPERATOR_GENESIS_BALANCE_PLANCKS) }],
      agreement_activation_delay_ms: DEVNET_ACTIVATION_DELAY_MS,
    }
    writeFileSync(genesisPath, `${JSON.stringify(genesis, null, 2)}\n`)
  }
  // The issuer of the Devnet Dollar, the token the demo store accepts: a token id is its issuer's address.
  const devnetDollarKeyPath = join(dataDir, 'keys', DEVNET_DOLLAR_KEY_FILE)
  const devnetDollar = { keyPath: devnetDollarKeyPath, token: formatAddress(loadOrCreateKeyFile(devnetDollarKeyPath).signer.ownerId, 1) }
  return { operatorKeyPath, devnetDollar, genesisPath, tokensPath, domainYamlPath: join(dataDir, 'domain.yaml') }
}

/** The one shard of the devnet's domain. */
const DEVNET_SHARD = 1

/** The domain's data directory in a `verity up` directory: apart when it settles on an EVM chain. */
function domainDataDirName(settlesOnEvm: boolean): string {
  return settlesOnEvm ? EVM_DOMAIN_DATA_DIR : 'domain'
}

// domain.yaml is rewritten on every start so it follows the ports given to `up`.
// With EVM settlement the base layer still runs (credits, other shards) but the domain settles on the chain.
function writeDomainYaml(path: string, settings: { rpcUrl: string; port: number; host: string; extractorKey: string; settlementYaml?: string[] }): void {
  const text = [
    '# Written by `verity up`. The keys of spec/domain.md plus ours (docs/domain.md).',
    `shard: ${DEVNET_SHARD}`,
    'keypair: keys/operator.json',
    ...(settings.settlementYaml ?? [`rpc_url: ${settings.rpcUrl}`]),
    `data_dir: ${domainDataDirName(settings.settlementYaml !== undefined)}`,
    'tokens_file: tokens.json',
    'app:',
    `  api_port: ${settings.port}`,
    `  api_host: ${settings.host}`,
    '# mandate payments (docs/domain.md): the devnet extractor attests the price and the payee',
    'mandates:',
    `  trusted_extractor_keys: [${settings.extractorKey}]`,
    '',
  ].join('\n')
  writeFileSync(path, text)
}
