import { NATIVE_TOKEN_ID } from '@verity/core'
import { parseAddressMemo } from '../laws/addressMemo.ts'
import { cloneVault } from './cloneVault.ts'
import type { HoldingsDiff, StateDiff } from '../wire/StateDiff.ts'
import type { Address, ShardId, TokenHoldings, Vault } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'
import {
  BalanceOverflowError,
  MalformedVerifiableError,
  MintExistsError,
  MintHolderConflictError,
  MintNotFoundError,
  NftAlreadyExistsError,
  NftNotHeldError,
  OverdraftError,
  WrongShardError,
  ZeroSupplyMintError,
} from '../errors/ledgerErrors.ts'
import { U64_MAX } from '../limits.ts'

/**
 * Applies `diffs` in order to the vaults of `shard` and returns the vaults they change, as a new
 * map (the view is not touched). Diffs on another shard's addresses are outgoing credits: they
 * are skipped here (the base layer delivers them), but a debit or mint there is refused.
 * Enforces the laws that depend on state: no overdraft or negative balance, u64 range, NFTs
 * debited must be held, mint creation rules, a vault never both mint and holder.
 */
export function applyStateDiffs(view: LedgerView, diffs: readonly StateDiff[], shard: ShardId): Map<Address, Vault> {
  const changed = new Map<Address, Vault>()
  applyStateDiffsInto(changed, view, diffs, shard)
  return changed
}

/** As `applyStateDiffs`, writing into `changed` (which also shadows the view). */
export function applyStateDiffsInto(changed: Map<Address, Vault>, view: LedgerView, diffs: readonly StateDiff[], shard: ShardId): void {
  for (const diff of diffs) {
    if (parseAddressMemo(diff.address).shard !== shard) {
      assertOutgoingCredit(diff, shard)
      continue
    }
    const vault = touch(changed, view, diff.address, shard)
    const op = diff.operation
    if ('TokenDiffs' in op) for (const token of Object.keys(op.TokenDiffs)) applyHoldingsDiff(vault, diff.address, token, op.TokenDiffs[token]!)
    else if ('FungibleTokenMint' in op) applyFungibleMint(vault, diff.address, op.FungibleTokenMint)
    else applyNftMint(vault, diff.address, op.NftMint)
  }
}

/** A diff on another shard may only credit. */
export function assertOutgoingCredit(diff: StateDiff, shard: ShardId): void {
  const op = diff.operation
  const target = parseAddressMemo(diff.address).shard
  if (!('TokenDiffs' in op)) throw new WrongShardError({ field: `mint at ${diff.address}`, shardGot: target, shardExpected: shard })
  for (const [token, holdings] of Object.entries(op.TokenDiffs)) {
    const isCredit = 'Fungible' in holdings ? holdings.Fungible >= 0n : Object.values(holdings.NonFungible.changes).every((c) => c === 'Credit')
    if (!isCredit) throw new WrongShardError({ field: `debit of ${token} at ${diff.address}`, shardGot: target, shardExpected: shard })
  }
}

function touch(changed: Map<Address, Vault>, view: LedgerView, address: Address, shard: ShardId): Vault {
  let vault = changed.get(address)
  if (vault === undefined) {
    const stored = view.getVault(address)
    vault = stored === undefined ? { balance: 0n, shard, data: null } : cloneVault(stored)
    changed.set(address, vault)
  }
  return vault
}

function holdingsOf(vault: Vault, address: Address): TokenHoldings {
  const data = vault.data
  if (data === undefined || data === null) {
    const holdings: TokenHoldings = { fungibles: {}, nfts: {} }
    vault.data = { TokenHoldings: holdings }
    return holdings
  }
  if ('TokenHoldings' in data) return data.TokenHoldings
  throw new MintHolderConflictError({ address, reason: 'a mint vault cannot hold tokens' })
}

function applyHoldingsDiff(vault: Vault, address: Address, token: string, diff: HoldingsDiff): void {
  if (token === NATIVE_TOKEN_ID) {
    if (!('Fungible' in diff)) throw new MalformedVerifiableError({ field: `${address}.native`, reason: 'the native token is fungible' })
    vault.balance = checkedAdd(vault.balance, diff.Fungible, address, token)
    return
  }
  if ('Fungible' in diff) {
    if (diff.Fungible === 0n) return
    const holdings = diff.Fungible > 0n ? holdingsOf(vault, address) : existingHoldings(vault)
    const balance = checkedAdd(holdings?.fungibles[token] ?? 0n, diff.Fungible, address, token)
    holdings!.fungibles[token] = balance
    return
  }
  for (const [idText, change] of Object.entries(diff.NonFungible.changes)) {
    const id = BigInt(idText)
    if (change === 'Debit') {
      const held = existingHoldings(vault)?.nfts[token]
      const position = held?.indexOf(id) ?? -1
      if (held === undefined || position < 0) throw new NftNotHeldError({ address, collection: token, nftId: id })
      held.splice(position, 1)
      if (held.length === 0) delete existingHoldings(vault)!.nfts[token]
    } else {
      const holdings = holdingsOf(vault, address)
      const held = (holdings.nfts[token] ??= [])
      if (held.includes(id)) throw new NftAlreadyExistsError({ collection: token, nftId: id })
      held.push(id)
      held.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    }
  }
}

function existingHoldings(vault: Vault): TokenHoldings | undefined {
  const data = vault.data
  return data !== undefined && data !== null && 'TokenHoldings' in data ? data.TokenHoldings : undefined
}

function checkedAdd(balance: bigint, delta: bigint, address: Address, token: string): bigint {
  const result = balance + delta
  if (result < 0n) throw new OverdraftError({ address, token, balance, amount: -delta })
  if (result > U64_MAX) throw new BalanceOverflowError({ address, token })
  return result
}

function assertCanBecomeMint(vault: Vault, address: Address): void {
  const data = vault.data
  if (data === undefined || data === null) return
  if ('TokenHoldings' in data) throw new MintHolderConflictError({ address, reason: 'a vault with token holdings cannot become a mint' })
  throw new MintExistsError({ mint: address })
}

function applyFungibleMint(vault: Vault, address: Address, op: { Create: { metadata: { name: string; symbol: string }; supply: bigint } } | { IncreaseSupply: bigint }): void {
  if ('Create' in op) {
    assertCanBecomeMint(vault, address)
    if (op.Create.supply === 0n) throw new ZeroSupplyMintError({ mint: address })
    vault.data = { FungibleTokenMint: structuredClone(op.Create) }
    return
  }
  const data = vault.data
  if (data === undefined || data === null || !('FungibleTokenMint' in data)) throw new MintNotFoundError({ mint: address, kind: 'fungible' })
  data.FungibleTokenMint.supply = checkedAdd(data.FungibleTokenMint.supply, op.IncreaseSupply, address, 'supply')
}

function applyNftMint(vault: Vault, address: Address, op: Extract<StateDiff['operation'], { NftMint: unknown }>['NftMint']): void {
  if ('Create' in op) {
    assertCanBecomeMint(vault, address)
    if (Object.keys(op.Create.collection.supply).length === 0) throw new ZeroSupplyMintError({ mint: address })
    vault.data = { NftMint: structuredClone(op.Create) }
    return
  }
  const data = vault.data
  if (data === undefined || data === null || !('NftMint' in data)) throw new MintNotFoundError({ mint: address, kind: 'nft' })
  const supply = data.NftMint.collection.supply
  for (const [id, metadata] of Object.entries(op.IncreaseSupply)) {
    if (id in supply) throw new NftAlreadyExistsError({ collection: address, nftId: BigInt(id) })
    supply[id] = structuredClone(metadata)
  }
}
