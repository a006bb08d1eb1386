// The settlement port of the domain: where its SDLs become final. Two implementations: Verity's base
// layer (a BaseLayerClient, embedded or over JSON-RPC, satisfies this interface as it is) and an
// EVM chain (EvmSettlement over the VeritySettlement contract). The domain's config picks one
// (docs/domain.md, docs/settlement-evm.md). The port speaks of SDLs, proofs and agreements, not
// of circuits: what a target verifies is its own business.
import type { HashDigest } from '@verity/core'
import type { Agreement, AgreementRequest, PullCreditsResult, SdlStatus, SdlSubmission, SdlSubmissionResult } from '@verity/base-layer'

export interface Settlement {
  /** The shard's domain agreement, or null when none is registered. */
  getAgreement(shard: number): Promise<Agreement | null>
  /** Registers the operator's agreement for the shard. Throws a `SHARD_TAKEN` error when another operator holds it. */
  submitAgreement(request: AgreementRequest): Promise<Agreement>
  /**
   * Settles an SDL with its proofs: `applied` once final, `failed` with a code for a verdict.
   * Throws a `BASE_LAYER_UNAVAILABLE` error when the outcome is not known yet (it is then reconciled by `getSdlStatus`).
   */
  submitSdl(submission: SdlSubmission): Promise<SdlSubmissionResult>
  /** What became of an SDL: applied, failed, or unknown (never settled, or not final yet). */
  getSdlStatus(hash: HashDigest): Promise<SdlStatus>
  /** Credits from other shards after `cursor`, at most `limit`. */
  pullCredits(shard: number, cursor: bigint, limit?: number): Promise<PullCreditsResult>
  close(): Promise<void>
}
