// Public API of @verity/orchestrator. Re-exports only.
export { startOrchestrator, type StartOrchestratorOptions, type RunningOrchestrator } from './startOrchestrator.ts'
export {
  buildOrchestratorApp,
  ORCHESTRATOR_APP_DEFAULTS,
  type OrchestratorAppDependencies,
  type OrchestratorAppSettings,
  type OrchestratorRuntime,
} from './http/buildOrchestratorApp.ts'
export type { OrchestratorSettings } from './config/OrchestratorSettings.ts'
export {
  readOrchestratorSettings,
  ORCHESTRATOR_OPTIONS,
  ORCHESTRATOR_DEFAULTS,
  DATA_DIR_DEFAULT,
} from './config/readOrchestratorSettings.ts'
export { parseExtractorUrl } from './config/parseExtractorUrl.ts'
export type {
  OrchestratorStore,
  IntentRecord,
  IntentStatus,
  IntentShape,
  NewIntent,
  TemplateRecord,
  StoredEvent,
  ProofRecord,
  JobOutcome,
  AcceptProposalResult,
  OrchestratorEventType,
  ClaimedJob,
} from './store/OrchestratorStore.ts'
export { SqliteOrchestratorStore, SQLITE_FILE_NAME } from './store/SqliteOrchestratorStore.ts'
export { PostgresOrchestratorStore, type PostgresOrchestratorStoreOptions } from './store/postgres/PostgresOrchestratorStore.ts'
export { openOrchestratorStore, type OpenOrchestratorStoreOptions } from './store/openOrchestratorStore.ts'
export { StoreUnavailableError, StoreSchemaTooNewError } from '@verity/postgres'
export type { PolicyProving, PolicyProofInput } from './jobs/PolicyProving.ts'
export { createPolicyProving, type PolicyProvingOptions } from './jobs/createPolicyProving.ts'
export { parseSignedIntent, type ParsedSignedIntent } from './intents/parseSignedIntent.ts'
export { httpStatusByCode } from './http/httpStatusByCode.ts'
export { MalformedIntentError, UnsignedIntentRefusedError, UnknownTemplateError, IntentExistsError, IntentNotFoundError } from './errors/intentErrors.ts'
export {
  UnknownIntentError,
  IntentTemplateMissingError,
  ProposalExistsError,
  IntentExpiredError,
  MalformedProposalError,
  ProofNotFoundError,
} from './errors/proposalErrors.ts'
export { TemplateNotFoundError } from './errors/templateErrors.ts'
export { InvalidExtractorUrlError } from './errors/configErrors.ts'
export { TooManySubscribersError } from './errors/eventErrors.ts'
export { ExtractorFailedError } from './errors/extractorErrors.ts'
export * as limits from './limits.ts'
export { MIGRATIONS_TABLE as ORCHESTRATOR_MIGRATIONS_TABLE, ORCHESTRATOR_MIGRATIONS, POSTGRES_MIGRATION_LOCK_KEY as ORCHESTRATOR_POSTGRES_MIGRATION_LOCK_KEY } from './store/orchestratorMigrations.ts'
