// The orchestrator's route schemas: the wire schemas of @verity/wire (one definition each, shared
// with the SDK), which validate the requests and generate /openapi.json.
import { ErrorResponse } from '@verity/wire'

export {
  ConstraintFailure,
  CreateTemplateResponse,
  ErrorResponse,
  IntentIdParams,
  IntentStatusResponse,
  ProofBundle,
  Proposal,
  ProposalCheckResponse,
  ProposalSubmission,
  RuntimeConfig,
  SignedIntent,
  SubmittedIntent,
  TemplateIdParams,
  UpdateRuntimeConfigRequest,
} from '@verity/wire'

/** The error statuses of a route, for its `response` schema. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorResponse> {
  return Object.fromEntries([...statuses, 500].map((status) => [status, ErrorResponse]))
}
