// The ledger reads state synchronously (LedgerView), our store is async. So a batch runs over
// vaults and nonces fetched beforehand; a read of anything not fetched answers "absent" and is
// recorded as a miss. The executor then fetches the misses and runs the batch again, and only a
// run without misses counts (see runWithPrefetch.ts).
import { formatAddress, type HashDigest } from '@verity/core'

export class PrefetchedView<Vault> {
  readonly misses = new Set<string>()
  readonly #vaults: Map<string, Vault>
  readonly #nonces: Map<string, bigint>
  readonly #fetched: Set<string>

  constructor(fetched: Set<string>, vaults: Map<string, Vault>, nonces: Map<string, bigint>) {
    this.#fetched = fetched
    this.#vaults = vaults
    this.#nonces = nonces
  }

  getVault(address: string): Vault | undefined {
    if (!this.#fetched.has(address)) {
      this.misses.add(address)
      return undefined
    }
    return this.#vaults.get(address)
  }

  nextNonce(ownerId: HashDigest, shard: number): bigint {
    const address = formatAddress(ownerId, shard)
    if (!this.#fetched.has(address)) {
      this.misses.add(address)
      return 1n
    }
    return this.#nonces.get(address) ?? 1n
  }
}
