import { formatAddress, type HashDigest } from '@verity/core'
import type { Address, ShardId, Vault } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'
import type { BatchResult } from './executeBatch.ts'

/**
 * An in-memory shard state: a LedgerView that commits BatchResults. For tests, tools and the
 * base layer's bookkeeping; the domain keeps the same data in SQLite.
 */
export class MemoryLedger implements LedgerView {
  readonly vaults = new Map<Address, Vault>()
  readonly nonces = new Map<Address, bigint>()

  getVault(address: Address): Vault | undefined {
    return this.vaults.get(address)
  }

  nextNonce(ownerId: HashDigest, shard: ShardId): bigint {
    return this.nonces.get(formatAddress(ownerId, shard)) ?? 1n
  }

  /** Stores a batch's changed vaults and nonces. */
  commit(result: Pick<BatchResult, 'vaults' | 'nonces'>): void {
    for (const [address, vault] of result.vaults) this.vaults.set(address, structuredClone(vault))
    for (const [address, nonce] of result.nonces) this.nonces.set(address, nonce)
  }
}
