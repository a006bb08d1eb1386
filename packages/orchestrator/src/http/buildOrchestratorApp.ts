import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import { Ed25519VerifierPool } from '@verity/core'
import {
  applyServerTimeouts,
  exposeMetrics,
  httpEdge,
  ServiceMetrics,
  authorizeRequests,
  ClientConnectionCounter,
  limitMutatingRequests,
  loadTokenRegistry,
  LOG_REDACT_PATHS,
  RATE_LIMIT_MAX_DEFAULT,
  RATE_LIMIT_WINDOW_MS_DEFAULT,
  type TokenRegistry,
} from '@verity/server'
import { extractorRoutes, limits as extractorLimits, type ExtractorOptions } from '@verity/extractor'
import type { OrchestratorSettings } from '../config/OrchestratorSettings.ts'
import { openExtraction } from '../extractor/openExtraction.ts'
import { EventHub } from '../events/EventHub.ts'
import { ExpirySweeper } from '../expiry/ExpirySweeper.ts'
import { JobRunner } from '../jobs/JobRunner.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import { abandonProposalJob, runProposalJob, type ProposalStage } from '../jobs/runProposalJob.ts'
import * as limits from '../limits.ts'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import { TemplateCache } from '../templates/TemplateCache.ts'
import { httpStatusByCode, UNLISTED_VERITY_ERROR_STATUS } from './httpStatusByCode.ts'
import { orchestratorErrorBody } from './orchestratorErrorBody.ts'
import { createOrchestratorMetrics } from './orchestratorMetrics.ts'
import { orchestratorRouteScopes } from './orchestratorRouteScopes.ts'
import type { OrchestratorContext } from './OrchestratorContext.ts'
import { checkRoutes } from './routes/checkRoutes.ts'
import { configRoutes } from './routes/configRoutes.ts'
import { eventRoutes } from './routes/eventRoutes.ts'
import { intentRoutes } from './routes/intentRoutes.ts'
import { acceptedOrchestratorOrigins, publicOriginsOf } from '../agents/orchestratorOrigins.ts'
import { licenseRoutes } from './routes/licenseRoutes.ts'
import { proofRoutes } from './routes/proofRoutes.ts'
import { templateRoutes } from './routes/templateRoutes.ts'

export type OrchestratorAppSettings = Omit<OrchestratorSettings, 'dataDir' | 'databaseUrl' | 'crsPath' | 'proverThreads' | 'proverWorkers' | 'host' | 'extractorKeyFile'>

export type OrchestratorAppDependencies = {
  store: OrchestratorStore
  proving: PolicyProving
  settings?: Partial<OrchestratorAppSettings>
  /** Clock in ms since the epoch (tests pass their own). */
  nowMs?: () => number
  /**
   * The default extractor: @verity/extractor opened with these options (default `{}`: the demo
   * catalog), mounted under /extractor for outside callers and called in-process by proposal jobs;
   * null embeds none.
   */
  embeddedExtractor?: ExtractorOptions | null
  logger?: FastifyServerOptions['logger']
  /** The address it will listen on (agent proposal origins when no --public-urls; default 127.0.0.1). */
  listenHost?: string
}

/** The parts running behind the routes, exposed for the process that owns the app. */
export type OrchestratorRuntime = {
  hub: EventHub
  runner: JobRunner
  sweeper: ExpirySweeper
  context: OrchestratorContext
  owner: string
  /** The operator tokens this instance accepts (startOrchestrator refuses a non-loopback host when there are none). */
  tokens: TokenRegistry
}

declare module 'fastify' {
  interface FastifyInstance {
    orchestrator: OrchestratorRuntime
  }
}

/** Defaults of every setting, from limits.ts. */
export const ORCHESTRATOR_APP_DEFAULTS: OrchestratorAppSettings = Object.freeze({
  port: limits.PORT_DEFAULT,
  intentTtlMs: limits.INTENT_TTL_MS_DEFAULT,
  allowUnsignedIntents: false,
  extractorTimeoutMs: limits.EXTRACTOR_TIMEOUT_MS_DEFAULT,
  extractorReplyBytesMax: limits.EXTRACTOR_REPLY_BYTES_MAX,
  extractorAttemptsMax: limits.EXTRACTOR_ATTEMPTS_MAX_DEFAULT,
  extractorRetryDelayMs: limits.EXTRACTOR_RETRY_DELAY_MS_DEFAULT,
  jsonBodyBytesMax: limits.JSON_BODY_BYTES_MAX_DEFAULT,
  sseKeepAliveMs: limits.SSE_KEEP_ALIVE_MS_DEFAULT,
  expirySweepIntervalMs: limits.EXPIRY_SWEEP_INTERVAL_MS_DEFAULT,
  jobConcurrency: limits.JOB_CONCURRENCY_DEFAULT,
  jobLeaseMs: limits.JOB_LEASE_MS_DEFAULT,
  logLevel: 'info',
  tokensFile: undefined,
  adminToken: undefined,
  templateCreation: 'open',
  rateLimitMax: RATE_LIMIT_MAX_DEFAULT,
  rateLimitWindowMs: RATE_LIMIT_WINDOW_MS_DEFAULT,
  sseConnectionsPerClientMax: limits.SSE_CONNECTIONS_PER_CLIENT_MAX_DEFAULT,
  jobBacklogMax: limits.JOB_BACKLOG_MAX,
  signatureVerifyWorkers: limits.SIGNATURE_VERIFY_WORKERS_DEFAULT,
  sseSubscribersMax: limits.SSE_SUBSCRIBERS_MAX_DEFAULT,
  storefrontHostsAllowed: undefined,
  storefrontPortsAllowed: extractorLimits.STOREFRONT_PORTS_ALLOWED_DEFAULT,
  storefrontPrivateAddressesAllowed: [],
  passkeyOrigins: [],
  passkeyRpIds: [],
  publicUrls: [],
})

/**
 * Builds the orchestrator's fastify app without listening: routes, OpenAPI (/openapi.json),
 * Swagger UI (/swagger-ui), the event hub, the proposal job runner and the expiry sweeper (started
 * when the app is ready, stopped when it closes). The store and the prover belong to the caller.
 */
export async function buildOrchestratorApp(deps: OrchestratorAppDependencies): Promise<FastifyInstance> {
  const settings: OrchestratorAppSettings = { ...ORCHESTRATOR_APP_DEFAULTS, ...deps.settings }
  const nowMs = deps.nowMs ?? Date.now
  const app = Fastify({
    logger: deps.logger ?? { level: settings.logLevel, redact: [...LOG_REDACT_PATHS] },
    bodyLimit: settings.jsonBodyBytesMax,
    forceCloseConnections: true,
  })
  // The shared HTTP edge: bigint-exact JSON, every body, path and query validated against the wire
  // schemas, failures in the spec's ErrorResponse shape, /openapi.json and /swagger-ui.
  await app.register(httpEdge, {
    statusByCode: httpStatusByCode,
    unlistedStatus: UNLISTED_VERITY_ERROR_STATUS,
    errorBody: orchestratorErrorBody,
    openApi: {
      info: {
        title: 'Verity orchestrator',
        version: '0.5.1',
        description: 'Templates, signed intents, proposals checked against extracted evidence, proofs and events.',
        license: { name: 'Apache-2.0', url: '/license' },
      },
    },
  })
  // Abuse limits and operator tokens (docs/security.md): hooks in place before any route exists.
  applyServerTimeouts(app.server)
  const tokens = loadTokenRegistry({ tokensFile: settings.tokensFile, adminToken: settings.adminToken })
  await limitMutatingRequests(app, settings)
  authorizeRequests(app, { registry: tokens, routeScopes: orchestratorRouteScopes(settings.templateCreation) })
  const serviceMetrics = new ServiceMetrics('orchestrator')
  exposeMetrics(app, serviceMetrics)
  const metrics = createOrchestratorMetrics(serviceMetrics)
  const proving = metrics.timedProving(deps.proving)
  if (tokens.size === 0) app.log.warn('no operator token configured: PUT /config and DELETE /templates are open to anyone who can reach this address')
  else app.log.info({ tokens: tokens.describe() }, 'operator tokens loaded')

  const templates = new TemplateCache(limits.TEMPLATE_CACHE_MAX)
  const defaultExtractorUrl = () => {
    const address = app.server.address() as AddressInfo | null
    return `http://127.0.0.1:${address?.port ?? settings.port}/extractor`
  }
  const { embedded, extractEvidence, extractorConfig } = openExtraction({
    store: deps.store,
    settings,
    embedded: deps.embeddedExtractor,
    embeddedUrl: defaultExtractorUrl,
    log: app.log,
  })
  if (embedded !== undefined) app.addHook('onClose', async () => embedded.close())
  const hub = new EventHub({
    store: deps.store,
    subscribersMax: settings.sseSubscribersMax,
    subscriberQueueMax: limits.SSE_SUBSCRIBER_QUEUE_MAX,
    replayPageMax: limits.SSE_REPLAY_PAGE_MAX,
    keepAliveMs: settings.sseKeepAliveMs,
    onError: (error) => app.log.error({ err: error }, 'reading the event log failed'),
  })
  const jobDeps = {
    store: deps.store,
    templates,
    proving,
    extractEvidence,
    extractorRetry: {
      attemptsMax: settings.extractorAttemptsMax,
      delayMsMin: settings.extractorRetryDelayMs,
      delayMsMax: Math.max(settings.extractorRetryDelayMs, limits.EXTRACTOR_RETRY_DELAY_MS_MAX),
    },
    proveAttemptsMax: limits.PROVE_ATTEMPTS_MAX,
    nowMs,
    log: app.log,
    onStage: (stage: ProposalStage, durationMs: number) => metrics.timeProposalStage(stage, durationMs),
  }
  // Names this instance in job leases (the pid helps an operator find a stuck one).
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const runner = new JobRunner({
    store: deps.store,
    owner,
    runJob: (job, signal) => runProposalJob(jobDeps, job, signal),
    runRetry: { attemptsMax: limits.JOB_RUN_ATTEMPTS_MAX, delayMsMin: limits.JOB_RUN_RETRY_DELAY_MS_MIN, delayMsMax: limits.JOB_RUN_RETRY_DELAY_MS_MAX },
    failJob: (intentId, reason) => abandonProposalJob(jobDeps, intentId, reason),
    onEvent: (event) => {
      metrics.countEvents([event])
      hub.publish([event])
    },
    onError: (error, intentId) => app.log.error({ err: error, intentId }, 'proposal job failed unexpectedly'),
    concurrency: settings.jobConcurrency,
    pollIntervalMs: limits.JOB_POLL_INTERVAL_MS,
    leaseMs: settings.jobLeaseMs,
    nowMs,
  })
  const sweeper = new ExpirySweeper({
    store: deps.store,
    nowMs,
    intervalMs: settings.expirySweepIntervalMs,
    batchMax: limits.EXPIRY_BATCH_MAX,
    onEvents: (events) => {
      metrics.countEvents(events)
      hub.publish(events)
    },
    onError: (error) => app.log.error({ err: error }, 'expiry sweep failed'),
  })
  const publicOrigins = publicOriginsOf(settings.publicUrls)
  const context: OrchestratorContext = {
    store: deps.store,
    templates,
    hub,
    proving,
    runner,
    nowMs,
    intentTtlMs: settings.intentTtlMs,
    allowUnsignedIntents: settings.allowUnsignedIntents,
    jobBacklogMax: settings.jobBacklogMax,
    verifierPool: new Ed25519VerifierPool({ workers: settings.signatureVerifyWorkers }),
    passkeyPolicy: { origins: settings.passkeyOrigins, rpIds: settings.passkeyRpIds },
    sseClients: new ClientConnectionCounter({ what: 'event streams', connectionsMax: settings.sseConnectionsPerClientMax }),
    extractorConfig,
    extractEvidence,
    agentOrigins: (localPort) => acceptedOrchestratorOrigins(publicOrigins, deps.listenHost ?? '127.0.0.1', localPort),
  }
  metrics.watch({ runner, hub })
  app.decorate('orchestrator', { hub, runner, sweeper, context, owner, tokens })
  app.addHook('onReady', async () => {
    await hub.start()
    runner.start()
    sweeper.start()
  })
  app.addHook('preClose', async () => {
    sweeper.stop()
    await hub.close()
    await runner.stop()
  })
  app.addHook('onClose', async () => context.verifierPool.close())

  await app.register(async (routesApp) => {
    for (const routes of [configRoutes, eventRoutes, intentRoutes, checkRoutes, templateRoutes, proofRoutes])
      await routesApp.register(routes, { context })
    await routesApp.register(licenseRoutes)
  })
  if (embedded !== undefined) await app.register(extractorRoutes, { prefix: '/extractor', dependencies: embedded.dependencies })
  return app
}
