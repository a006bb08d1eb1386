import { isVerityError } from '@verity/core'
import type { SdlContent } from './SdlContent.ts'
import { verifyVerifiable } from '../laws/verifyVerifiable.ts'
import { checkDiffShape } from '../execution/checkStateDiffs.ts'
import { checkIncomingCredits } from '../execution/applyIncomingCredits.ts'
import { atIndex, WrongShardError } from '../errors/ledgerErrors.ts'

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
