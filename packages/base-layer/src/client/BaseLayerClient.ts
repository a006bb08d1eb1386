import type { HashDigest } from '@verity/core'
import type { Vault } from '@verity/ledger'
import type { Agreement, AgreementRequest } from '../agreement/Agreement.ts'
import type { PullCreditsResult } from '../credits/pullCredits.ts'
import type { Account, ShardStatus } from '../node/views.ts'
import type { SdlStatus, SdlSubmission, SdlSubmissionResult } from '../settlement/SdlSubmission.ts'

/**
 * What a domain needs of the base layer. `InProcessBaseLayerClient` (an embedded node) and
 * `HttpBaseLayerClient` (JSON-RPC over HTTP) behave the same: the same checks, the same results
 * (u64 values as bigint) and the same `BaseLayerRpcError` codes; the HTTP one may also throw
 * `BaseLayerUnavailableError`.
 */
export interface BaseLayerClient {
  getAgreement(shard: number): Promise<Agreement | null>
  submitAgreement(request: AgreementRequest): Promise<Agreement>
  submitSdl(submission: SdlSubmission): Promise<SdlSubmissionResult>
  getSdlStatus(hash: HashDigest): Promise<SdlStatus>
  /** credits of `shard` after `cursor` (0 for the first), at most `limit` (default 100) */
  pullCredits(shard: number, cursor: bigint, limit?: number): Promise<PullCreditsResult>
  getVault(address: string): Promise<Vault | null>
  getShard(shard: number): Promise<ShardStatus>
  getAccount(ownerId: HashDigest): Promise<Account | null>
  close(): Promise<void>
}
