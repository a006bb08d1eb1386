import type { HashDigest } from '@verity/core'
import { parseStateDiff, parseVault, type Vault } from '@verity/ledger'
import type { Agreement, AgreementRequest } from '../agreement/Agreement.ts'
import type { PullCreditsResult } from '../credits/pullCredits.ts'
import type { BaseLayerMethod } from '../rpc/rpcMethods.ts'
import type { Account, ShardStatus } from '../node/views.ts'
import type { SdlStatus, SdlSubmission, SdlSubmissionResult } from '../settlement/SdlSubmission.ts'
import type { BaseLayerClient } from './BaseLayerClient.ts'

/**
 * The typed methods of `BaseLayerClient` over one `call(method, params)` that returns the wire
 * result as parsed by parseJsonBigint. Results are normalised here (u64 fields to bigint, vaults
 * and state diffs through the ledger's parsers), so both transports answer identically.
 */
export abstract class RpcBaseLayerClient implements BaseLayerClient {
  protected abstract call(method: BaseLayerMethod, params: Record<string, unknown>): Promise<unknown>
  abstract close(): Promise<void>

  async getAgreement(shard: number): Promise<Agreement | null> {
    return (await this.call('getAgreement', { shard })) as Agreement | null
  }

  async submitAgreement(request: AgreementRequest): Promise<Agreement> {
    return (await this.call('submitAgreement', { ...request })) as Agreement
  }

  async submitSdl(submission: SdlSubmission): Promise<SdlSubmissionResult> {
    const params: Record<string, unknown> = { content: submission.content, proofs: submission.proofs, signature: submission.signature }
    if (submission.hash !== undefined) params.hash = submission.hash
    return withBigints(await this.call('submitSdl', params), ['sequence']) as SdlSubmissionResult
  }

  async getSdlStatus(hash: HashDigest): Promise<SdlStatus> {
    return withBigints(await this.call('getSdlStatus', { hash }), ['sequence']) as SdlStatus
  }

  async pullCredits(shard: number, cursor: bigint, limit?: number): Promise<PullCreditsResult> {
    const params: Record<string, unknown> = { shard, cursor }
    if (limit !== undefined) params.limit = limit
    const result = withBigints(await this.call('pullCredits', params), ['next_cursor', 'consumed_cursor']) as PullCreditsResult
    return {
      ...result,
      credits: result.credits.map((credit, index) => ({
        ...(withBigints(credit, ['id']) as PullCreditsResult['credits'][number]),
        state_diff: parseStateDiff(credit.state_diff, `credits[${index}].state_diff`),
      })),
    }
  }

  async getVault(address: string): Promise<Vault | null> {
    const vault = await this.call('getVault', { address })
    return vault === null ? null : parseVault(vault)
  }

  async getShard(shard: number): Promise<ShardStatus> {
    return withBigints(await this.call('getShard', { shard }), ['sequence', 'credits_queued', 'credits_consumed']) as ShardStatus
  }

  async getAccount(ownerId: HashDigest): Promise<Account | null> {
    const account = await this.call('getAccount', { owner_id: ownerId })
    return account === null ? null : (withBigints(account, ['balance', 'nonce_last']) as Account)
  }
}

/** A copy of `value` with the named integer fields as bigint (JSON gives numbers below 2^53). */
function withBigints(value: unknown, fields: readonly string[]): unknown {
  if (value === null || typeof value !== 'object') return value
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  for (const field of fields) {
    const inner = copy[field]
    if (typeof inner === 'number') copy[field] = BigInt(inner)
  }
  return copy
}
