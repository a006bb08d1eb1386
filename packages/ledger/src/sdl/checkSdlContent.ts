import { isVerityError, parseAddress } from '@verity/core'
import type { SdlContent } from './SdlContent.ts'
import { verifyVerifiable } from '../laws/verifyVerifiable.ts'
import { checkDiffShape } from '../execution/checkStateDiffs.ts'
import { assertOutgoingCredit } from '../execution/applyStateDiffs.ts'
import { atIndex, StateDiffMismatchError, WrongShardError } from '../errors/ledgerErrors.ts'

/**
 * The stateless laws of an SDL, checked natively by the domain before proving and by the base
 * layer before it accepts the proof (DESIGN §6): every signature verifies, every debit and mint
 * is on the SDL's shard, every transaction's diffs are a lawful execution of it, and incoming
 * credits only credit this shard's vaults. The state-dependent laws (balances, nonces, NFTs
 * held, mint roles) are what the SDL proof establishes. Throws with the transaction's `index`.
 */
export function checkSdlContent(content: SdlContent): void {
  for (const credit of content.incoming_credits.credits) {
    if (parseAddress(credit.address).shard !== content.shard)
      throw new WrongShardError({ field: `incoming credit to ${credit.address}`, shardGot: parseAddress(credit.address).shard, shardExpected: content.shard })
    // An incoming credit must be a credit: reuse the outgoing-credit rule from the sender's side.
    try {
      assertOutgoingCredit(credit, 0)
    } catch {
      throw new StateDiffMismatchError({ reason: `incoming diff to ${credit.address} is not a credit` })
    }
  }
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
