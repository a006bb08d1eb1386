import { requestJson, request, type RequestOptions } from '../http/requestJson.ts'
import { followEvents, type FollowEventsOptions } from '../events/followEvents.ts'

export type IntentStatus = 'pending' | 'proving' | 'success' | 'failure' | 'expired'
export type Proposal = { solution: string; metadata: unknown }
export type RuntimeConfig = { evidence_extractor_url: string }
/** What GET /proofs/{intent_id} returns: everything an offline verifier needs. */
export type ProofBundle = {
  signed_intent: Record<string, unknown>
  proposal: Proposal
  evidence: Record<string, unknown>
  proof: Record<string, unknown>
  template: { id: string; source: string; compiled_base64url: string }
}

type Options = Pick<RequestOptions, 'timeoutMs' | 'signal'>

/**
 * A typed client of the orchestrator's HTTP API (docs/orchestrator.md). Every method throws
 * `ApiError` (status, message, code) on a non-2xx answer.
 * @example const client = new OrchestratorClient('http://127.0.0.1:8080')
 */
export class OrchestratorClient {
  constructor(readonly baseUrl: string) {}

  /** Compiles and stores a template source; returns its id (same source → same id). */
  async submitTemplate(source: string, options: Options = {}): Promise<string> {
    const body = await requestJson<{ template_id: string }>(this.baseUrl, '/templates', { ...options, method: 'POST', body: source })
    return body.template_id
  }
  /** Compiles a template source without storing it; throws ApiError 400 with line:column on errors. */
  async validateTemplate(source: string, options: Options = {}): Promise<void> {
    await request(this.baseUrl, '/templates/validate', { ...options, method: 'POST', body: source })
  }
  /** The pretty-printed text of a stored template. */
  async getTemplate(templateId: string, options: Options = {}): Promise<string> {
    return (await request(this.baseUrl, `/templates/${encodeURIComponent(templateId)}`, options)).text
  }
  async deleteTemplate(templateId: string, options: Options = {}): Promise<void> {
    await request(this.baseUrl, `/templates/${encodeURIComponent(templateId)}`, { ...options, method: 'DELETE' })
  }
  /** Submits a signed intent (see `signIntent`). */
  async submitIntent(signedIntent: Record<string, unknown>, options: Options = {}): Promise<void> {
    await request(this.baseUrl, '/intents', { ...options, method: 'POST', body: signedIntent })
  }
  /** The intent exactly as submitted. */
  async getIntent(intentId: string, options: Options = {}): Promise<Record<string, unknown>> {
    return requestJson(this.baseUrl, `/intents/${encodeURIComponent(intentId)}`, options)
  }
  async getIntentStatus(intentId: string, options: Options = {}): Promise<IntentStatus> {
    return (await requestJson<{ status: IntentStatus }>(this.baseUrl, `/intents/${encodeURIComponent(intentId)}/status`, options)).status
  }
  /** Submits the one proposal of an intent; the outcome arrives as an event. */
  async propose(intentId: string, proposal: Proposal, options: Options = {}): Promise<void> {
    await request(this.baseUrl, `/intents/${encodeURIComponent(intentId)}/proposal`, { ...options, method: 'POST', body: proposal })
  }
  async getProof(intentId: string, options: Options = {}): Promise<ProofBundle> {
    return requestJson(this.baseUrl, `/proofs/${encodeURIComponent(intentId)}`, options)
  }
  async getConfig(options: Options = {}): Promise<RuntimeConfig> {
    return requestJson(this.baseUrl, '/config', options)
  }
  /** Sets the evidence extractor URL; "" restores the default. */
  async setConfig(config: RuntimeConfig, options: Options = {}): Promise<void> {
    await request(this.baseUrl, '/config', { ...options, method: 'PUT', body: config })
  }
  /** Follows the event stream, reconnecting with Last-Event-ID (see `followEvents`). */
  events(options: FollowEventsOptions = {}) {
    return followEvents(this.baseUrl, options)
  }
}
