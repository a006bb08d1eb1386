// Runs a synchronous ledger computation over state read from the async store: prefetch a guess,
// run, and when the run read something not prefetched, fetch it and run again. Only a run
// without misses counts (its result or its error), so the outcome is exactly what a run over the
// whole store would give.
import assert from 'node:assert'
import type { Vault } from '@verity/ledger'
import type { DomainStore } from '../store/DomainStore.ts'
import { PrefetchedView } from './PrefetchedView.ts'

/** Each round fetches at least one new address; a batch reads a bounded set, so few rounds are needed. */
export const PREFETCH_ROUNDS_MAX = 64

export async function runWithPrefetch<T>(store: DomainStore, guess: Iterable<string>, run: (view: PrefetchedView<Vault>) => T): Promise<T> {
  const fetched = new Set<string>()
  const vaults = new Map<string, Vault>()
  const nonces = new Map<string, bigint>()
  const fetch = async (addresses: string[]): Promise<void> => {
    const fresh = addresses.filter((address) => !fetched.has(address))
    const [foundVaults, foundNonces] = await Promise.all([store.readVaults(fresh), store.readNonces(fresh)])
    for (const [address, vault] of foundVaults) vaults.set(address, vault as Vault)
    for (const [address, nonce] of foundNonces) nonces.set(address, nonce)
    for (const address of fresh) fetched.add(address)
  }
  await fetch([...guess])
  for (let round = 0; round < PREFETCH_ROUNDS_MAX; round++) {
    const view = new PrefetchedView<Vault>(fetched, vaults, nonces)
    let result: { ok: true; value: T } | { ok: false; error: unknown }
    try {
      result = { ok: true, value: run(view) }
    } catch (error) {
      result = { ok: false, error }
    }
    if (view.misses.size === 0) {
      if (!result.ok) throw result.error
      return result.value
    }
    await fetch([...view.misses])
  }
  assert.fail(`a batch kept reading new vaults after ${PREFETCH_ROUNDS_MAX} rounds`)
}
