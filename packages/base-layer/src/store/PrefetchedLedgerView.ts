import { formatAddress, type HashDigest } from '@verity/core'
import type { LedgerView, Vault } from '@verity/ledger'

/**
 * The finalized state as the ledger's (synchronous) laws read it, from vaults and nonces fetched
 * from the store beforehand. A read of an address that was not fetched answers as the empty
 * state would and is noted in `missing`: the caller fetches those and runs the laws again, and
 * trusts only a run with nothing missing.
 */
export class PrefetchedLedgerView implements LedgerView {
  /** addresses read but not fetched: their vaults, then their nonces */
  readonly missing = { vaults: new Set<string>(), nonces: new Set<string>() }

  constructor(
    private readonly fetched: {
      /** the addresses whose vaults were fetched (a fetched address absent from `vaults` has none) */
      vaultAddresses: ReadonlySet<string>
      vaults: ReadonlyMap<string, Vault>
      nonceAddresses: ReadonlySet<string>
      nonces: ReadonlyMap<string, bigint>
    },
  ) {}

  get isComplete(): boolean {
    return this.missing.vaults.size === 0 && this.missing.nonces.size === 0
  }

  getVault(address: string): Vault | undefined {
    if (!this.fetched.vaultAddresses.has(address)) this.missing.vaults.add(address)
    return this.fetched.vaults.get(address)
  }

  nextNonce(ownerId: HashDigest, shard: number): bigint {
    const address = formatAddress(ownerId, shard)
    if (!this.fetched.nonceAddresses.has(address)) this.missing.nonces.add(address)
    return this.fetched.nonces.get(address) ?? 1n
  }
}
