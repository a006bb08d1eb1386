import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import { parseJsonBigint } from '@verity/core'
import { extractorRoutes } from '@verity/extractor'
import type { OrchestratorSettings } from '../config/OrchestratorSettings.ts'
import { EventHub } from '../events/EventHub.ts'
import { ExpirySweeper } from '../expiry/ExpirySweeper.ts'
import { JobRunner } from '../jobs/JobRunner.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import { abandonProposalJob, runProposalJob } from '../jobs/runProposalJob.ts'
import * as limits from '../limits.ts'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import { TemplateCache } from '../templates/TemplateCache.ts'
import { handleError } from './handleError.ts'
import type { OrchestratorContext } from './OrchestratorContext.ts'
import { RequestError } from './RequestError.ts'
import { configRoutes } from './routes/configRoutes.ts'
import { eventRoutes } from './routes/eventRoutes.ts'
import { intentRoutes } from './routes/intentRoutes.ts'
import { licenseRoutes } from './routes/licenseRoutes.ts'
import { proofRoutes } from './routes/proofRoutes.ts'
import { templateRoutes } from './routes/templateRoutes.ts'

export type OrchestratorAppSettings = Omit<OrchestratorSettings, 'dataDir' | 'databaseUrl' | 'crsPath' | 'proverThreads' | 'host'>

export type OrchestratorAppDependencies = {
  store: OrchestratorStore
  proving: PolicyProving
  settings?: Partial<OrchestratorAppSettings>
  /** Clock in ms since the epoch (tests pass their own). */
  nowMs?: () => number
  /** The default extractor mounted under /extractor (default: @verity/extractor's routes); null mounts none. */
  embeddedExtractor?: FastifyPluginAsync | null
  logger?: FastifyServerOptions['logger']
}

/** The parts running behind the routes, exposed for the process that owns the app. */
export type OrchestratorRuntime = { hub: EventHub; runner: JobRunner; sweeper: ExpirySweeper; context: OrchestratorContext; owner: string }

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
  jsonBodyBytesMax: limits.JSON_BODY_BYTES_MAX_DEFAULT,
  sseKeepAliveMs: limits.SSE_KEEP_ALIVE_MS_DEFAULT,
  expirySweepIntervalMs: limits.EXPIRY_SWEEP_INTERVAL_MS_DEFAULT,
  jobConcurrency: limits.JOB_CONCURRENCY_DEFAULT,
  jobLeaseMs: limits.JOB_LEASE_MS_DEFAULT,
  logLevel: 'info',
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
    logger: deps.logger ?? { level: settings.logLevel },
    bodyLimit: settings.jsonBodyBytesMax,
    forceCloseConnections: true,
  })
  app.setErrorHandler(handleError)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if ((text as string).trim() === '') return done(new RequestError({ code: 'BAD_REQUEST', reason: 'the JSON body is empty' }))
    try {
      done(null, parseJsonBigint(text as string))
    } catch (error) {
      done(new RequestError({ code: 'BAD_REQUEST', reason: `the body is not valid JSON: ${(error as Error).message}` }))
    }
  })

  const templates = new TemplateCache(limits.TEMPLATE_CACHE_MAX)
  const defaultExtractorUrl = () => {
    const address = app.server.address() as AddressInfo | null
    return `http://127.0.0.1:${address?.port ?? settings.port}/extractor`
  }
  const extractorUrl = async () => (await deps.store.getExtractorUrl()) || defaultExtractorUrl()
  const hub = new EventHub({
    store: deps.store,
    subscribersMax: limits.SSE_SUBSCRIBERS_MAX,
    subscriberQueueMax: limits.SSE_SUBSCRIBER_QUEUE_MAX,
    replayPageMax: limits.SSE_REPLAY_PAGE_MAX,
    keepAliveMs: settings.sseKeepAliveMs,
    onError: (error) => app.log.error({ err: error }, 'reading the event log failed'),
  })
  const jobDeps = {
    store: deps.store,
    templates,
    proving: deps.proving,
    extractorUrl,
    extractorTimeoutMs: settings.extractorTimeoutMs,
    extractorReplyBytesMax: settings.extractorReplyBytesMax,
    nowMs,
  }
  // Names this instance in job leases (the pid helps an operator find a stuck one).
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const runner = new JobRunner({
    store: deps.store,
    owner,
    runJob: (job) => runProposalJob(jobDeps, job),
    failJob: (intentId, reason) => abandonProposalJob(jobDeps, intentId, reason),
    onEvent: (event) => hub.publish([event]),
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
    onEvents: (events) => hub.publish(events),
    onError: (error) => app.log.error({ err: error }, 'expiry sweep failed'),
  })
  const context: OrchestratorContext = {
    store: deps.store,
    templates,
    hub,
    proving: deps.proving,
    runner,
    nowMs,
    intentTtlMs: settings.intentTtlMs,
    allowUnsignedIntents: settings.allowUnsignedIntents,
    extractorUrl,
  }
  app.decorate('orchestrator', { hub, runner, sweeper, context, owner })
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

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Verity orchestrator',
        version: '0.5.1',
        description: 'Templates, signed intents, proposals checked against extracted evidence, proofs and events.',
        license: { name: 'Apache-2.0', url: '/license' },
      },
    },
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/swagger-ui' })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await app.register(async (routesApp) => {
    // Our JSON bodies are checked by the domain parsers, whose messages name the field; the body
    // schemas document them. Scoped to our routes so the embedded extractor keeps its own checks.
    routesApp.setValidatorCompiler((route) => (route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route as never)))
    for (const routes of [configRoutes, eventRoutes, intentRoutes, templateRoutes, proofRoutes])
      await routesApp.register(routes, { context })
    await routesApp.register(licenseRoutes)
  })
  const embeddedExtractor = deps.embeddedExtractor === undefined ? extractorRoutes : deps.embeddedExtractor
  if (embeddedExtractor !== null) await app.register(embeddedExtractor, { prefix: '/extractor' })
  return app
}
