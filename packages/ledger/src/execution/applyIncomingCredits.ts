import type { StateDiff } from '../wire/StateDiff.ts'
import type { Address, ShardId, Vault } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'
import { parseAddress } from '@verity/core'
import { StateDiffMismatchError, WrongShardError } from '../errors/ledgerErrors.ts'
import { applyStateDiffs, assertOutgoingCredit } from './applyStateDiffs.ts'

/**
 * Applies credits the base layer delivered from other shards (each a TokenDiffs credit to one of
 * this shard's vaults) and returns the changed vaults. They enter the state tree through the
 * next SDL's `incoming_credits`. A credit of tokens to a mint vault is refused
 * (MintHolderConflictError), like any credit.
 */
export function applyIncomingCredits(view: LedgerView, credits: readonly StateDiff[], shard: ShardId): Map<Address, Vault> {
  checkIncomingCredits(credits, shard)
  return applyStateDiffs(view, credits, shard)
}

/** Every incoming diff credits a vault of `shard`. */
export function checkIncomingCredits(credits: readonly StateDiff[], shard: ShardId): void {
  for (const credit of credits) {
    const target = parseAddress(credit.address).shard
    if (target !== shard) throw new WrongShardError({ field: `incoming credit to ${credit.address}`, shardGot: target, shardExpected: shard })
    try {
      assertOutgoingCredit(credit, 0)
    } catch {
      throw new StateDiffMismatchError({ reason: `incoming diff to ${credit.address} is not a credit` })
    }
  }
}
