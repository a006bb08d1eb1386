import { canonicalJson, type HashDigest } from '@verity/core'
import { jsonValue, type SdlContent } from '@verity/ledger'
import {
  AgreementNotActiveError,
  AgreementNotFoundError,
  CreditsMismatchError,
  NotOperatorError,
  SdlAlreadyAppliedError,
  SdlOutOfOrderError,
  SdlPreviousHashMismatchError,
  SdlRootMismatchError,
} from '../errors/settlementErrors.ts'
import type { OperatorIdentity } from '../rpc/verifyOperatorSignature.ts'
import type { AgreementRecord, BaseLayerReads } from '../store/BaseLayerStore.ts'

/**
 * Checks that the SDL may be settled now: its shard has an active agreement whose operator signed
 * it, it was not applied before, it is the shard's next SDL (sequence and previous hash), it starts
 * from the shard's finalized root, and it consumes exactly the next credits delivered to the shard.
 * Returns the agreement; throws the refusal's typed error.
 */
export async function checkSdlPosition(
  store: BaseLayerReads,
  content: SdlContent,
  hash: HashDigest,
  operator: OperatorIdentity,
  nowMs: number,
): Promise<AgreementRecord> {
  const agreement = await store.getAgreement(content.shard)
  if (agreement === undefined) throw new AgreementNotFoundError({ shard: content.shard })
  if (agreement.operatorOwnerId !== operator.ownerId)
    throw new NotOperatorError({ shard: content.shard, signer: operator.publicKey, operator: agreement.operator })
  if (nowMs < agreement.activatesAtMs) throw new AgreementNotActiveError({ shard: content.shard, activatesAtMs: agreement.activatesAtMs })
  const applied = await store.getSdl(hash)
  if (applied?.status === 'applied') throw new SdlAlreadyAppliedError({ hash, sequence: applied.sequence })
  const shard = await store.getShard(content.shard)
  const sequence = BigInt(content.sequence)
  if (sequence !== shard.sequence + 1n)
    throw new SdlOutOfOrderError({ shard: content.shard, sequenceExpected: shard.sequence + 1n, sequenceGot: sequence })
  if (content.previous_hash !== shard.lastSdlHash)
    throw new SdlPreviousHashMismatchError({ shard: content.shard, expected: shard.lastSdlHash, got: content.previous_hash })
  // Before a shard's first SDL the verifier checks root_before against the empty tree's root.
  if (shard.root !== null && content.root_before !== shard.root)
    throw new SdlRootMismatchError({ shard: content.shard, expected: shard.root, got: content.root_before })
  await checkIncomingCredits(store, content, shard.creditsConsumed, shard.creditsQueued)
  return agreement
}

/** The SDL's incoming credits must be the shard's queued credits from its consumed cursor on, in order, unchanged. */
async function checkIncomingCredits(store: BaseLayerReads, content: SdlContent, consumed: bigint, queued: bigint): Promise<void> {
  const { from_cursor, to_cursor, credits } = content.incoming_credits
  const fail = (reason: string): never => {
    throw new CreditsMismatchError({ shard: content.shard, reason })
  }
  if (BigInt(from_cursor) !== consumed) fail(`from_cursor ${from_cursor} must be the consumed cursor ${consumed}`)
  if (to_cursor - from_cursor !== credits.length) fail(`cursors ${from_cursor}..${to_cursor} do not span the ${credits.length} credits listed`)
  if (BigInt(to_cursor) > queued) fail(`to_cursor ${to_cursor} is beyond the ${queued} credits delivered`)
  if (credits.length === 0) return
  const delivered = await store.listCredits(content.shard, consumed, credits.length)
  credits.forEach((credit, index) => {
    const expected = delivered[index]
    if (expected === undefined || canonicalJson(jsonValue(expected.stateDiff)) !== canonicalJson(jsonValue(credit)))
      fail(`credit ${from_cursor + index + 1} differs from the credit delivered`)
  })
}
