import { join } from 'node:path'
import type { JobRunner } from './jobs/JobRunner.ts'
import { SHUTDOWN_DRAIN_MS_MAX } from './limits.ts'
import type { FastifyInstance } from 'fastify'
import type { ExtractorOptions } from '@verity/extractor'
import { assertBindAllowed } from '@verity/server'
import { ORCHESTRATOR_DEFAULTS } from './config/readOrchestratorSettings.ts'
import type { OrchestratorSettings } from './config/OrchestratorSettings.ts'
import { buildOrchestratorApp } from './http/buildOrchestratorApp.ts'
import { createPolicyProving } from './jobs/createPolicyProving.ts'
import { readyRoutes } from './http/routes/readyRoutes.ts'
import type { PolicyProving } from './jobs/PolicyProving.ts'
import { openOrchestratorStore } from './store/openOrchestratorStore.ts'

export type StartOrchestratorOptions = Partial<OrchestratorSettings> & {
  /** The prover (default: @verity/prover's policy prover with `crsPath` and `proverThreads`). */
  proving?: PolicyProving
  /** Options of the embedded default extractor (default `{}`: the demo catalog); null embeds none. */
  embeddedExtractor?: ExtractorOptions | null
  /** Ends the start at its next stage (Ctrl-C / SIGTERM): what it opened is closed and the start rejects with the signal's reason. */
  signal?: AbortSignal
}

export type RunningOrchestrator = {
  app: FastifyInstance
  /** Base URL it listens on, e.g. http://127.0.0.1:8080 */
  url: string
  settings: OrchestratorSettings
  /**
   * Resolves when every prover worker has loaded bb.js, the CRS and every policy tier's key and
   * proven once per tier (it never rejects); GET /readyz answers 200 from then on.
   */
  proverWarm: Promise<void>
  /** Which Barretenberg proves: 'native' (the bb binary), 'wasm', or 'external' (a prover passed in). */
  proverBackend: 'native' | 'wasm' | 'external'
  /** Stops taking requests, lets running jobs finish, closes the prover and the store. */
  close(): Promise<void>
}

/**
 * Starts the orchestrator: creates the prover (its CRS is checked first: a tampered one is refused,
 * CRS_INVALID, before anything is opened), opens its store (PostgreSQL when `databaseUrl` is set,
 * shared with any number of other instances; otherwise SQLite in `dataDir`), applies the schema
 * migrations, builds the app and listens on `host:port`. Jobs left in `proving` by a
 * previous run (or by a lost instance, once its lease expires) resume.
 * @example const orchestrator = await startOrchestrator({ port: 8080, dataDir: '.verity/orchestrator' })
 * @example const instance = await startOrchestrator({ port: 0, databaseUrl: 'postgres://postgres@127.0.0.1:5432/verity' })
 */
export async function startOrchestrator(options: StartOrchestratorOptions = {}): Promise<RunningOrchestrator> {
  const { proving: givenProving, embeddedExtractor, signal, ...given } = options
  const settings: OrchestratorSettings = { ...ORCHESTRATOR_DEFAULTS, ...stripUndefined(given) }
  signal?.throwIfAborted()
  let app: FastifyInstance | undefined
  // Fail closed before anything is opened: creating the prover checks its CRS (CRS_INVALID).
  const { proving, closeProving } = provingOf(settings, givenProving)
  const store = await openOrchestratorStore({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    onWatchError: (error) => app?.log.warn({ err: error }, 'the event LISTEN connection failed; reconnecting'),
  }).catch(async (error: unknown) => {
    await closeProving()
    throw error
  })
  let isProverWarm = givenProving !== undefined
  let proverWarm: Promise<void> = Promise.resolve()
  try {
    signal?.throwIfAborted()
    app = await buildOrchestratorApp({ store, proving, settings, embeddedExtractor: embeddedExtractorOf(settings, embeddedExtractor), listenHost: settings.host })
    await app.register(readyRoutes, { isProverWarm: () => isProverWarm })
    // Checked before anything is bound: no tokens → loopback only (docs/security.md).
    assertBindAllowed({ service: 'orchestrator', host: settings.host, tokenCount: app.orchestrator.tokens.size })
    // Every prover worker loads bb.js, the CRS, every policy tier's circuit and key, and proves
    // once per tier, while the first requests arrive; GET /readyz answers 503 until then. A
    // proposal sent before waits behind the warm-up, then proves at steady-state speed.
    if (givenProving === undefined) {
      const log = app.log
      const startedMs = Date.now()
      proverWarm = proving.warmUp().then(
        () => log.info({ warm_up_ms: Date.now() - startedMs }, 'prover warm: every policy tier proven once in every worker; /readyz answers ready'),
        (error: unknown) => log.warn({ err: error }, 'prover warm-up failed; the first proof will load the prover'),
      ).finally(() => {
        isProverWarm = true
      })
    }
    signal?.throwIfAborted()
    await app.listen({ port: settings.port, host: settings.host })
  } catch (error) {
    await app?.close().catch(() => undefined)
    await store.close()
    await closeProving()
    throw error
  }
  const running = app
  const address = running.server.address() as { port: number }
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  const proverBackend = proving.backend ?? 'external'
  running.log.info({ url: `http://${host}:${address.port}`, prover_backend: proverBackend }, 'orchestrator listening')
  return {
    app: running,
    url: `http://${host}:${address.port}`,
    proverBackend,
    settings: { ...settings, port: address.port },
    proverWarm,
    async close() {
      // Drain first, outside fastify's close hooks (their plugin time-out is 10 s, shorter than a
      // proof on a loaded machine): running jobs finish and store their outcome, bounded by
      // SHUTDOWN_DRAIN_MS_MAX; a job still running then stays in `proving` and resumes next start.
      await drainJobs(running.orchestrator.runner, SHUTDOWN_DRAIN_MS_MAX)
      await running.close()
      await closeProving()
      await store.close()
    },
  }
}

async function drainJobs(runner: JobRunner, drainMsMax: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, drainMsMax)
  })
  await Promise.race([runner.stop(), bound])
  clearTimeout(timer)
}

/** The prover given, or the orchestrator's own (creating it checks its CRS: CRS_INVALID), and how to close it (a given one is the caller's). */
function provingOf(settings: OrchestratorSettings, given: PolicyProving | undefined): { proving: PolicyProving; closeProving: () => Promise<void> } {
  if (given !== undefined) return { proving: given, closeProving: async () => undefined }
  const proving = createPolicyProving({
    ...(settings.crsPath === undefined ? {} : { crsPath: settings.crsPath }),
    // Unset: the prover divides the machine's parallelism among its workers.
    ...(settings.proverThreads === undefined ? {} : { threads: settings.proverThreads }),
    workers: settings.proverWorkers,
  })
  return { proving, closeProving: () => proving.close() }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>
}

/** The embedded extractor's options: as given, with its attestation key file defaulting to one in the data directory. */
function embeddedExtractorOf(settings: OrchestratorSettings, given: ExtractorOptions | null | undefined): ExtractorOptions | null {
  if (given === null) return null
  return { keyFile: settings.extractorKeyFile ?? join(settings.dataDir, 'extractor-key.json'), ...given }
}
