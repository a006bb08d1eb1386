// TypeBox schemas of the wire types of reference/delta-notes.md §2. They validate request
// bodies (ajv, with the `u64`/`i64` keywords of integerKeywords.ts, since bodies are parsed with
// parseJsonBigint and large integers arrive as bigint) and generate /openapi.json.
import { Type, type TSchema } from 'typebox'
import {
  ALLOWANCE_TOKENS_MAX,
  AUXILIARY_BYTES_MAX,
  METADATA_ATTRIBUTES_MAX,
  METADATA_STRING_CHARS_MAX,
  MINT_CREDITS_MAX,
  NFT_IDS_PER_ALLOWANCE_MAX,
  NFTS_PER_CREDIT_MAX,
} from '../limits.ts'

/** An unsigned 64-bit integer (a JSON number; bigint inside). */
export const U64 = Type.Unsafe<bigint | number>({ u64: true, description: 'unsigned 64-bit integer' })
/** A signed 64-bit integer (a JSON number; bigint inside). */
export const I64 = Type.Unsafe<bigint | number>({ i64: true, description: 'signed 64-bit integer' })

const B58 = (description: string): TSchema => Type.String({ minLength: 1, maxLength: 512, pattern: '^[1-9A-HJ-NP-Za-km-z]+$', description })

export const OwnerIdSchema = Type.String({
  minLength: 32,
  maxLength: 44,
  pattern: '^[1-9A-HJ-NP-Za-km-z]+$',
  description: 'owner id: base58 of a 32-byte SHA-256 digest',
})
export const HashDigestSchema = Type.String({
  minLength: 32,
  maxLength: 44,
  pattern: '^[1-9A-HJ-NP-Za-km-z]+$',
  description: 'base58 of a 32-byte SHA-256 digest',
})
export const AddressSchema = Type.String({
  minLength: 34,
  maxLength: 64,
  pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44},[1-9][0-9]{0,19}$',
  description: 'address "<owner_id>,<shard>"',
})
export const TokenIdSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'token id: "native" or the address of the mint vault',
})
const NftIdKey = '^[0-9]{1,20}$'

const Ed25519Sig = Type.Object(
  { Ed25519: Type.Object({ pub_key: B58('32-byte Ed25519 public key'), signature: B58('64-byte signature') }, { additionalProperties: false }) },
  { additionalProperties: false },
)
const PasskeySig = Type.Object(
  {
    Passkey: Type.Object(
      {
        pub_key: B58('SEC1 P-256 public key'),
        signature: B58('DER or r‖s ECDSA signature'),
        client_data: Type.String({ maxLength: 4_096, description: 'exact clientDataJSON' }),
        authenticator_data: B58('WebAuthn authenticator data'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
const MultisigSig = Type.Object(
  {
    Multisig: Type.Object(
      {
        pub_key: Type.Object(
          {
            signers: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), { maxProperties: 32 }),
            threshold: Type.Integer({ minimum: 1 }),
          },
          { additionalProperties: false },
        ),
        signatures: Type.Array(Type.Union([Ed25519Sig, PasskeySig]), { maxItems: 32 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export const SignatureSchema = Type.Union([Ed25519Sig, PasskeySig, MultisigSig], { description: 'exactly one scheme key' })

const Str = Type.String({ maxLength: METADATA_STRING_CHARS_MAX })
export const NftMetadataSchema = Type.Object(
  {
    name: Str,
    description: Str,
    attributes: Type.Optional(Type.Record(Type.String({ maxLength: 128 }), Str, { maxProperties: METADATA_ATTRIBUTES_MAX })),
  },
  { additionalProperties: false },
)

export const AllowanceAmountSchema = Type.Union([
  Type.Object({ Fungible: U64 }, { additionalProperties: false }),
  Type.Object({ NonFungible: Type.Array(U64, { maxItems: NFT_IDS_PER_ALLOWANCE_MAX }) }, { additionalProperties: false }),
])

export const DebitAllowanceSchema = Type.Object(
  {
    new_nonce: U64,
    debited_shard: U64,
    credited: AddressSchema,
    allowances: Type.Record(TokenIdSchema, AllowanceAmountSchema, { maxProperties: ALLOWANCE_TOKENS_MAX }),
  },
  { additionalProperties: false },
)

const FungibleCredit = Type.Object({ address: AddressSchema, amount: U64 }, { additionalProperties: false })
const FungibleCredits = Type.Array(FungibleCredit, { maxItems: MINT_CREDITS_MAX })
export const FungibleMintSchema = Type.Object(
  {
    new_nonce: U64,
    shard: U64,
    operation: Type.Union([
      Type.Object(
        {
          Create: Type.Object(
            { metadata: Type.Object({ name: Str, symbol: Str }, { additionalProperties: false }), credited: FungibleCredits },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      Type.Object({ IncreaseSupply: Type.Object({ credited: FungibleCredits }, { additionalProperties: false }) }, { additionalProperties: false }),
    ]),
  },
  { additionalProperties: false },
)

const Nft = Type.Object({ id: U64, metadata: NftMetadataSchema }, { additionalProperties: false })
const NftCredits = Type.Array(
  Type.Object({ address: AddressSchema, nfts: Type.Array(Nft, { maxItems: NFTS_PER_CREDIT_MAX }) }, { additionalProperties: false }),
  { maxItems: MINT_CREDITS_MAX },
)
export const NftMintSchema = Type.Object(
  {
    new_nonce: U64,
    shard: U64,
    operation: Type.Union([
      Type.Object(
        { Create: Type.Object({ collection: NftMetadataSchema, credited: NftCredits }, { additionalProperties: false }) },
        { additionalProperties: false },
      ),
      Type.Object({ IncreaseSupply: Type.Object({ credited: NftCredits }, { additionalProperties: false }) }, { additionalProperties: false }),
    ]),
  },
  { additionalProperties: false },
)

const Signed = (content: TSchema) =>
  Type.Object(
    {
      payload: Type.Object(
        {
          content,
          auxiliary: Type.Array(Type.Integer({ minimum: 0, maximum: 255 }), { maxItems: AUXILIARY_BYTES_MAX, description: 'arbitrary bytes, signed' }),
        },
        { additionalProperties: false },
      ),
      signature: SignatureSchema,
    },
    { additionalProperties: false },
  )

export const VerifiableTypeSchema = Type.Union(
  [
    Type.Object({ DebitAllowance: Signed(DebitAllowanceSchema) }, { additionalProperties: false }),
    Type.Object({ FungibleTokenMint: Signed(FungibleMintSchema) }, { additionalProperties: false }),
    Type.Object({ NftMint: Signed(NftMintSchema) }, { additionalProperties: false }),
  ],
  { description: 'a signed transaction primitive' },
)

const FungibleMintVaultSchema = Type.Object(
  { metadata: Type.Object({ name: Str, symbol: Str }, { additionalProperties: false }), supply: U64 },
  { additionalProperties: false },
)
const NftMintVaultSchema = Type.Object(
  {
    collection: Type.Object(
      { metadata: NftMetadataSchema, supply: Type.Record(Type.String({ pattern: NftIdKey }), NftMetadataSchema) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export const HoldingsDiffSchema = Type.Union([
  Type.Object({ Fungible: I64 }, { additionalProperties: false }),
  Type.Object(
    {
      NonFungible: Type.Object(
        { changes: Type.Record(Type.String({ pattern: NftIdKey }), Type.Union([Type.Literal('Credit'), Type.Literal('Debit')])) },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
])
export const StateDiffSchema = Type.Object(
  {
    address: AddressSchema,
    operation: Type.Union([
      Type.Object({ TokenDiffs: Type.Record(TokenIdSchema, HoldingsDiffSchema, { maxProperties: ALLOWANCE_TOKENS_MAX }) }, { additionalProperties: false }),
      Type.Object(
        { FungibleTokenMint: Type.Union([Type.Object({ Create: FungibleMintVaultSchema }, { additionalProperties: false }), Type.Object({ IncreaseSupply: U64 }, { additionalProperties: false })]) },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          NftMint: Type.Union([
            Type.Object({ Create: NftMintVaultSchema }, { additionalProperties: false }),
            Type.Object({ IncreaseSupply: Type.Record(Type.String({ pattern: NftIdKey }), NftMetadataSchema) }, { additionalProperties: false }),
          ]),
        },
        { additionalProperties: false },
      ),
    ]),
  },
  { additionalProperties: false },
)
export const VerifiableWithDiffsSchema = Type.Object(
  { verifiable: VerifiableTypeSchema, state_diffs: Type.Array(StateDiffSchema, { maxItems: 2 * MINT_CREDITS_MAX + 2 }) },
  { additionalProperties: false },
)

export const VaultSchema = Type.Object(
  {
    balance: U64,
    shard: U64,
    data: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object(
          {
            TokenHoldings: Type.Object(
              {
                fungibles: Type.Record(TokenIdSchema, U64),
                nfts: Type.Record(TokenIdSchema, Type.Array(U64)),
              },
              { additionalProperties: false },
            ),
          },
          { additionalProperties: false },
        ),
        Type.Object({ FungibleTokenMint: FungibleMintVaultSchema }, { additionalProperties: false }),
        Type.Object({ NftMint: NftMintVaultSchema }, { additionalProperties: false }),
      ]),
    ),
  },
  { description: 'a vault as this domain sees it locally' },
)

export const SdlStateSchema = Type.Union(
  [
    Type.Literal('Submitted'),
    Type.Literal('Proving'),
    Type.Literal('Proven'),
    Type.Literal('ProofSubmitted'),
    Type.Literal('BaseLayerApplied'),
    Type.Literal('BaseLayerFailed'),
    Type.Object({ ProvingFailed: Type.String() }, { additionalProperties: false }),
  ],
  { description: 'SdlState' },
)

export const ErrorBodySchema = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String({ description: 'stable error code (docs/domain.md)' })),
  index: Type.Optional(Type.Integer({ description: 'the offending element of the batch' })),
  constraint: Type.Optional(
    Type.Object(
      { guardrail: Type.String(), index: Type.Integer(), pretty_expr: Type.String(), reason: Type.String() },
      { description: 'GUARDRAIL_REJECTED: the failing constraint (index -1 when the evidence did not fit the template)' },
    ),
  ),
})
