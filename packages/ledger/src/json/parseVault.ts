import type { FungibleMintVault, NftMintVault, TokenHoldings, Vault, VaultDataType } from '../wire/Vault.ts'
import { U64_MAX } from '../limits.ts'
import { parseFungibleMetadata, parseNftMetadata } from './parseMetadata.ts'
import { fail, readArray, readNftIdKey, readObject, readShard, readTagged, readAddress, readU64 } from './readJson.ts'
import { STATE_SLOTS_MAX } from '../limits.ts'

/**
 * Parses a stored or received `Vault`. Vault maps are bounded only by the shard's slot count,
 * since a vault may legitimately hold many tokens.
 */
export function parseVault(json: unknown, field = 'vault'): Vault {
  const record = readObject(json, field, ['balance', 'shard'], ['data'])
  const vault: Vault = { balance: readU64(record.balance, `${field}.balance`), shard: readShard(record.shard, `${field}.shard`) }
  if (record.data !== undefined) vault.data = record.data === null ? null : parseVaultData(record.data, `${field}.data`)
  return vault
}

function parseVaultData(value: unknown, field: string): VaultDataType {
  const [kind, body] = readTagged(value, field, ['TokenHoldings', 'FungibleTokenMint', 'NftMint'] as const)
  if (kind === 'TokenHoldings') return { TokenHoldings: parseTokenHoldings(body, `${field}.TokenHoldings`) }
  if (kind === 'FungibleTokenMint') return { FungibleTokenMint: parseFungibleMintVault(body, `${field}.FungibleTokenMint`) }
  return { NftMint: parseNftMintVault(body, `${field}.NftMint`) }
}

function parseTokenHoldings(value: unknown, field: string): TokenHoldings {
  const record = readObject(value, field, ['fungibles', 'nfts'])
  const fungiblesJson = readObject(record.fungibles, `${field}.fungibles`, [], Object.keys(record.fungibles ?? {}))
  const nftsJson = readObject(record.nfts, `${field}.nfts`, [], Object.keys(record.nfts ?? {}))
  const holdings: TokenHoldings = { fungibles: {}, nfts: {} }
  for (const token of Object.keys(fungiblesJson))
    holdings.fungibles[readAddress(token, `${field}.fungibles key`)] = readU64(fungiblesJson[token], `${field}.fungibles[${JSON.stringify(token)}]`, U64_MAX)
  for (const token of Object.keys(nftsJson)) {
    const ids = readArray(nftsJson[token], `${field}.nfts[${JSON.stringify(token)}]`, STATE_SLOTS_MAX, 'STATE_SLOTS_MAX').map((id, i) =>
      readU64(id, `${field}.nfts[${JSON.stringify(token)}][${i}]`),
    )
    holdings.nfts[readAddress(token, `${field}.nfts key`)] = ids
  }
  return holdings
}

export function parseFungibleMintVault(value: unknown, field: string): FungibleMintVault {
  const record = readObject(value, field, ['metadata', 'supply'])
  return { metadata: parseFungibleMetadata(record.metadata, `${field}.metadata`), supply: readU64(record.supply, `${field}.supply`, U64_MAX) }
}

export function parseNftMintVault(value: unknown, field: string): NftMintVault {
  const record = readObject(value, field, ['collection'])
  const collection = readObject(record.collection, `${field}.collection`, ['metadata', 'supply'])
  const supplyJson = readObject(collection.supply, `${field}.collection.supply`, [], Object.keys(collection.supply ?? {}))
  const supply: NftMintVault['collection']['supply'] = {}
  for (const id of Object.keys(supplyJson)) {
    readNftIdKey(id, `${field}.collection.supply`)
    supply[id] = parseNftMetadata(supplyJson[id], `${field}.collection.supply.${id}`)
  }
  if (Object.keys(supply).length > STATE_SLOTS_MAX) fail(`${field}.collection.supply`, 'more NFTs than the shard can hold')
  return { collection: { metadata: parseNftMetadata(collection.metadata, `${field}.collection.metadata`), supply } }
}
