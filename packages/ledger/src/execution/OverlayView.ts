import { formatAddress, type HashDigest } from '@verity/core'
import type { Address, ShardId, Vault } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'

/**
 * A LedgerView with in-memory changes layered over another view: what a batch has done so far.
 * Nothing reaches the base view; the caller commits `vaults` and `nonces` when the batch passes.
 */
export class OverlayView implements LedgerView {
  /** changed vaults, by address */
  readonly vaults = new Map<Address, Vault>()
  /** next nonce of each vault that signed in this batch, by address */
  readonly nonces = new Map<Address, bigint>()

  constructor(private readonly base: LedgerView) {}

  getVault(address: Address): Vault | undefined {
    return this.vaults.get(address) ?? this.base.getVault(address)
  }

  nextNonce(ownerId: HashDigest, shard: ShardId): bigint {
    return this.nonces.get(formatAddress(ownerId, shard)) ?? this.base.nextNonce(ownerId, shard)
  }
}
