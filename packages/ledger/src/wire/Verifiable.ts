/**
 * Signed user-level primitives (reference/delta-notes.md §2.3–2.4). The signed bytes are the
 * UTF-8 bytes of JCS(`payload`) (DESIGN §3).
 */
import type { Signature } from '@verity/core'
import type { Address, Nft, NftId, NftMetadata, FungibleMetadata, ShardId, TokenId } from './Vault.ts'

export type SignedMessage<Content> = {
  payload: {
    content: Content
    /** arbitrary domain-defined bytes (0–255 each), covered by the signature */
    auxiliary: number[]
  }
  signature: Signature
}

export type VerifiableType =
  | { DebitAllowance: SignedMessage<DebitAllowance> }
  | { FungibleTokenMint: SignedMessage<FungibleMint> }
  | { NftMint: SignedMessage<NftMint> }

/** The tag of a `VerifiableType`. */
export type VerifiableKind = 'DebitAllowance' | 'FungibleTokenMint' | 'NftMint'

export type AllowanceAmount = { Fungible: bigint } | { NonFungible: NftId[] }

export type DebitAllowance = {
  new_nonce: bigint
  debited_shard: ShardId
  credited: Address
  allowances: Record<TokenId, AllowanceAmount>
}

export type FungibleCredit = { address: Address; amount: bigint }

export type FungibleOperation =
  | { Create: { metadata: FungibleMetadata; credited: FungibleCredit[] } }
  | { IncreaseSupply: { credited: FungibleCredit[] } }

export type FungibleMint = { new_nonce: bigint; shard: ShardId; operation: FungibleOperation }

export type NftCredit = { address: Address; nfts: Nft[] }

export type NftOperation =
  | { Create: { collection: NftMetadata; credited: NftCredit[] } }
  | { IncreaseSupply: { credited: NftCredit[] } }

export type NftMint = { new_nonce: bigint; shard: ShardId; operation: NftOperation }
