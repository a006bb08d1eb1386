/** State diffs (reference/delta-notes.md §2.7). i64 deltas are `bigint` in memory. */
import type { VerifiableType } from './Verifiable.ts'
import type { Address, FungibleMintVault, NftMetadata, NftMintVault, TokenId } from './Vault.ts'

export type NftChange = 'Credit' | 'Debit'

export type HoldingsDiff =
  | { Fungible: bigint }
  /** `changes`: NFT id (decimal string key) → Credit | Debit */
  | { NonFungible: { changes: Record<string, NftChange> } }

export type FungibleMintOperation = { Create: FungibleMintVault } | { IncreaseSupply: bigint }

export type NftMintOperation = { Create: NftMintVault } | { IncreaseSupply: Record<string, NftMetadata> }

export type StateDiffOperation =
  | { TokenDiffs: Record<TokenId, HoldingsDiff> }
  | { FungibleTokenMint: FungibleMintOperation }
  | { NftMint: NftMintOperation }

export type StateDiff = { address: Address; operation: StateDiffOperation }

export type VerifiableWithDiffs = { verifiable: VerifiableType; state_diffs: StateDiff[] }
