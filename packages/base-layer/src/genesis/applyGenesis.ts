import type { BaseLayerStore } from '../store/BaseLayerStore.ts'
import type { Genesis } from './Genesis.ts'

/**
 * Funds the genesis accounts a store does not have yet. Accounts already in the store keep their
 * balance and nonce, so restarting a node with its genesis file changes nothing, and a genesis file
 * that gains an account funds only the new one. Returns the number of accounts funded.
 */
export function applyGenesis(store: BaseLayerStore, genesis: Genesis): Promise<number> {
  return store.transaction(async (tx) => {
    let funded = 0
    for (const { ownerId, balance } of genesis.accounts) {
      if ((await tx.getAccount(ownerId)) !== undefined) continue
      await tx.putAccount({ ownerId, balance, nonceLast: 0n })
      funded += 1
    }
    return funded
  })
}
