import { formatAddress, type HashDigest } from '@verity/core'
import type { LedgerView, Vault } from '@verity/ledger'
import type { BaseLayerStore } from './BaseLayerStore.ts'

/** The finalized state of the store as the ledger's laws read it. */
export class StoreLedgerView implements LedgerView {
  constructor(private readonly store: BaseLayerStore) {}

  getVault(address: string): Vault | undefined {
    return this.store.getVault(address)
  }

  nextNonce(ownerId: HashDigest, shard: number): bigint {
    return this.store.getNextNonce(formatAddress(ownerId, shard)) ?? 1n
  }
}
