// The Settlement port over an EVM chain: agreements and SDLs go to the VeritySettlement contract
// through @verity/settlement-evm. An SDL is applied only once its transaction has the configured
// confirmations; the contract's replay guard makes every retry safe. What the contract cannot do
// (deliver cross-shard credits, check guardrail proofs) is refused or reported here, never faked.
import { decodeBase58, encodeBase58, type HashDigest } from '@verity/core'
import { ShardTakenError, type Agreement, type AgreementRequest, type PullCreditsResult, type SdlStatus, type SdlSubmission, type SdlSubmissionResult } from '@verity/base-layer'
import type { SdlContent } from '@verity/ledger'
import { EvmSettlementClient, SettlementInputError, SettlementRevertError, sdlSettlementCall, type EvmAgreement } from '@verity/settlement-evm'
import type { Hex } from 'viem'
import { BaseLayerUnavailableError } from '@verity/base-layer'
import { EvmGuardrailsUnsupportedError } from './settlementErrors.ts'
import type { Settlement } from './Settlement.ts'

/** The contract's named errors, as the base layer's codes the SDL pipeline already understands. */
const CODE_BY_REVERT: Record<string, string> = {
  WrongPreviousRoot: 'SDL_ROOT_MISMATCH',
  ProofRejected: 'SDL_PROOF_INVALID',
  NotAFieldElement: 'SDL_PROOF_INVALID',
  BatchCount: 'SDL_PROOF_INVALID',
  // Another SDL of the shard is half settled on chain (its parts pending): not a verdict on this
  // one; it stays Proven until that SDL settles or its operator abandons it (pendingSdlReason).
  SdlPending: 'SDL_OUT_OF_ORDER',
  // Not a verdict on the SDL: the agreement is not (yet) visible; the pipeline keeps it Proven.
  NoAgreement: 'AGREEMENT_NOT_ACTIVE',
  NotOperator: 'NOT_OPERATOR',
}

/** What an operator reads when another SDL of the shard is half settled on chain, and what to do about it. */
function pendingSdlReason(error: SettlementRevertError, shard: number): string {
  const pending = encodeBase58(Buffer.from(String(error.fields.args[1]).slice(2), 'hex'))
  return `${error.message}: SDL ${pending} of shard ${shard} is half settled on chain (parts sent earlier, its last not yet); this SDL waits. If no domain will send its remaining parts (this domain's data was restored from before it, say), its operator drops it with: verity settlement abandon --sdl ${pending}`
}

function hashToBytes32(hash: HashDigest): Hex {
  return `0x${Buffer.from(decodeBase58(hash, 'hash', 32)).toString('hex')}`
}

export class EvmSettlement implements Settlement {
  constructor(
    readonly client: EvmSettlementClient,
    /** the configured confirmations, and the owner id of the operator's Verity key recorded in the agreement */
    private readonly options: { confirmations: number; operatorOwnerId: HashDigest },
  ) {}

  async getAgreement(shard: number): Promise<Agreement | null> {
    const agreement = await this.#call(() => this.client.getAgreement(shard))
    return agreement === null ? null : agreementView(shard, agreement)
  }

  async submitAgreement(request: AgreementRequest): Promise<Agreement> {
    // The contract verifies SDL proofs only: a guardrail would be declared but never checked.
    if (request.guardrail_program_ids.length > 0 || (request.guardrails?.length ?? 0) > 0) throw new EvmGuardrailsUnsupportedError({ shard: request.shard })
    const ownerId = this.options.operatorOwnerId
    try {
      return agreementView(request.shard, await this.client.registerAgreement(request.shard, hashToBytes32(ownerId)))
    } catch (error) {
      if (error instanceof SettlementRevertError && error.fields.errorName === 'ShardTaken') throw new ShardTakenError({ shard: request.shard, operator: String(error.fields.args[1]) })
      throw this.#unavailable(error)
    }
  }

  async submitSdl(submission: SdlSubmission): Promise<SdlSubmissionResult> {
    const content = submission.content as SdlContent
    const hash = submission.hash ?? null
    let call
    try {
      call = sdlSettlementCall(content, submission.proofs as unknown[])
    } catch (error) {
      if (error instanceof SettlementInputError) return { status: 'failed', hash, code: 'SDL_PROOF_INVALID', reason: error.message }
      throw error
    }
    try {
      const settled = await this.client.settleSdl(call)
      return { status: 'applied', hash: encodeBase58(Buffer.from(call.sdlHash.slice(2), 'hex')), shard: settled.shard, sequence: settled.sequence, root: settled.rootAfter }
    } catch (error) {
      if (error instanceof SettlementRevertError && CODE_BY_REVERT[error.fields.errorName] !== undefined)
        return { status: 'failed', hash, code: CODE_BY_REVERT[error.fields.errorName]!, reason: error.fields.errorName === 'SdlPending' ? pendingSdlReason(error, content.shard) : error.message }
      throw this.#unavailable(error)
    }
  }

  async getSdlStatus(hash: HashDigest): Promise<SdlStatus> {
    const settled = await this.#call(() => this.client.getSettledSdl(hashToBytes32(hash)))
    // On chain but short of its confirmations counts as not settled yet: a submit then waits for them.
    if (settled === null || settled.confirmations < BigInt(this.options.confirmations)) return { status: 'unknown', hash }
    const appliedAtMs = await this.#call(() => this.client.blockTimestampMs(settled.blockNumber))
    return { status: 'applied', hash, shard: settled.shard, sequence: settled.sequence, root: settled.rootAfter, applied_at_ms: appliedAtMs }
  }

  /** The contract keeps roots, not credit queues: no credits ever arrive from other shards. */
  async pullCredits(_shard: number, cursor: bigint): Promise<PullCreditsResult> {
    return { credits: [], next_cursor: cursor, consumed_cursor: cursor }
  }

  async close(): Promise<void> {}

  async #call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation()
    } catch (error) {
      throw this.#unavailable(error)
    }
  }

  /** Transport faults and unconfirmed transactions are "not now": the pipeline retries or reconciles. */
  #unavailable(error: unknown): unknown {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('EVM_') && !(error instanceof SettlementRevertError))
      return new BaseLayerUnavailableError({ reason: error.message }, { cause: error })
    return error
  }
}

/** The agreement as the port shows it; `operator` is the operator's EVM account on this target. */
function agreementView(shard: number, agreement: EvmAgreement): Agreement {
  return {
    shard,
    operator: agreement.operator,
    operator_owner_id: encodeBase58(Buffer.from(agreement.operatorOwnerId.slice(2), 'hex')) as HashDigest,
    guardrail_program_ids: [],
    guardrails: [],
    status: 'active',
    created_at_ms: 0,
    activates_at_ms: 0,
  }
}
