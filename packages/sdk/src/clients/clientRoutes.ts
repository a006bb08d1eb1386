// The route each SDK client method calls, with the wire schemas of its request and answer: the
// table the agreement test (clientRoutes.test.ts) holds against each service's /openapi.json.
import {
  ApplyResult,
  CreateTemplateResponse,
  ExecuteRequest,
  FinalizedVault,
  IntentStatusResponse,
  ProofBundle,
  ProposalCheckResponse,
  ProposalSubmission,
  RuntimeConfig,
  SdlState,
  SdlStateReply,
  SignedIntent,
  SubmittedIntent,
  SubmitRequest,
  U64,
  UpdateRuntimeConfigRequest,
  Vault,
  type TSchema,
} from '@verity/wire'
import type { DomainClient } from './DomainClient.ts'
import type { ExtractorClient } from './ExtractorClient.ts'
import type { OrchestratorClient } from './OrchestratorClient.ts'

/** A route as OpenAPI names it (`{param}` for a path parameter), with the wire schemas of its JSON body and its success answer. */
export type ClientRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: TSchema
  response?: TSchema
}

/** The public methods of a client (each must have its route: a new method without one fails to compile). */
export type ClientMethodName<Client> = { [Name in keyof Client]: Client[Name] extends (...args: never[]) => unknown ? Name : never }[keyof Client]

export const orchestratorClientRoutes = Object.freeze({
  submitTemplate: { method: 'POST', path: '/templates', response: CreateTemplateResponse },
  validateTemplate: { method: 'POST', path: '/templates/validate' },
  getTemplate: { method: 'GET', path: '/templates/{template_id}' },
  deleteTemplate: { method: 'DELETE', path: '/templates/{template_id}' },
  submitIntent: { method: 'POST', path: '/intents', body: SubmittedIntent },
  getIntent: { method: 'GET', path: '/intents/{intent_id}', response: SignedIntent },
  getIntentStatus: { method: 'GET', path: '/intents/{intent_id}/status', response: IntentStatusResponse },
  propose: { method: 'POST', path: '/intents/{intent_id}/proposal', body: ProposalSubmission },
  checkProposal: { method: 'POST', path: '/intents/{intent_id}/check', body: ProposalSubmission, response: ProposalCheckResponse },
  getProof: { method: 'GET', path: '/proofs/{intent_id}', response: ProofBundle },
  getConfig: { method: 'GET', path: '/config', response: RuntimeConfig },
  setConfig: { method: 'PUT', path: '/config', body: UpdateRuntimeConfigRequest },
  events: { method: 'GET', path: '/events' },
} as const satisfies Record<ClientMethodName<OrchestratorClient>, ClientRoute>)

export const domainClientRoutes = Object.freeze({
  getVault: { method: 'GET', path: '/vaults/{owner_id}', response: Vault },
  getFinalizedVault: { method: 'GET', path: '/vaults/{owner_id}/finalized', response: FinalizedVault },
  nextNonce: { method: 'GET', path: '/vaults/{owner_id}/nonce', response: U64 },
  execute: { method: 'POST', path: '/intents/execute', body: ExecuteRequest, response: ApplyResult },
  submit: { method: 'POST', path: '/intents/submit', body: SubmitRequest, response: ApplyResult },
  listSdls: { method: 'GET', path: '/sdls' },
  listPayments: { method: 'GET', path: '/payments' },
  getSdl: { method: 'GET', path: '/sdls/{hash}', response: SdlState },
  submitSdl: { method: 'POST', path: '/sdls/submit' },
  proveSdl: { method: 'POST', path: '/sdls/{hash}/prove', response: SdlStateReply },
  submitProof: { method: 'POST', path: '/sdls/{hash}/submit_proof', response: SdlStateReply },
} as const satisfies Record<ClientMethodName<DomainClient>, ClientRoute>)

export const extractorClientRoutes = Object.freeze({
  searchCatalog: { method: 'POST', path: '/catalog/search' },
} as const satisfies Record<ClientMethodName<ExtractorClient>, ClientRoute>)

/** `/intents/{intent_id}/status` → a pattern matching a concrete path of that route. */
export function routePattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/\{[a-z_]+\}/g, '[^/?]+')}(\\?.*)?$`)
}
