import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { ORCHESTRATOR_DEFAULTS } from './config/readOrchestratorSettings.ts'
import type { OrchestratorSettings } from './config/OrchestratorSettings.ts'
import { buildOrchestratorApp } from './http/buildOrchestratorApp.ts'
import { createPolicyProving } from './jobs/createPolicyProving.ts'
import type { PolicyProving } from './jobs/PolicyProving.ts'
import { SqliteOrchestratorStore } from './store/SqliteOrchestratorStore.ts'

export type StartOrchestratorOptions = Partial<OrchestratorSettings> & {
  /** The prover (default: @verity/prover's policy prover with `crsPath` and `proverThreads`). */
  proving?: PolicyProving
  /** The default extractor mounted under /extractor (default @verity/extractor); null mounts none. */
  embeddedExtractor?: FastifyPluginAsync | null
}

export type RunningOrchestrator = {
  app: FastifyInstance
  /** Base URL it listens on, e.g. http://127.0.0.1:8080 */
  url: string
  settings: OrchestratorSettings
  /** Stops taking requests, lets running jobs finish, closes the prover and the store. */
  close(): Promise<void>
}

/**
 * Starts the orchestrator: opens the SQLite store in `dataDir`, creates the prover, builds the app
 * and listens on `host:port`. Jobs left in `proving` by a previous run resume.
 * @example const orchestrator = await startOrchestrator({ port: 8080, dataDir: '.verity/orchestrator' })
 */
export async function startOrchestrator(options: StartOrchestratorOptions = {}): Promise<RunningOrchestrator> {
  const { proving: givenProving, embeddedExtractor, ...given } = options
  const settings: OrchestratorSettings = { ...ORCHESTRATOR_DEFAULTS, ...stripUndefined(given) }
  const store = new SqliteOrchestratorStore(settings.dataDir)
  const proving =
    givenProving ??
    createPolicyProving({
      ...(settings.crsPath === undefined ? {} : { crsPath: settings.crsPath }),
      threads: settings.proverThreads,
    })
  let app: FastifyInstance
  try {
    app = await buildOrchestratorApp({ store, proving, settings, embeddedExtractor })
    await app.listen({ port: settings.port, host: settings.host })
  } catch (error) {
    await store.close()
    if (givenProving === undefined) await proving.close()
    throw error
  }
  const address = app.server.address() as { port: number }
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  return {
    app,
    url: `http://${host}:${address.port}`,
    settings: { ...settings, port: address.port },
    async close() {
      await app.close()
      if (givenProving === undefined) await proving.close()
      await store.close()
    },
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>
}
