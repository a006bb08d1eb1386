// `verity domain --config domain.yaml`: read the configuration, open the store, the base layer
// (remote or embedded) and the prover, make sure the shard's domain agreement is active, resume
// the SDL pipeline and listen.
import { mkdirSync } from 'node:fs'
import { ADMIN_TOKEN_ENV, assertBindAllowed, loadTokenRegistry, PRIVATE_DIRECTORY_MODE } from '@verity/server'
import type { Signer } from '@verity/core'
import type { Settlement } from '../settlement/Settlement.ts'
import { settlementProofSystem } from '../settlement/settlementProofSystem.ts'
import { openEvmSettlement } from '../settlement/openEvmSettlement.ts'
import { EvmGuardrailsUnsupportedError } from '../settlement/settlementErrors.ts'
import { assertTemplateFitsCircuit, createCircuitProver, loadCircuit, POLICY_CIRCUIT, readCrs } from '@verity/prover'
import type { FastifyInstance } from 'fastify'
import type { DomainConfig } from '../config/DomainConfig.ts'
import { loadDomainConfig } from '../config/loadDomainConfig.ts'
import { Domain } from '../domain/Domain.ts'
import { loadGuardrails } from '../guardrails/loadGuardrails.ts'
import { buildDomainApp } from '../http/buildDomainApp.ts'
import { createSdlProver } from '../sdl/createSdlProver.ts'
import { STATE_TREE_KEY } from '../sdl/cutSdl.ts'
import { ProverStateTree } from '../sdl/ProverStateTree.ts'
import { openDomainStore } from '../store/openDomainStore.ts'
import { PostgresDomainStore } from '../store/postgres/PostgresDomainStore.ts'
import { describeDatabaseUrl } from '@verity/postgres'
import { selectDatabaseUrl } from '../config/selectDatabaseUrl.ts'
import { InvalidOptionError } from '@verity/core'
import { ensureAgreement } from './ensureAgreement.ts'
import { assertSdlWitnessFormatsBeforeOpen } from './assertSdlWitnessFormatsBeforeOpen.ts'
import { agreementGuardrails } from '../guardrails/agreementGuardrails.ts'
import { loadOperatorKey } from './loadOperatorKey.ts'
import { openBaseLayer } from './openBaseLayer.ts'
import { deferredDomainApi } from '../http/deferredDomainApi.ts'
import { createGuardrailProver } from '../guardrails/createGuardrailProver.ts'
import { EvmFinalizedVaults } from '../finalized/EvmFinalizedVaults.ts'
import { MandateVerifier } from '../mandates/MandateVerifier.ts'
import { MANDATES_CONFIG_DEFAULT, type MandatesConfig } from '../config/parseMandatesConfig.ts'
import { verifyPolicy } from '@verity/prover'
import { warmUpMandateVerification } from '../mandates/warmUpMandateVerification.ts'

export type StartDomainOptions = {
  /** path of domain.yaml */
  configPath?: string
  /** the configuration itself (wins over configPath) */
  config?: DomainConfig
  /** override app.api_port (0 for any free port) */
  port?: number
  host?: string
  dataDir?: string
  /** PostgreSQL store (`--database-url`); wins over VERITY_DATABASE_URL and `database_url`; absent → SQLite in the data directory */
  databaseUrl?: string
  /** the prover's CRS (`--crs-path`); wins over `prover.crs_path` */
  crsPath?: string
  /** environment variables read at startup (VERITY_DATABASE_URL, VERITY_ADMIN_TOKEN); default process.env */
  env?: Readonly<Record<string, string | undefined>>
  /** pino level; default env VERITY_LOG_LEVEL, else info */
  logLevel?: string
  /** a settlement target (e.g. a base-layer client) to use instead of `settlement` / rpc_url / the embedded node */
  baseLayer?: Settlement
  /** ends the start at its next stage (Ctrl-C / SIGTERM), the base-layer retries and the prover warm-up included: what it opened is closed and the start rejects with the signal's reason */
  signal?: AbortSignal
  /** delay before an agreement submitted to the embedded base layer is active (default 0) */
  agreementActivationDelayMs?: number
  /** milliseconds between incoming-credit pulls (default from config); 0 disables the timer */
  creditsPullIntervalMs?: number
  /** first delay of the startup retries (default BASE_LAYER_RETRY_DELAY_MS_MIN) */
  retryDelayMsMin?: number
}

export type RunningDomain = {
  app: FastifyInstance
  domain: Domain
  config: DomainConfig
  operator: Signer
  /** where SDLs settle: the base layer, or an EVM chain (`settlement: { kind: evm }`) */
  baseLayer: Settlement
  /** http://host:port */
  url: string
  /** Which Barretenberg proves SDLs: the native bb or its wasm. */
  proverBackend: 'native' | 'wasm'
  close(): Promise<void>
}

/** Mandate payments are verified here (not refused outright): no EVM settlement, and at least one trusted extractor key. */
function takesMandatePayments(config: DomainConfig, mandates: MandatesConfig): boolean {
  return config.settlement === undefined && mandates.trustedExtractorKeys.length > 0
}

function resolveConfig(options: StartDomainOptions): DomainConfig {
  const base = options.config ?? loadDomainConfig(options.configPath ?? 'domain.yaml')
  const databaseUrl = selectDatabaseUrl({ option: options.databaseUrl, env: options.env ?? process.env, config: base.databaseUrl })
  return {
    ...base,
    ...(options.port === undefined ? {} : { apiPort: options.port }),
    ...(options.host === undefined ? {} : { apiHost: options.host }),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(options.crsPath === undefined ? {} : { prover: { ...base.prover, crsPath: options.crsPath } }),
    ...(options.creditsPullIntervalMs === undefined ? {} : { creditsPullIntervalMs: options.creditsPullIntervalMs }),
  }
}

/** Starts the domain service; see docs/domain.md for the configuration. */
export async function startDomain(options: StartDomainOptions = {}): Promise<RunningDomain> {
  const config = resolveConfig(options)
  const mandates = config.mandates ?? MANDATES_CONFIG_DEFAULT
  const logLevel = options.logLevel ?? process.env.VERITY_LOG_LEVEL ?? 'info'
  if (config.provingWorkers === true && config.databaseUrl === undefined) {
    throw new InvalidOptionError({ option: options.configPath ?? 'domain.yaml', reason: '`proving_workers` needs PostgreSQL: workers claim SDLs from the database (set `database_url`)' })
  }
  // Fail closed before anything is opened: the prover's CRS (CRS_INVALID), then the tokens file.
  readCrs(config.prover.crsPath)
  const { signal } = options
  signal?.throwIfAborted()
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE })
  const tokens = loadTokenRegistry({ tokensFile: config.tokensFile, adminToken: (options.env ?? process.env)[ADMIN_TOKEN_ENV] })
  const guardrails = loadGuardrails(config.guardrails, assertTemplateFitsCircuit)
  // SDLs an earlier version sealed for another SDL circuit and did not settle: refuse to start (SDL_WITNESS_FORMAT), before the store migrates anything.
  await assertSdlWitnessFormatsBeforeOpen({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, shard: config.shard })
  // With PostgreSQL this takes the shard: a second process for it on the same database stops here (SHARD_LOCKED).
  const store = await openDomainStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, shard: config.shard })
  const closers: Array<() => Promise<void>> = [() => store.close()]
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined)
  }
  let app: FastifyInstance | undefined
  try {
    const stateTree = await ProverStateTree.open(await store.getMeta(STATE_TREE_KEY))
    // The app's logger serves startup too, so every line has the same shape.
    const circuits = createCircuitProver({ ...config.prover, proofSystem: settlementProofSystem(config) })
    const prover = createSdlProver({ circuits, guardrails, guardrailProver: guardrails.length > 0 ? createGuardrailProver(circuits) : null })
    const deferred = deferredDomainApi()
    let finalizedVaults: EvmFinalizedVaults | null | undefined
    app = await buildDomainApp({
      domain: deferred.api,
      finalizedVaults: () => finalizedVaults,
      logLevel,
      tokens,
      rateLimit: { ...(config.rateLimitMax === undefined ? {} : { rateLimitMax: config.rateLimitMax }), ...(config.rateLimitWindowMs === undefined ? {} : { rateLimitWindowMs: config.rateLimitWindowMs }) },
    })
    const log = app.log
    // Runs while the agreement and the store open; awaited before listening (takesMandatePayments).
    const verifierWarm = takesMandatePayments(config, mandates) ? warmUpMandateVerification(circuits, log) : Promise.resolve()
    // The warm-up starts the workers: a start that fails before the domain owns the prover stops them.
    const closeCircuits = () => circuits.close()
    closers.push(closeCircuits)
    // Checked before anything is bound (and before the base layer is touched): no tokens → loopback only.
    assertBindAllowed({ service: 'domain', host: config.apiHost, tokenCount: tokens.size })
    if (tokens.size === 0) log.warn('no operator token configured: /intents/submit and the /sdls mutations are open to anyone who can reach this address')
    else log.info({ tokens: tokens.describe() }, 'operator tokens loaded')
    if (store instanceof PostgresDomainStore) {
      store.onShardLost((reason) => log.error({ shard: config.shard, reason }, 'this domain process lost its shard: writes are refused (503 SHARD_LOCK_LOST); restart it'))
    }
    const operator = loadOperatorKey(config.keypairPath, {
      ...(config.keypairInline === undefined ? {} : { inline: config.keypairInline }),
      generateWhenMissing: config.rpcUrl === undefined && options.baseLayer === undefined,
      log,
    })
    let baseLayer = options.baseLayer
    if (baseLayer === undefined && config.settlement !== undefined) {
      if (guardrails.length > 0) throw new EvmGuardrailsUnsupportedError({ shard: config.shard })
      const evm = await openEvmSettlement(config.settlement, operator.ownerId)
      baseLayer = evm
      const { rpcUrl, chainId, contract, confirmations } = config.settlement
      log.info({ settlement: 'evm', rpc_url: rpcUrl, chain_id: chainId, contract, account: evm.client.account.address, confirmations }, 'settling on an EVM chain')
    }
    if (baseLayer === undefined) {
      const opened = await openBaseLayer({
        ...(config.rpcUrl === undefined ? {} : { rpcUrl: config.rpcUrl }),
        dataDir: config.dataDir,
        ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
        operator,
        ...(config.prover.crsPath === undefined ? {} : { crsPath: config.prover.crsPath }),
        ...(options.agreementActivationDelayMs === undefined ? {} : { agreementActivationDelayMs: options.agreementActivationDelayMs }),
        trustedExtractorKeys: mandates.trustedExtractorKeys,
      })
      baseLayer = opened.client
      closers.push(() => opened.close())
      log.info({ base_layer: config.rpcUrl ?? 'embedded' }, config.rpcUrl === undefined ? 'using an embedded in-process base layer' : 'using the base layer at rpc_url')
    }
    signal?.throwIfAborted()
    await ensureAgreement({
      baseLayer,
      operator,
      shard: config.shard,
      // The base layer accepts an SDL when, for each program id of the agreement, a proof of that
      // circuit verifies: guardrails are proven with the policy circuit, so that is the id.
      guardrailProgramIds: guardrails.length > 0 ? [(await loadCircuit(POLICY_CIRCUIT)).circuitHash] : [],
      guardrails: agreementGuardrails(guardrails),
      log,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.retryDelayMsMin === undefined ? {} : { retryDelayMsMin: options.retryDelayMsMin }),
    })
    const domain = await Domain.open({
      store,
      shard: config.shard,
      guardrails,
      baseLayer,
      operator,
      prover,
      stateTree,
      log,
      creditsPullIntervalMs: config.creditsPullIntervalMs,
      ...(config.provingWorkers === true ? { provingWorkers: true } : {}),
      ...(config.signatureVerifyWorkers === undefined ? {} : { signatureVerifyWorkers: config.signatureVerifyWorkers }),
      // An EVM chain keeps only this shard's root: a credit to another shard would never be delivered.
      // SDLs of any size settle there: one of more batch proofs than a transaction verifies settles in parts.
      ...(config.settlement !== undefined ? { crossShardCredits: false } : {}),
      ...(config.passkeyOrigins !== undefined || config.passkeyRpIds !== undefined
        ? { passkeyPolicy: { origins: config.passkeyOrigins ?? [], rpIds: config.passkeyRpIds ?? [] } }
        : {}),
      // Policy proofs of mandate payments are verified on the circuit prover's worker threads. An
      // EVM chain cannot re-check them at settlement, so such a domain takes none.
      ...(config.settlement !== undefined
        ? {}
        : {
            mandateVerifier: new MandateVerifier({
              verifier: { verifyPolicy: (params) => verifyPolicy(circuits, params) },
              trustedExtractorKeys: mandates.trustedExtractorKeys,
              ...(config.prover.production === undefined ? {} : { production: config.prover.production }),
            }),
            mandateDeadlineGraceMs: mandates.deadlineGraceMs,
          }),
    })
    deferred.resolve(domain)
    // On an EVM chain the finalized view is served from the contract's root (docs/settlement-evm.md).
    finalizedVaults = config.settlement === undefined ? null : new EvmFinalizedVaults({ ...config.settlement, store, shard: config.shard, localVault: (ownerId) => domain.getVault(ownerId) })
    closers.splice(0, 1, () => domain.close())
    closers.splice(closers.indexOf(closeCircuits), 1)
    await untilAborted(verifierWarm, signal)
    await app.listen({ port: config.apiPort, host: config.apiHost })
    const address = app.server.address()
    const port = typeof address === 'object' && address !== null ? address.port : config.apiPort
    const url = `http://${config.apiHost === '0.0.0.0' ? '127.0.0.1' : config.apiHost}:${port}`
    const storage = config.databaseUrl === undefined ? { dataDir: config.dataDir } : { database: describeDatabaseUrl(config.databaseUrl) }
    log.info({ url, shard: config.shard, operator: operator.ownerId, prover_backend: circuits.backend, ...storage }, 'domain listening')
    const running: RunningDomain = {
      app,
      domain,
      config,
      operator,
      baseLayer,
      url,
      proverBackend: circuits.backend,
      close: async () => {
        await app!.close()
        await closeAll()
      },
    }
    return running
  } catch (error) {
    await app?.close()
    await closeAll()
    throw error
  }
}

/** Waits for `work`, or rejects with the signal's reason as soon as `signal` aborts (the work goes on until its owner is closed). */
function untilAborted(work: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return work
  signal.throwIfAborted()
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
