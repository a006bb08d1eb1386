import { canonicalJsonBytes, formatAddress, NATIVE_TOKEN_ID, ownerIdOfSignature, parseAddress, sha256 } from '@verity/core'
import type { HoldingsDiff, StateDiff } from '../wire/StateDiff.ts'
import type { Address, ShardId } from '../wire/Vault.ts'
import type { SdlContent } from '../sdl/SdlContent.ts'
import { verifiableParts } from '../laws/verifyVerifiable.ts'

/**
 * Operations on the slots of the shard's state tree, as the SDL circuit checks them (DESIGN §6).
 * A slot holds one field value under a key; an empty slot reads 0.
 * - Credit: value += a (a < 2^64, result < 2^64; when b = 1, a must be non-zero)
 * - Debit: value -= a (no underflow: no overdraft, no negative balance)
 * - Nonce: value + 1 must equal a (the signed new_nonce); value = a
 * - Set: value must equal a; value = b (NFT owners, minted NFT ids, mint roles)
 * - Role: value must be 0 or a; value = a (a vault becomes a holder, never from a mint)
 */
export const SlotOpKind = Object.freeze({ Nop: 0, Credit: 1, Debit: 2, Nonce: 3, Set: 4, Role: 5 })
export type SlotOpKindValue = (typeof SlotOpKind)[keyof typeof SlotOpKind]

/** The role slot's values: a vault is at most one of holder, fungible mint, NFT mint, for ever. */
export const VaultRole = Object.freeze({ None: 0n, Holder: 1n, FungibleMint: 2n, NftMint: 3n })

export type SlotOp = { kind: SlotOpKindValue; key: bigint; a: bigint; b: bigint }

/** A field element (< 2^248) naming a slot or an owner: the first 31 bytes of SHA-256 of JCS(parts). */
export function slotKey(parts: readonly (string | number)[]): bigint {
  const digest = sha256(canonicalJsonBytes(parts, 'slot key'))
  return BigInt(`0x${Buffer.from(digest.subarray(0, 31)).toString('hex')}`)
}

/**
 * The slot keys of the state tree: a vault's balances, nonce, role and mint supply, an NFT's owner
 * and minted mark, and the owner key an NFT owner slot holds. A finalized vault's inclusion proof
 * names its slots by these (the client recomputes each key from the vault's address).
 */
export const slotKeys = {
  balance: (address: Address, token: string) => slotKey(['balance', address, token]),
  nonce: (address: Address) => slotKey(['nonce', address]),
  role: (address: Address) => slotKey(['role', address]),
  supply: (mint: Address) => slotKey(['supply', mint]),
  nftOwner: (collection: Address, id: string) => slotKey(['nft', collection, id]),
  nftMinted: (collection: Address, id: string) => slotKey(['minted', collection, id]),
  owner: (address: Address) => slotKey(['owner', address]),
}
const keys = slotKeys

/**
 * The slot operations of an SDL, in order: its incoming credits, then per transaction the
 * signer's nonce and the ops of each state diff on this shard (outgoing credits touch no slot).
 * Deterministic from the content alone, so the base layer recomputes them to check the proof.
 *
 * A credited vault's Role (holder) op comes once per SDL: once its role slot holds Holder, a
 * later Role op could neither fail nor change it (only a Set to a mint role could, and that
 * expects None), so repeating it for a busy recipient would only cost a slot operation.
 */
export function sdlSlotOps(content: SdlContent): SlotOp[] {
  const ops: SlotOp[] = []
  const holders = new Set<bigint>()
  const push = (diff: StateDiff) => pushDiffOps({ ops, holders }, diff, content.shard)
  for (const credit of content.incoming_credits.credits) push(credit)
  for (const tx of content.transactions) {
    // A mandate payment has no signer and no nonce: its proof bundle authorizes it (checked
    // natively, like signatures), and the circuit sees its debit and credit like any other.
    if ('MandatePayment' in tx.verifiable) {
      for (const diff of tx.state_diffs) push(diff)
      continue
    }
    const { kind, message } = verifiableParts(tx.verifiable)
    const signed = message.payload.content as { new_nonce: bigint; debited_shard?: ShardId; shard?: ShardId }
    const shard = kind === 'DebitAllowance' ? signed.debited_shard! : signed.shard!
    const signer = formatAddress(ownerIdOfSignature(message.signature as Parameters<typeof ownerIdOfSignature>[0]), shard)
    ops.push({ kind: SlotOpKind.Nonce, key: keys.nonce(signer), a: signed.new_nonce, b: 0n })
    for (const diff of tx.state_diffs) push(diff)
  }
  return ops
}

/** The ops being built, and the role keys already made Holder by them. */
type OpsDraft = { ops: SlotOp[]; holders: Set<bigint> }

function pushHolderRole({ ops, holders }: OpsDraft, address: Address): void {
  const key = keys.role(address)
  if (holders.has(key)) return
  holders.add(key)
  ops.push({ kind: SlotOpKind.Role, key, a: VaultRole.Holder, b: 0n })
}

function pushDiffOps(draft: OpsDraft, diff: StateDiff, shard: ShardId): void {
  const { ops } = draft
  if (parseAddress(diff.address).shard !== shard) return
  const address = diff.address
  const op = diff.operation
  if ('TokenDiffs' in op) {
    for (const token of Object.keys(op.TokenDiffs).sort()) pushHoldingsOps(draft, address, token, op.TokenDiffs[token]!)
    return
  }
  if ('FungibleTokenMint' in op) {
    const mint = op.FungibleTokenMint
    const isCreate = 'Create' in mint
    ops.push(setOp(keys.role(address), isCreate ? VaultRole.None : VaultRole.FungibleMint, VaultRole.FungibleMint))
    ops.push({ kind: SlotOpKind.Credit, key: keys.supply(address), a: isCreate ? mint.Create.supply : mint.IncreaseSupply, b: isCreate ? 1n : 0n })
    return
  }
  const mint = op.NftMint
  const isCreate = 'Create' in mint
  const minted = isCreate ? mint.Create.collection.supply : mint.IncreaseSupply
  ops.push(setOp(keys.role(address), isCreate ? VaultRole.None : VaultRole.NftMint, VaultRole.NftMint))
  for (const id of sortedIds(Object.keys(minted))) ops.push(setOp(keys.nftMinted(address, id), 0n, 1n))
  ops.push({ kind: SlotOpKind.Credit, key: keys.supply(address), a: BigInt(Object.keys(minted).length), b: isCreate ? 1n : 0n })
}

function pushHoldingsOps(draft: OpsDraft, address: Address, token: string, diff: HoldingsDiff): void {
  const { ops } = draft
  if ('Fungible' in diff) {
    if (diff.Fungible === 0n) return
    const key = keys.balance(address, token)
    if (diff.Fungible < 0n) ops.push({ kind: SlotOpKind.Debit, key, a: -diff.Fungible, b: 0n })
    else {
      if (token !== NATIVE_TOKEN_ID) pushHolderRole(draft, address)
      ops.push({ kind: SlotOpKind.Credit, key, a: diff.Fungible, b: 0n })
    }
    return
  }
  const owner = keys.owner(address)
  const ids = sortedIds(Object.keys(diff.NonFungible.changes))
  if (ids.some((id) => diff.NonFungible.changes[id] === 'Credit')) pushHolderRole(draft, address)
  for (const id of ids) {
    const isCredit = diff.NonFungible.changes[id] === 'Credit'
    ops.push(setOp(keys.nftOwner(token, id), isCredit ? 0n : owner, isCredit ? owner : 0n))
  }
}

function setOp(key: bigint, expected: bigint, value: bigint): SlotOp {
  return { kind: SlotOpKind.Set, key, a: expected, b: value }
}

function sortedIds(ids: string[]): string[] {
  return ids.sort((x, y) => {
    const a = BigInt(x)
    const b = BigInt(y)
    return a < b ? -1 : a > b ? 1 : 0
  })
}
