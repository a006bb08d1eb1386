// A deep copy of a vault, which is plain data (objects, arrays, strings, numbers, bigints, null).
// Cheaper than structuredClone, which goes through V8's serializer; the result is the same for
// plain data, own keys in the same order, including a key named "__proto__" (kept as a key). A
// holder's vault (the one every transfer touches) is copied by its known shape, object spreads
// (which define own keys, "__proto__" included); mint vaults, rarer, go through the generic copy.
import type { TokenHoldings, Vault } from '../wire/Vault.ts'

/** A copy of `vault` sharing nothing with it, so the copy can be changed freely. */
export function cloneVault(vault: Vault): Vault {
  const data = vault.data
  if (data === null || data === undefined) return { ...vault }
  if ('TokenHoldings' in data && Object.keys(data).length === 1) return { ...vault, data: { TokenHoldings: cloneHoldings(data.TokenHoldings) } }
  return clonePlain(vault)
}

function cloneHoldings(holdings: TokenHoldings): TokenHoldings {
  const nfts: Record<string, bigint[]> = { ...holdings.nfts }
  for (const collection of Object.keys(nfts)) nfts[collection] = [...nfts[collection]!]
  return { ...holdings, fungibles: { ...holdings.fungibles }, nfts }
}

function clonePlain<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(clonePlain) as T
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const inner = clonePlain((value as Record<string, unknown>)[key])
    if (key === '__proto__') Object.defineProperty(copy, key, { value: inner, enumerable: true, writable: true, configurable: true })
    else copy[key] = inner
  }
  return copy as T
}
