import type { Ed25519VerifierPool, PasskeyPolicy } from '@verity/core'
import type { ClientConnectionCounter } from '@verity/server'
import type { EventHub } from '../events/EventHub.ts'
import type { EvidenceExtractor } from '../extractor/EvidenceExtractor.ts'
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
  /** Proposals in `proving` at once before one more is refused (503 PROOF_QUEUE_FULL). */
  jobBacklogMax: number
  /** Verifies the Ed25519 signatures of submitted intents off the event loop (0 workers: inline). */
  verifierPool: Ed25519VerifierPool
  /** The WebAuthn origins and RP ids accepted in passkey signatures (empty lists: any). */
  passkeyPolicy: PasskeyPolicy
  /** Event streams per client address (429 CLIENT_CONNECTIONS_EXCEEDED beyond). */
  sseClients: ClientConnectionCounter
  /** The extractor in effect: the configured URL and key, or the embedded default (its URL under /extractor, its own key). */
  extractorConfig: () => Promise<{ url: string; key: string }>
  /** Asks the extractor in effect (configured over HTTP, or the embedded one in-process) for evidence. */
  extractEvidence: EvidenceExtractor
  /**
   * The origins an agent may sign a proposal for here (docs/protocol.md, "Agent-bound intents"),
   * given the local port the request came in on: `--public-urls`, else this host and the loopback names.
   */
  agentOrigins: (localPort: number | undefined) => readonly string[]
}
