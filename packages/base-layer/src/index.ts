// Public API of @verity/base-layer. Re-exports only.
export { BaseLayerNode, type BaseLayerNodeOptions } from './node/BaseLayerNode.ts'
export type { Account, ShardStatus } from './node/views.ts'
export { buildBaseLayerApp, type BaseLayerAppOptions } from './http/buildBaseLayerApp.ts'
export { startBaseLayer, type StartBaseLayerOptions, type RunningBaseLayer } from './startBaseLayer.ts'
export { openBaseLayerStore, baseLayerDatabasePath } from './store/openBaseLayerStore.ts'
export { readBaseLayerOptions, type BaseLayerOptions } from './config/readBaseLayerOptions.ts'
export { BASE_LAYER_OPTIONS } from './config/baseLayerOptions.ts'
export type { BaseLayerClient } from './client/BaseLayerClient.ts'
export { InProcessBaseLayerClient } from './client/InProcessBaseLayerClient.ts'
export { HttpBaseLayerClient, type HttpBaseLayerClientOptions } from './client/HttpBaseLayerClient.ts'
export type { Agreement, AgreementStatus, AgreementPayload, AgreementRequest, AgreementGuardrail } from './agreement/Agreement.ts'
export { signAgreementRequest, signSdlSubmission } from './client/signRequests.ts'
export { operatorRequestBytes, type SignedMethod } from './rpc/operatorRequestBytes.ts'
export type { SdlSubmission, SdlSubmissionResult, SdlStatus } from './settlement/SdlSubmission.ts'
export type { SdlProofVerifier, SdlProofCheck } from './settlement/SdlProofVerifier.ts'
export { ProverSdlVerifier } from './settlement/ProverSdlVerifier.ts'
export type { ProofArtifactJson } from './settlement/readProofs.ts'
export type { Credit, PullCreditsResult } from './credits/pullCredits.ts'
export { parseGenesis, loadGenesisFile, type Genesis } from './genesis/Genesis.ts'
export type {
  BaseLayerStore,
  BaseLayerReads,
  BaseLayerTransaction,
  AccountRecord,
  AgreementRecord,
  ShardRecord,
  SdlRecord,
  CreditRecord,
} from './store/BaseLayerStore.ts'
export { SqliteBaseLayerStore } from './store/sqlite/SqliteBaseLayerStore.ts'
export { PostgresBaseLayerStore, type PostgresBaseLayerStoreOptions } from './store/postgres/PostgresBaseLayerStore.ts'
export { StoreUnavailableError, StoreSchemaTooNewError } from '@verity/postgres'
export { baseLayerMethods, type BaseLayerMethod } from './rpc/rpcMethods.ts'
export { rpcErrorCodes } from './rpc/rpcErrorOf.ts'
export {
  InvalidParamsError,
  RpcParseError,
  MethodNotFoundError,
  BatchTooLargeError,
  OperatorKeyNotEd25519Error,
} from './errors/requestErrors.ts'
export { OperatorNotFundedError, ShardTakenError, StaleNonceError } from './errors/agreementErrors.ts'
export {
  AgreementNotFoundError,
  AgreementNotActiveError,
  NotOperatorError,
  SdlAlreadyAppliedError,
  SdlOutOfOrderError,
  SdlPreviousHashMismatchError,
  SdlHashMismatchError,
  SdlRootMismatchError,
  SdlProofInvalidError,
  CreditsMismatchError,
  SdlTransactionInvalidError,
  SdlStateInvalidError,
  SettlementBusyError,
} from './errors/settlementErrors.ts'
export { BaseLayerRpcError, BaseLayerUnavailableError } from './errors/clientErrors.ts'
export { InvalidGenesisError } from './errors/genesisErrors.ts'
export * as limits from './limits.ts'
export { MIGRATIONS_TABLE as BASE_LAYER_MIGRATIONS_TABLE, BASE_LAYER_MIGRATIONS, POSTGRES_MIGRATION_LOCK_KEY as BASE_LAYER_POSTGRES_MIGRATION_LOCK_KEY } from './store/baseLayerMigrations.ts'
