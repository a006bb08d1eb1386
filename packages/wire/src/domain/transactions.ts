// The signed transaction primitives of the domain (reference/delta-notes.md §2) as POST
// /intents/execute and /intents/submit take them. Bounds are the ledger's (@verity/ledger limits):
// the schema refuses what the ledger would refuse, before any signature is checked.
import { limits } from '@verity/ledger'
import { Type, type TSchema } from 'typebox'
import { Address, TokenId } from '../encodings.ts'
import { U64 } from '../integers.ts'
import { Signature } from '../Signature.ts'

const closed = { additionalProperties: false } as const
/** A metadata string: at most `bytesMax` UTF-8 bytes, so at most that many characters (the ledger counts the bytes). */
const Text = (bytesMax: number) => Type.String({ maxLength: bytesMax })
const Name = Text(limits.METADATA_NAME_BYTES_MAX)

export const NftMetadata = Type.Object(
  {
    name: Name,
    description: Text(limits.METADATA_DESCRIPTION_BYTES_MAX),
    attributes: Type.Optional(
      Type.Record(Text(limits.METADATA_ATTRIBUTE_BYTES_MAX), Text(limits.METADATA_ATTRIBUTE_BYTES_MAX), { maxProperties: limits.METADATA_ATTRIBUTES_MAX }),
    ),
  },
  closed,
)
export const TokenMetadata = Type.Object({ name: Name, symbol: Name }, closed)

export const AllowanceAmount = Type.Union([
  Type.Object({ Fungible: U64 }, closed),
  Type.Object({ NonFungible: Type.Array(U64, { maxItems: limits.ALLOWANCE_NFTS_MAX }) }, closed),
])

export const DebitAllowance = Type.Object(
  {
    new_nonce: U64,
    debited_shard: U64,
    credited: Address,
    allowances: Type.Record(TokenId, AllowanceAmount, { maxProperties: limits.ALLOWANCE_TOKENS_MAX }),
  },
  closed,
)

const FungibleCredits = Type.Array(Type.Object({ address: Address, amount: U64 }, closed), { maxItems: limits.MINT_CREDITS_MAX })
export const FungibleMint = Type.Object(
  {
    new_nonce: U64,
    shard: U64,
    operation: Type.Union([
      Type.Object({ Create: Type.Object({ metadata: TokenMetadata, credited: FungibleCredits }, closed) }, closed),
      Type.Object({ IncreaseSupply: Type.Object({ credited: FungibleCredits }, closed) }, closed),
    ]),
  },
  closed,
)

const Nft = Type.Object({ id: U64, metadata: NftMetadata }, closed)
const NftCredits = Type.Array(Type.Object({ address: Address, nfts: Type.Array(Nft, { maxItems: limits.MINT_NFTS_MAX }) }, closed), {
  maxItems: limits.MINT_CREDITS_MAX,
})
export const NftMint = Type.Object(
  {
    new_nonce: U64,
    shard: U64,
    operation: Type.Union([
      Type.Object({ Create: Type.Object({ collection: NftMetadata, credited: NftCredits }, closed) }, closed),
      Type.Object({ IncreaseSupply: Type.Object({ credited: NftCredits }, closed) }, closed),
    ]),
  },
  closed,
)

/**
 * A payment a proven intent authorizes (docs/domain.md, "Mandate payments"): no signature; the
 * proof bundle of a succeeded intent of a payable template is the authorization. The other
 * fields restate what the bundle proves, and each must match it.
 */
export const MandatePayment = Type.Object(
  {
    debited: Address,
    credited: Address,
    token: TokenId,
    amount: U64,
    proof_bundle: Type.Record(Type.String(), Type.Unknown(), {
      description: `GET /proofs/{intent_id} of the authorizing intent (ProofBundle), at most ${limits.MANDATE_BUNDLE_BYTES_MAX} bytes as canonical JSON`,
    }),
  },
  closed,
)

/** `{payload: {content, auxiliary}, signature}`: the signature is over UTF-8 of JCS(payload). */
function Signed<Content extends TSchema>(content: Content) {
  return Type.Object(
    {
      payload: Type.Object(
        {
          content,
          auxiliary: Type.Array(Type.Integer({ minimum: 0, maximum: 255 }), { maxItems: limits.AUXILIARY_BYTES_MAX, description: 'arbitrary bytes, signed' }),
        },
        closed,
      ),
      signature: Signature,
    },
    closed,
  )
}

/** A signed transaction primitive. */
export const VerifiableType = Type.Union(
  [
    Type.Object({ DebitAllowance: Signed(DebitAllowance) }, closed),
    Type.Object({ FungibleTokenMint: Signed(FungibleMint) }, closed),
    Type.Object({ NftMint: Signed(NftMint) }, closed),
    Type.Object({ MandatePayment }, closed),
  ],
  { description: 'a signed transaction primitive' },
)
