// Every request, response and event of the Verity services as one TypeBox schema: the servers
// validate with these objects (through @verity/server's httpEdge), the OpenAPI documents come from
// them, and the SDK's types are their `Static<typeof X>`.
export type { Static, TSchema } from 'typebox'
export { I64, U64 } from './integers.ts'
export { Address, Base58, base58CharsMax, HashDigest, IntentId, IntentIdParams, OwnerId, TokenId } from './encodings.ts'
export { Ed25519Signature, MultisigPubKey, MultisigSignature, PasskeySignature, Signature } from './Signature.ts'
export { Authorship, InputMap, SignedIntent, SignedIntentShapeA, SignedIntentShapeB } from './orchestrator/signedIntent.ts'
export { ConstraintFailure, Proposal, ProposalCheckResponse } from './orchestrator/proposal.ts'
export { RuntimeConfig, UpdateRuntimeConfigRequest } from './orchestrator/runtimeConfig.ts'
export { Readiness } from './orchestrator/readiness.ts'
export { CreateTemplateResponse, IntentStatus, IntentStatusResponse, TemplateIdParams } from './orchestrator/intents.ts'
export { ProofArtifact, ProofBundle } from './orchestrator/proofBundle.ts'
export { ExpiredEvent, FailureEvent, OrchestratorEvent, SuccessEvent, type OrchestratorEventType } from './orchestrator/events.ts'
export { ErrorResponse } from './orchestrator/errorResponse.ts'
export { AllowanceAmount, DebitAllowance, FungibleMint, MandatePayment, NftMetadata, NftMint, TokenMetadata, VerifiableType } from './domain/transactions.ts'
export { ApplyResult, ExecuteRequest, FungibleMintVault, HoldingsDiff, NftMintVault, StateDiff, SubmitRequest, Vault, VerifiableWithDiffs } from './domain/stateDiffs.ts'
export { DomainErrorBody, SdlState, SdlStateReply } from './domain/sdlState.ts'
export * from './ucp/index.ts'
