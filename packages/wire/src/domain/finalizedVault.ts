import { EVM_ADDRESS_PATTERN } from '@verity/core'
import { limits } from '@verity/ledger'
import { Type } from 'typebox'
import { Address, HashDigest, OwnerId, TokenId } from '../encodings.ts'

const closed = { additionalProperties: false } as const
const Field = Type.String({ pattern: '^0x[0-9a-f]{64}$', description: 'a field element: 0x and 64 lowercase hex digits' })
const Decimal = Type.String({ pattern: '^[0-9]{1,78}$', description: 'a field element in decimal' })

/**
 * One slot of the shard's state tree with its Merkle path. The key is not sent: a client
 * recomputes it from `kind`, the vault's address and `token`/`nft_id` (ledger `slotKeys`), so a
 * slot of another vault cannot pass for this one's.
 */
export const FinalizedSlot = Type.Object(
  {
    kind: Type.Union([Type.Literal('nonce'), Type.Literal('role'), Type.Literal('supply'), Type.Literal('balance'), Type.Literal('nft')]),
    /** balance: the token; nft: the collection */
    token: Type.Optional(TokenId),
    nft_id: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })),
    /** the slot's position in the tree (its leaf index) */
    index: Type.Integer({ minimum: 0, maximum: limits.STATE_SLOTS_MAX - 1 }),
    value: Decimal,
    /** sibling hashes from the leaf up, STATE_TREE_DEPTH of them */
    siblings: Type.Array(Field, { minItems: limits.STATE_TREE_DEPTH, maxItems: limits.STATE_TREE_DEPTH }),
  },
  closed,
)

/** GET /vaults/{owner_id}/finalized of a domain settling on an EVM chain. */
export const EvmFinalizedVault = Type.Object(
  {
    settlement: Type.Literal('evm'),
    chain_id: Type.Integer({ minimum: 1 }),
    /** the VeritySettlement contract */
    contract: Type.String({ pattern: EVM_ADDRESS_PATTERN.source }),
    shard: Type.Integer({ minimum: 1 }),
    owner_id: OwnerId,
    address: Address,
    /** the root the contract held for the shard when the domain answered, and the block it read it at */
    root: Field,
    block_number: Decimal,
    /** the domain's SDL that ends at that root (null: no SDL settled, the empty tree) */
    sdl: Type.Union([Type.Null(), Type.Object({ hash: HashDigest, sequence: Type.Integer({ minimum: 1 }) }, closed)]),
    /** the vault's slots in the tree at that root; empty when the vault is not in the finalized state */
    slots: Type.Array(FinalizedSlot, { maxItems: limits.FINALIZED_VAULT_SLOTS_MAX }),
  },
  closed,
)

/** GET /vaults/{owner_id}/finalized: a base-layer domain's finalized view is the base layer's (getVault there). */
export const FinalizedVault = Type.Union([EvmFinalizedVault, Type.Object({ settlement: Type.Literal('base_layer') }, closed)])
