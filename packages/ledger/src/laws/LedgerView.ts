import type { Address, ShardId, Vault } from '../wire/Vault.ts'
import type { HashDigest } from '@verity/core'

/**
 * What the laws read of a shard's state. The domain implements it over its store; executeBatch
 * layers its in-memory changes on top.
 */
export interface LedgerView {
  /** The vault at `address`, or undefined if it was never created. */
  getVault(address: Address): Vault | undefined
  /** The next nonce the vault of `ownerId` on `shard` accepts (1 for a vault never seen). */
  nextNonce(ownerId: HashDigest, shard: ShardId): bigint
}
