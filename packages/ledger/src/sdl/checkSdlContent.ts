import { isVerityError } from '@verity/core'
import type { SdlContent } from './SdlContent.ts'
import { verifyVerifiable } from '../laws/verifyVerifiable.ts'
import { checkDiffShape } from '../execution/checkStateDiffs.ts'
import { checkIncomingCredits } from '../execution/applyIncomingCredits.ts'
import { atIndex, StateDiffMismatchError, WrongShardError } from '../errors/ledgerErrors.ts'
import { mandatePaymentDiffs } from '../mandates/checkMandatePayment.ts'
import { parseAddressMemo } from '../laws/addressMemo.ts'
import { canonicalJsonBytes } from '@verity/core'
import type { MandatePayment } from '../wire/Verifiable.ts'
import type { StateDiff } from '../wire/StateDiff.ts'

/** A mandate payment debits on the SDL's shard and its diffs are its own (its bundle is checked by the caller). */
function checkMandateShape(payment: MandatePayment, diffs: readonly StateDiff[], shard: number): void {
  const debitedShard = parseAddressMemo(payment.debited).shard
  if (debitedShard !== shard) throw new WrongShardError({ field: 'debited', shardGot: debitedShard, shardExpected: shard })
  if (Buffer.compare(canonicalJsonBytes(diffs, 'state diffs'), canonicalJsonBytes(mandatePaymentDiffs(payment), 'state diffs')) !== 0)
    throw new StateDiffMismatchError({ reason: 'a mandate payment moves exactly its amount from debited to credited' })
}

/**
 * The stateless laws of an SDL, checked natively by the domain before proving and by the base
 * layer before it accepts the proof (DESIGN §6): every signature verifies, every debit and mint
 * is on the SDL's shard, every transaction's diffs are a lawful execution of it, and incoming
 * credits only credit this shard's vaults. The state-dependent laws (balances, nonces, NFTs
 * held, mint roles) are what the SDL proof establishes. Throws with the transaction's `index`.
 */
export function checkSdlContent(content: SdlContent): void {
  checkIncomingCredits(content.incoming_credits.credits, content.shard)
  content.transactions.forEach((tx, index) => {
    try {
      if ('MandatePayment' in tx.verifiable) {
        checkMandateShape(tx.verifiable.MandatePayment, tx.state_diffs, content.shard)
        return
      }
      const verified = verifyVerifiable(tx.verifiable)
      const shard = verified.kind === 'DebitAllowance' ? verified.content.debited_shard : verified.content.shard
      if (shard !== content.shard) throw new WrongShardError({ field: 'shard', shardGot: shard, shardExpected: content.shard })
      checkDiffShape(verified, tx.state_diffs)
    } catch (error) {
      if (isVerityError(error)) throw atIndex(error, index)
      throw error
    }
  })
}
