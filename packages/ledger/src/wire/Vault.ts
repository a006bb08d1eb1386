/**
 * Vault wire types (reference/delta-notes.md §2.1). u64 values are `bigint` in memory and JSON
 * integers on the wire; see `vaultToJson` / `parseVault`.
 */

/** `"<owner_id>,<shard>"` (DESIGN §5). */
export type Address = string

/** The address of a token's mint vault, or `"native"` for the native token. */
export type TokenId = string

/** Shard ids are integers ≥ 1. */
export type ShardId = number

/** An NFT id inside a collection (u64). */
export type NftId = bigint

export type Vault = {
  /** native token balance, in plancks (u64) */
  balance: bigint
  shard: ShardId
  /** absent or null for a vault that only ever held the native token */
  data?: VaultDataType | null
}

export type VaultDataType =
  | { TokenHoldings: TokenHoldings }
  | { FungibleTokenMint: FungibleMintVault }
  | { NftMint: NftMintVault }

export type TokenHoldings = {
  /** token id → balance (u64); never contains the native token */
  fungibles: Record<TokenId, bigint>
  /** collection id → NFT ids held, ascending, no duplicates */
  nfts: Record<TokenId, NftId[]>
}

export type FungibleMetadata = { name: string; symbol: string }

export type FungibleMintVault = { metadata: FungibleMetadata; supply: bigint }

export type NftMetadata = { name: string; description: string; attributes?: Record<string, string> }

export type NftMintVault = {
  collection: {
    metadata: NftMetadata
    /** NFT id (decimal string key) → metadata, every NFT ever minted in the collection */
    supply: Record<string, NftMetadata>
  }
}

export type Nft = { id: NftId; metadata: NftMetadata }
