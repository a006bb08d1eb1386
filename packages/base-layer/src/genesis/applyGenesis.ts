import type { BaseLayerStore } from '../store/BaseLayerStore.ts'
import type { Genesis } from './Genesis.ts'

/**
 * Funds the genesis accounts a store does not have yet. Accounts already in the store keep their
 * balance and nonce, so restarting a node with its genesis file changes nothing, and a genesis file
 * that gains an account funds only the new one. Returns the number of accounts funded.
 */
export function applyGenesis(store: BaseLayerStore, genesis: Genesis): number {
  return store.transaction(() => {
    let funded = 0
    for (const { ownerId, balance } of genesis.accounts) {
      if (store.getAccount(ownerId) !== undefined) continue
      store.putAccount({ ownerId, balance, nonceLast: 0n })
      funded += 1
    }
    return funded
  })
}
