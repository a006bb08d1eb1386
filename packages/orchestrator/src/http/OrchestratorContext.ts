import type { EventHub } from '../events/EventHub.ts'
import type { JobRunner } from '../jobs/JobRunner.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import type { TemplateCache } from '../templates/TemplateCache.ts'

/** What the routes of the orchestrator need, passed to each route plugin. */
export type OrchestratorContext = {
  store: OrchestratorStore
  templates: TemplateCache
  hub: EventHub
  proving: PolicyProving
  runner: JobRunner
  nowMs: () => number
  intentTtlMs: number
  allowUnsignedIntents: boolean
  /** The extractor base URL in effect (the configured one, or the embedded default). */
  extractorUrl: () => Promise<string>
}
