// Public API of @verity/domain. Re-exports only.
export { startDomain, type StartDomainOptions, type RunningDomain } from './startup/startDomain.ts'
export { buildDomainApp, type BuildDomainAppOptions } from './http/buildDomainApp.ts'
export { Domain, type DomainDeps } from './domain/Domain.ts'
export type { DomainApi, ApplyResult, ProveStart } from './DomainApi.ts'
export type { DomainConfig, GuardrailConfig, ProverConfig } from './config/DomainConfig.ts'
export { loadDomainConfig, parseDomainConfig } from './config/loadDomainConfig.ts'
export { connectOperatorSettlementClient } from './settlement/openEvmSettlement.ts'
export { DOMAIN_OPTIONS, DOMAIN_CONFIG_PATH_DEFAULT, readDomainOptions, type DomainStartOptions } from './config/domainOptions.ts'
export type { DomainStore, SdlRecord, PendingRecord, BatchWrite } from './store/DomainStore.ts'
export { SqliteDomainStore } from './store/sqlite/SqliteDomainStore.ts'
export { PostgresDomainStore, type PostgresDomainStoreOptions } from './store/postgres/PostgresDomainStore.ts'
export { openDomainStore, domainDatabasePath } from './store/openDomainStore.ts'
export type { ProvingJobs, ProvingClaim, ProvingPart } from './store/ProvingJobs.ts'
export type { SdlBatchProver } from './workers/SdlBatchProver.ts'
export { PostgresProvingJobs } from './store/postgres/PostgresProvingJobs.ts'
export { ProvingWorker, type ProvingWorkerDeps } from './workers/ProvingWorker.ts'
export { startProvingWorker, type StartProvingWorkerOptions, type RunningProvingWorker } from './workers/startProvingWorker.ts'
export { StoreUnavailableError, StoreSchemaTooNewError } from '@verity/postgres'
export { ShardLockedError, ShardLockLostError } from './errors/storeErrors.ts'
export type { SdlStateValue } from './sdl/SdlStateValue.ts'
export { transactionEvidence } from './guardrails/transactionEvidence.ts'
export { httpStatusByCode } from './http/httpStatusByCode.ts'
export {
  VaultNotFoundError,
  SdlNotFoundError,
  BatchSizeError,
  SdlStateConflictError,
  SdlOrderError,
  GuardrailRejectedError,
  GuardrailInputError,
  DomainAgreementError,
} from './errors/domainErrors.ts'
export * as limits from './limits.ts'
export { MIGRATIONS_TABLE as DOMAIN_MIGRATIONS_TABLE, DOMAIN_MIGRATIONS, POSTGRES_MIGRATION_LOCK_KEY as DOMAIN_POSTGRES_MIGRATION_LOCK_KEY } from './store/domainMigrations.ts'
export { reproveLegacySdls, type ReprovedSdl } from './upgrade/reproveLegacySdls.ts'
export { assertSdlWitnessFormatsBeforeOpen } from './startup/assertSdlWitnessFormatsBeforeOpen.ts'
export { reproveLegacyPostgresSdls } from './upgrade/reproveLegacyPostgresSdls.ts'
export { LegacySdlNotReprovableError } from './upgrade/LegacySdlNotReprovableError.ts'
