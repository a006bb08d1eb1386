import { isVerityError } from '@verity/core'
import { parseAddressMemo } from '../laws/addressMemo.ts'
import type { StateDiff, VerifiableWithDiffs } from '../wire/StateDiff.ts'
import type { VerifiableType } from '../wire/Verifiable.ts'
import type { Address, ShardId, Vault } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'
import { atIndex, LedgerLimitError } from '../errors/ledgerErrors.ts'
import { BATCH_LENGTH_MAX } from '../limits.ts'
import { applyStateDiffsInto } from './applyStateDiffs.ts'
import { checkDiffShape } from './checkStateDiffs.ts'
import { checkAuthorization, defaultDiffsOf } from './executeVerifiable.ts'
import { OverlayView } from './OverlayView.ts'

/** What a batch did, to be committed atomically by the caller. */
export type BatchResult = {
  /** each element with the diffs it produced, in order */
  transactions: VerifiableWithDiffs[]
  /** every vault of this shard the batch changed, in its final state */
  vaults: Map<Address, Vault>
  /** the next nonce of every vault that signed, by address */
  nonces: Map<Address, bigint>
  /** diffs credited to other shards' vaults, in order (the base layer delivers them) */
  outgoingCredits: StateDiff[]
}

/**
 * Default-executes `verifiables` as one ordered batch over `view`: later elements see earlier
 * effects (two debits of one vault use nonces n and n+1). All or nothing: returns every change,
 * or throws the first failure tagged with the element's `index`, having changed nothing.
 */
export function executeBatch(view: LedgerView, verifiables: readonly VerifiableType[], shard: ShardId): BatchResult {
  return runBatch(view, verifiables.map((verifiable) => ({ verifiable })), shard)
}

/** As `executeBatch`, for caller-computed diffs (`/intents/submit`); see `checkStateDiffs`. */
export function submitBatch(view: LedgerView, items: readonly VerifiableWithDiffs[], shard: ShardId): BatchResult {
  return runBatch(view, items, shard)
}

function runBatch(view: LedgerView, items: readonly { verifiable: VerifiableType; state_diffs?: StateDiff[] }[], shard: ShardId): BatchResult {
  if (items.length > BATCH_LENGTH_MAX) throw new LedgerLimitError({ limit: 'BATCH_LENGTH_MAX', value: items.length, max: BATCH_LENGTH_MAX })
  const overlay = new OverlayView(view)
  const transactions: VerifiableWithDiffs[] = []
  const outgoingCredits: StateDiff[] = []
  items.forEach((item, index) => {
    try {
      const verified = checkAuthorization(overlay, item.verifiable, shard)
      let diffs: StateDiff[]
      if (item.state_diffs === undefined) diffs = defaultDiffsOf(verified)
      else {
        checkDiffShape(verified, item.state_diffs)
        diffs = item.state_diffs
      }
      // Stage into a fresh map (touched vaults are cloned) so a failing element changes nothing.
      const staged = new Map<Address, Vault>()
      applyStateDiffsInto(staged, overlay, diffs, shard)
      for (const [address, vault] of staged) overlay.vaults.set(address, vault)
      overlay.nonces.set(verified.signerAddress, verified.content.new_nonce + 1n)
      transactions.push({ verifiable: item.verifiable, state_diffs: diffs })
      for (const diff of diffs) if (parseAddressMemo(diff.address).shard !== shard) outgoingCredits.push(diff)
    } catch (error) {
      if (isVerityError(error)) throw atIndex(error, index)
      throw error
    }
  })
  return { transactions, vaults: overlay.vaults, nonces: overlay.nonces, outgoingCredits }
}
