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
  | { MandatePayment: MandatePayment }

/** The tag of a `VerifiableType`. */
export type VerifiableKind = 'DebitAllowance' | 'FungibleTokenMint' | 'NftMint' | 'MandatePayment'

/** A `VerifiableType` with a signature: every kind but `MandatePayment`. */
export type SignedVerifiableType = Exclude<VerifiableType, { MandatePayment: MandatePayment }>

/** The tag of a signed `VerifiableType` (every kind but `MandatePayment`, which a proof authorizes). */
export type SignedVerifiableKind = Exclude<VerifiableKind, 'MandatePayment'>

/**
 * A payment a proven intent authorizes (our extension, docs/domain.md "Mandate payments"): no
 * signature of its own; the proof bundle of a succeeded intent of a payable template is the
 * authorization. `debited`, `credited`, `token` and `amount` restate what the bundle proves (the
 * intent signer's vault on this shard, `evidence.payee`, `intent.payment_token`,
 * `evidence.price_cents`), so the transaction reads on its own and each mismatch is refused by name.
 */
export type MandatePayment = {
  debited: Address
  credited: Address
  token: TokenId
  amount: bigint
  /** GET /proofs/{intent_id} of the authorizing intent, as plain JSON */
  proof_bundle: Record<string, unknown>
}

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
