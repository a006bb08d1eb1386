// A read cache of committed vaults and nonces, kept by a store in front of its own tables, so that
// the hot vaults of a busy shard are not queried and JSON-decoded again for every batch. An entry
// comes only from a read of committed rows or from one of the store's own commits after it
// returned; a failed commit, or a commit by another connection, empties it. So a read it serves is
// exactly what the database holds. Cached vaults are frozen: every reader shares them, and the
// ledger copies a vault before changing it.
import assert from 'node:assert'
import { STATE_CACHE_ENTRIES_MAX } from '../limits.ts'

/** A cached "there is no such row": the vault was never created, or the next nonce is 1. */
const ABSENT = Symbol('absent')

type Read<T> = (addresses: readonly string[]) => Map<string, T>

export class CommittedStateCache {
  readonly #vaults = new Map<string, unknown>()
  readonly #nonces = new Map<string, bigint | typeof ABSENT>()
  readonly #entriesMax: number

  constructor(entriesMax = STATE_CACHE_ENTRIES_MAX) {
    assert(Number.isInteger(entriesMax) && entriesMax >= 0, 'entriesMax is an integer ≥ 0')
    this.#entriesMax = entriesMax
  }

  /** Vaults by address, from the cache or else from `readRows` (committed rows), which fill it. */
  readVaults(addresses: readonly string[], readRows: Read<unknown>): Map<string, unknown> {
    return readThrough(this.#vaults, addresses, readRows, this.#entriesMax, deepFreeze)
  }

  /** Next nonces by address (absent: never signed), from the cache or else from `readRows`. */
  readNonces(addresses: readonly string[], readRows: Read<bigint>): Map<string, bigint> {
    return readThrough(this.#nonces, addresses, readRows, this.#entriesMax, (nonce) => nonce) as Map<string, bigint>
  }

  /** Records what a commit wrote; call only once the commit has returned (is durable). */
  committed(vaults: ReadonlyMap<string, unknown>, nonces: ReadonlyMap<string, bigint>): void {
    for (const [address, vault] of vaults) put(this.#vaults, address, deepFreeze(vault), this.#entriesMax)
    for (const [address, nonce] of nonces) put(this.#nonces, address, nonce, this.#entriesMax)
  }

  /** Forgets everything (a commit failed, or another connection wrote). */
  clear(): void {
    this.#vaults.clear()
    this.#nonces.clear()
  }
}

function readThrough<T>(cache: Map<string, T | typeof ABSENT>, addresses: readonly string[], readRows: Read<T>, entriesMax: number, keep: (value: T) => T): Map<string, T> {
  const found = new Map<string, T>()
  const missing: string[] = []
  for (const address of addresses) {
    const cached = cache.get(address)
    if (cached === undefined) missing.push(address)
    else if (cached !== ABSENT) found.set(address, cached)
  }
  if (missing.length === 0) return found
  const rows = readRows([...new Set(missing)])
  for (const address of new Set(missing)) {
    const row = rows.get(address)
    if (row === undefined) {
      put(cache, address, ABSENT, entriesMax)
      continue
    }
    const kept = keep(row)
    put(cache, address, kept, entriesMax)
    found.set(address, kept)
  }
  return found
}

/** Sets `key` as the newest entry, dropping the oldest beyond `entriesMax`; returns `value`. */
function put<V>(cache: Map<string, V>, key: string, value: V, entriesMax: number): V {
  cache.delete(key)
  if (entriesMax === 0) return value
  if (cache.size >= entriesMax) cache.delete(cache.keys().next().value as string)
  cache.set(key, value)
  return value
}

/** Freezes a stored JSON value (objects and arrays, all the way down) and returns it. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  for (const inner of Object.values(value)) deepFreeze(inner)
  return Object.freeze(value)
}
