import { limits } from '@verity/ledger'
import { Type } from 'typebox'
import { Address, TokenId } from '../encodings.ts'
import { I64, U64 } from '../integers.ts'
import { NftMetadata, TokenMetadata, VerifiableType } from './transactions.ts'

const closed = { additionalProperties: false } as const
const NftIdKey = Type.String({ pattern: '^[0-9]{1,20}$' })

export const FungibleMintVault = Type.Object({ metadata: TokenMetadata, supply: U64 }, closed)
export const NftMintVault = Type.Object(
  { collection: Type.Object({ metadata: NftMetadata, supply: Type.Record(NftIdKey, NftMetadata) }, closed) },
  closed,
)

export const HoldingsDiff = Type.Union([
  Type.Object({ Fungible: I64 }, closed),
  Type.Object(
    { NonFungible: Type.Object({ changes: Type.Record(NftIdKey, Type.Union([Type.Literal('Credit'), Type.Literal('Debit')])) }, closed) },
    closed,
  ),
])

export const StateDiff = Type.Object(
  {
    address: Address,
    operation: Type.Union([
      Type.Object({ TokenDiffs: Type.Record(TokenId, HoldingsDiff, { maxProperties: limits.ALLOWANCE_TOKENS_MAX }) }, closed),
      Type.Object(
        { FungibleTokenMint: Type.Union([Type.Object({ Create: FungibleMintVault }, closed), Type.Object({ IncreaseSupply: U64 }, closed)]) },
        closed,
      ),
      Type.Object(
        {
          NftMint: Type.Union([
            Type.Object({ Create: NftMintVault }, closed),
            Type.Object({ IncreaseSupply: Type.Record(NftIdKey, NftMetadata) }, closed),
          ]),
        },
        closed,
      ),
    ]),
  },
  closed,
)

/** POST /intents/submit: a verifiable with its caller-computed state diffs. */
export const VerifiableWithDiffs = Type.Object(
  { verifiable: VerifiableType, state_diffs: Type.Array(StateDiff, { maxItems: limits.STATE_DIFFS_MAX }) },
  closed,
)

/** GET /vaults/{owner}: a vault as the domain sees it locally. */
export const Vault = Type.Object(
  {
    balance: U64,
    shard: U64,
    data: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object(
          { TokenHoldings: Type.Object({ fungibles: Type.Record(TokenId, U64), nfts: Type.Record(TokenId, Type.Array(U64)) }, closed) },
          closed,
        ),
        Type.Object({ FungibleTokenMint: FungibleMintVault }, closed),
        Type.Object({ NftMint: NftMintVault }, closed),
      ]),
    ),
  },
  { description: 'a vault as this domain sees it locally' },
)

/** POST /intents/execute: one ordered batch of signed transactions, applied all or nothing. */
export const ExecuteRequest = Type.Array(VerifiableType, { minItems: 1, maxItems: limits.BATCH_LENGTH_MAX })
/** POST /intents/submit: one ordered batch with caller-computed state diffs, applied all or nothing. */
export const SubmitRequest = Type.Array(VerifiableWithDiffs, { minItems: 1, maxItems: limits.BATCH_LENGTH_MAX })
/** The answer of POST /intents/execute and /intents/submit. */
export const ApplyResult = Type.Object({ message: Type.String(), applied: Type.Integer({ minimum: 0, description: 'transactions applied' }) })
