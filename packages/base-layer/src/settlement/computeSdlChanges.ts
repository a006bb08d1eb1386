import { isVerityError, parseAddress, type HashDigest } from '@verity/core'
import { applyStateDiffs, checkSdlContent, limits, OverlayView, submitBatch, type SdlContent, type StateDiff, type Vault } from '@verity/ledger'
import { SdlStateInvalidError, SdlTransactionInvalidError } from '../errors/settlementErrors.ts'
import type { BaseLayerStore, CreditRecord } from '../store/BaseLayerStore.ts'
import { StoreLedgerView } from '../store/StoreLedgerView.ts'

/** What settling an SDL writes: this shard's vaults and nonces, and credits for other shards. */
export type SdlChanges = {
  vaults: Map<string, Vault>
  nonces: Map<string, bigint>
  outgoingCredits: Omit<CreditRecord, 'id'>[]
  /** slot keys of the shard's state tree this SDL allocates, in order */
  newSlotKeys: bigint[]
}

/**
 * Re-checks the SDL natively against the finalized view, in the order its proof does (incoming
 * credits, then each transaction): every signature, shard, nonce and diff (checkSdlContent and the
 * ledger's batch laws), and computes the finalized state after it. Nothing is written here.
 * Throws `SdlTransactionInvalidError` (with the transaction's index) or `SdlStateInvalidError`.
 */
export function computeSdlChanges(store: BaseLayerStore, content: SdlContent, hash: HashDigest): SdlChanges {
  try {
    checkSdlContent(content)
  } catch (error) {
    if (isVerityError(error) && error.index !== undefined) throw new SdlTransactionInvalidError({ index: error.index, reason: error.message })
    if (isVerityError(error)) throw new SdlStateInvalidError({ reason: error.message }, { cause: error })
    throw error
  }
  const overlay = new OverlayView(new StoreLedgerView(store))
  try {
    for (const [address, vault] of applyStateDiffs(overlay, content.incoming_credits.credits, content.shard)) overlay.vaults.set(address, vault)
  } catch (error) {
    if (isVerityError(error)) throw new SdlStateInvalidError({ reason: `incoming credits: ${error.message}` }, { cause: error })
    throw error
  }
  // The ledger bounds one batch; an SDL may hold more transactions, so run them in batches over
  // the same overlay (later batches see earlier effects), keeping each transaction's own index.
  const outgoing: StateDiff[] = []
  for (let offset = 0; offset < content.transactions.length; offset += limits.BATCH_LENGTH_MAX) {
    const chunk = content.transactions.slice(offset, offset + limits.BATCH_LENGTH_MAX)
    try {
      const batch = submitBatch(overlay, chunk, content.shard)
      for (const [address, vault] of batch.vaults) overlay.vaults.set(address, vault)
      for (const [address, nonce] of batch.nonces) overlay.nonces.set(address, nonce)
      outgoing.push(...batch.outgoingCredits)
    } catch (error) {
      if (isVerityError(error) && error.index !== undefined) throw new SdlTransactionInvalidError({ index: offset + error.index, reason: error.message })
      if (isVerityError(error)) throw new SdlStateInvalidError({ reason: error.message }, { cause: error })
      throw error
    }
  }
  return {
    vaults: overlay.vaults,
    nonces: overlay.nonces,
    outgoingCredits: outgoing.map((stateDiff) => ({
      shard: parseAddress(stateDiff.address).shard,
      sourceShard: content.shard,
      sourceSdlHash: hash,
      stateDiff,
    })),
    newSlotKeys: [],
  }
}
