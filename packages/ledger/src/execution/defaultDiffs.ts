import type { HoldingsDiff, NftChange, StateDiff } from '../wire/StateDiff.ts'
import type { AllowanceAmount, DebitAllowance, FungibleMint, NftMint } from '../wire/Verifiable.ts'
import type { Address, NftMetadata } from '../wire/Vault.ts'
import { LedgerLimitError, ZeroSupplyMintError } from '../errors/ledgerErrors.ts'
import { AMOUNT_MAX } from '../limits.ts'

/**
 * The state diffs of default execution for a debit allowance of `amounts` (the full allowance
 * by default): one debit diff on the debited vault, one credit diff on `credited`, tokens in
 * key order, zero amounts and empty NFT lists left out. No diffs when nothing moves.
 */
export function debitAllowanceDiffs(debited: Address, content: DebitAllowance, amounts: Record<string, AllowanceAmount> = content.allowances): StateDiff[] {
  const debits: Record<string, HoldingsDiff> = {}
  const credits: Record<string, HoldingsDiff> = {}
  for (const token of Object.keys(amounts).sort()) {
    const amount = amounts[token]!
    if ('Fungible' in amount) {
      if (amount.Fungible === 0n) continue
      debits[token] = { Fungible: -amount.Fungible }
      credits[token] = { Fungible: amount.Fungible }
    } else {
      if (amount.NonFungible.length === 0) continue
      debits[token] = { NonFungible: { changes: nftChanges(amount.NonFungible, 'Debit') } }
      credits[token] = { NonFungible: { changes: nftChanges(amount.NonFungible, 'Credit') } }
    }
  }
  if (Object.keys(debits).length === 0) return []
  return [
    { address: debited, operation: { TokenDiffs: debits } },
    { address: content.credited, operation: { TokenDiffs: credits } },
  ]
}

function nftChanges(ids: readonly bigint[], change: NftChange): Record<string, NftChange> {
  const changes: Record<string, NftChange> = {}
  for (const id of [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) changes[id.toString()] = change
  return changes
}

/** The state diffs of a fungible mint: the mint diff on the mint vault, then one credit per entry. */
export function fungibleMintDiffs(mint: Address, content: FungibleMint): StateDiff[] {
  const op = content.operation
  const credited = 'Create' in op ? op.Create.credited : op.IncreaseSupply.credited
  const supply = credited.reduce((sum, c) => sum + c.amount, 0n)
  if (supply > AMOUNT_MAX) throw new LedgerLimitError({ limit: 'AMOUNT_MAX (minted supply)', value: supply, max: AMOUNT_MAX })
  if ('Create' in op && supply === 0n) throw new ZeroSupplyMintError({ mint })
  const diffs: StateDiff[] = [
    {
      address: mint,
      operation: { FungibleTokenMint: 'Create' in op ? { Create: { metadata: op.Create.metadata, supply } } : { IncreaseSupply: supply } },
    },
  ]
  for (const credit of credited)
    if (credit.amount !== 0n) diffs.push({ address: credit.address, operation: { TokenDiffs: { [mint]: { Fungible: credit.amount } } } })
  return diffs
}

/** The state diffs of an NFT mint: the mint diff (every NFT minted), then one credit per entry. */
export function nftMintDiffs(mint: Address, content: NftMint): StateDiff[] {
  const op = content.operation
  const credited = 'Create' in op ? op.Create.credited : op.IncreaseSupply.credited
  const minted: Record<string, NftMetadata> = {}
  for (const credit of credited) for (const nft of credit.nfts) minted[nft.id.toString()] = nft.metadata
  if ('Create' in op && Object.keys(minted).length === 0) throw new ZeroSupplyMintError({ mint })
  const diffs: StateDiff[] = [
    {
      address: mint,
      operation: { NftMint: 'Create' in op ? { Create: { collection: { metadata: op.Create.collection, supply: minted } } } : { IncreaseSupply: minted } },
    },
  ]
  for (const credit of credited)
    if (credit.nfts.length > 0)
      diffs.push({
        address: credit.address,
        operation: { TokenDiffs: { [mint]: { NonFungible: { changes: nftChanges(credit.nfts.map((n) => n.id), 'Credit') } } } },
      })
  return diffs
}

