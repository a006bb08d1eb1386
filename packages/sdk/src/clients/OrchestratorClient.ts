import type {
  ConstraintFailure as ConstraintFailureSchema,
  CreateTemplateResponse,
  IntentStatus as IntentStatusSchema,
  IntentStatusResponse,
  ProposalSubmission,
  ProposalCheckResponse,
  RuntimeConfig as RuntimeConfigSchema,
  SignedIntent,
  SubmittedIntent,
  Static,
  UpdateRuntimeConfigRequest,
} from '@verity/wire'
import { ServiceClient, type CallOptions } from './ServiceClient.ts'
import { followEvents, type FollowEventsOptions, type OrchestratorEventMessage } from '../events/followEvents.ts'
import { request, requestJson } from '../http/requestJson.ts'
import type { ProofBundle } from '../proofs/ProofBundle.ts'
import type { Signer } from '@verity/core'
import { intentNamesAgents, signProposal } from '../intents/signProposal.ts'

export type { ProofBundle }
/** The status of an intent (GET /intents/{id}/status). */
export type IntentStatus = Static<typeof IntentStatusSchema>
/** The body of POST /intents/{id}/proposal and /check: `{solution, metadata}`, and `agent_authorization` for an agent-bound intent (`signProposal`, or `propose` with `agent`). */
export type Proposal = Static<typeof ProposalSubmission>
/** The answer of POST /intents/{id}/check: what proposing would conclude, without a proof and without proposing. */
export type ProposalCheck = Static<typeof ProposalCheckResponse>
/** A constraint that does not hold: its index in `requires`, the expression and the values. */
export type ConstraintFailure = Static<typeof ConstraintFailureSchema>
/** Options of `propose` and `checkProposal`: `agent` signs the proposal of an agent-bound intent. */
export type ProposeOptions = CallOptions & { agent?: Signer }
/** GET /config. */
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>
/** PUT /config. */
export type RuntimeConfigUpdate = Static<typeof UpdateRuntimeConfigRequest>
/** A signed intent of shape A or B as POST /intents takes it (see `signIntent`). */
export type SignedIntentJson = Static<typeof SignedIntent>
/** What POST /intents takes: a signed intent, or a sealed one with its opening beside it. */
export type SubmittedIntentJson = Static<typeof SubmittedIntent>

/**
 * A typed client of the orchestrator's HTTP API (docs/orchestrator.md). Every method throws
 * `ApiError` (status, message, serverCode) on a non-2xx answer and `ServiceUnreachableError` when
 * the orchestrator cannot be reached.
 * @example const client = new OrchestratorClient('http://127.0.0.1:8080'); const id = await client.submitTemplate(source)
 */
export class OrchestratorClient extends ServiceClient {
  /** Compiles and stores a template source; returns its id (same source → same id). */
  async submitTemplate(source: string, options: CallOptions = {}): Promise<string> {
    const body = await requestJson<Static<typeof CreateTemplateResponse>>(this.baseUrl, '/templates', { ...this.authorized(options), method: 'POST', body: source })
    return body.template_id
  }
  /** Compiles a template source without storing it; throws ApiError 400 with line:column on errors. */
  async validateTemplate(source: string, options: CallOptions = {}): Promise<void> {
    await request(this.baseUrl, '/templates/validate', { ...this.authorized(options), method: 'POST', body: source })
  }
  /** The pretty-printed text of a stored template. */
  async getTemplate(templateId: string, options: CallOptions = {}): Promise<string> {
    return (await request(this.baseUrl, `/templates/${encodeURIComponent(templateId)}`, this.authorized(options))).text
  }
  async deleteTemplate(templateId: string, options: CallOptions = {}): Promise<void> {
    await request(this.baseUrl, `/templates/${encodeURIComponent(templateId)}`, { ...this.authorized(options), method: 'DELETE' })
  }
  /** Submits a signed intent (see `signIntent`). */
  async submitIntent(signedIntent: SubmittedIntentJson, options: CallOptions = {}): Promise<void> {
    await request(this.baseUrl, '/intents', { ...this.authorized(options), method: 'POST', body: signedIntent })
  }
  /** The intent exactly as submitted. */
  async getIntent(intentId: string, options: CallOptions = {}): Promise<SignedIntentJson> {
    return requestJson(this.baseUrl, `/intents/${encodeURIComponent(intentId)}`, this.authorized(options))
  }
  async getIntentStatus(intentId: string, options: CallOptions = {}): Promise<IntentStatus> {
    return (await requestJson<Static<typeof IntentStatusResponse>>(this.baseUrl, `/intents/${encodeURIComponent(intentId)}/status`, this.authorized(options))).status
  }
  /**
   * Submits the one proposal of an intent; the outcome arrives as an event (see `events`). With
   * `agent`, an intent that names its agents gets the proposal signed by it (`signProposal`; the
   * intent is read first); an intent that names none gets the proposal as it is.
   */
  async propose(intentId: string, proposal: Proposal, options: ProposeOptions = {}): Promise<void> {
    const body = await this.agentSigned(intentId, proposal, 'proposal', options)
    await request(this.baseUrl, `/intents/${encodeURIComponent(intentId)}/proposal`, { ...this.authorized(options), method: 'POST', body })
  }
  /**
   * A dry run of a proposal: extracts the evidence and evaluates the intent's constraints without
   * proving, storing anything or using up the intent's one proposal. A failing candidate is an
   * answer (`ok: false` with each failed constraint), not an error.
   */
  async checkProposal(intentId: string, proposal: Proposal, options: ProposeOptions = {}): Promise<ProposalCheck> {
    const body = await this.agentSigned(intentId, proposal, 'check', options)
    return requestJson(this.baseUrl, `/intents/${encodeURIComponent(intentId)}/check`, { ...this.authorized(options), method: 'POST', body })
  }
  /** The proposal, signed by `options.agent` when there is one and the intent names agents. */
  private async agentSigned(intentId: string, proposal: Proposal, action: 'proposal' | 'check', options: ProposeOptions): Promise<Proposal> {
    if (options.agent === undefined) return proposal
    const signedIntent = await this.getIntent(intentId, options)
    if (!intentNamesAgents(signedIntent)) return proposal
    return signProposal({ agent: options.agent, orchestratorUrl: this.baseUrl, signedIntent, solution: proposal.solution, metadata: proposal.metadata, action })
  }
  /** The proof bundle of a successful intent, for `verifyProofBundle` (404 ApiError before success). */
  async getProof(intentId: string, options: CallOptions = {}): Promise<ProofBundle> {
    return requestJson(this.baseUrl, `/proofs/${encodeURIComponent(intentId)}`, this.authorized(options))
  }
  async getConfig(options: CallOptions = {}): Promise<RuntimeConfig> {
    return requestJson(this.baseUrl, '/config', this.authorized(options))
  }
  /** Sets the evidence extractor URL; "" restores the default (the embedded extractor). */
  async setConfig(config: RuntimeConfigUpdate, options: CallOptions = {}): Promise<void> {
    await request(this.baseUrl, '/config', { ...this.authorized(options), method: 'PUT', body: config })
  }
  /** Follows the event stream, reconnecting with Last-Event-ID (see `followEvents`). */
  events(options: FollowEventsOptions = {}): AsyncGenerator<OrchestratorEventMessage> {
    return followEvents(this.baseUrl, options)
  }
}
