// Public API of @verity/sdk. Re-exports only.
export { OrchestratorClient, type ProposalCheck, type ConstraintFailure, type Proposal, type RuntimeConfig, type SignedIntentJson, type IntentStatus } from './clients/OrchestratorClient.ts'
export { ExtractorClient, type CatalogHit, type CatalogQuery, type CatalogSearchResult } from './clients/ExtractorClient.ts'
export { readSignedIntent, type SignedIntentParts } from './proofs/readSignedIntent.ts'
export { DomainClient, type CallOptions, type SdlPage, type ApplyResult, type ProveStart } from './clients/DomainClient.ts'
export { defaultClientToken, type ClientOptions } from './clients/ClientOptions.ts'
export { HttpBaseLayerClient, type BaseLayerClient, type HttpBaseLayerClientOptions } from '@verity/base-layer'
export { followEvents, type FollowEventsOptions, type OrchestratorEventMessage } from './events/followEvents.ts'
export { request, requestJson, type RequestOptions, type HttpResponse } from './http/requestJson.ts'
export { ApiError, ServiceUnreachableError } from './http/ApiError.ts'
export { signIntent, type SignIntentParameters, type IntentFields } from './intents/signIntent.ts'
export { loadSigner } from './keys/loadSigner.ts'
export type { ProofBundle } from './proofs/ProofBundle.ts'
export { verifyProofBundle, type ProofStatement, type ProofVerification, type VerifyProofBundleOptions } from './proofs/verifyProofBundle.ts'
export { MalformedProofBundleError } from './proofs/proofErrors.ts'
export {
  startStack,
  STACK_PORTS_DEFAULT,
  OPERATOR_GENESIS_BALANCE_PLANCKS,
  DEVNET_ACTIVATION_DELAY_MS,
  type StartStackOptions,
  type RunningStack,
  type StackPorts,
} from './services/startStack.ts'
export { runCli, EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './cli/runCli.ts'
export { commands } from './cli/commands/index.ts'
export type { Command, CommandContext } from './cli/Command.ts'
export { UsageError } from './cli/UsageError.ts'
export { WaitTimeoutError } from './cli/WaitTimeoutError.ts'
export * as limits from './limits.ts'
