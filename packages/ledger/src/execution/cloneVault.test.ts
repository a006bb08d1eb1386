import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cloneVault } from './cloneVault.ts'
import type { Vault } from '../wire/Vault.ts'

test('cloneVault copies every level (as structuredClone does), keeps key order and a "__proto__" key as a key', () => {
  const attributes = JSON.parse('{"__proto__":"x","b":"y"}') as Record<string, string>
  const vaults: Vault[] = [
    { balance: 3n, shard: 1, data: null },
    { balance: 0n, shard: 2, data: { TokenHoldings: { fungibles: { z: 1n, a: 2n }, nfts: { c: [1n, 5n] } } } },
    { balance: 0n, shard: 2, data: { TokenHoldings: { fungibles: JSON.parse('{"__proto__":"1"}') as Record<string, bigint>, nfts: JSON.parse('{"__proto__":[]}') as Record<string, bigint[]> } } },
    { balance: 0n, shard: 2, data: { FungibleTokenMint: { metadata: { name: 'T', symbol: 'T' }, supply: 10n } } },
    { balance: 0n, shard: 2, data: { NftMint: { collection: { metadata: { name: 'N', description: '' }, supply: { '1': { name: 'a', description: 'b', attributes } } } } } },
  ]
  for (const vault of vaults) {
    const copy = cloneVault(vault)
    assert.deepEqual(copy, structuredClone(vault))
    assert.deepEqual(JSON.stringify(copy, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}` : v)), JSON.stringify(vault, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}` : v)))
  }
  const tricky = cloneVault(vaults[2]!)
  const trickyHoldings = (tricky.data as { TokenHoldings: { fungibles: object; nfts: object } }).TokenHoldings
  assert.deepEqual(Object.keys(trickyHoldings.fungibles), ['__proto__'])
  assert.equal(Object.getPrototypeOf(trickyHoldings.nfts), Object.prototype)
  const holdings = vaults[1]!
  const copy = cloneVault(holdings)
  if (copy.data && 'TokenHoldings' in copy.data) {
    copy.data.TokenHoldings.fungibles.z = 9n
    copy.data.TokenHoldings.nfts.c!.push(7n)
  }
  assert.deepEqual(holdings.data, { TokenHoldings: { fungibles: { z: 1n, a: 2n }, nfts: { c: [1n, 5n] } } }, 'the original is untouched')
  const nft = cloneVault(vaults[4]!)
  const copied = (nft.data as { NftMint: { collection: { supply: Record<string, { attributes: Record<string, string> }> } } }).NftMint.collection.supply['1']!.attributes
  assert.deepEqual(Object.keys(copied), ['__proto__', 'b'])
  assert.equal(Object.getPrototypeOf(copied), Object.prototype)
})
