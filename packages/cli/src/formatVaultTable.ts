import type { Vault } from '@verity/ledger'
import { formatAmount, NATIVE_TOKEN_INFO, type TokenDirectory } from '@verity/sdk'

/**
 * `verity vault show`'s text form: a table of the vault's role, next nonce, native balance and
 * each token by symbol and name with its balance as money and the raw integer (docs/cli.md).
 * Token names come from where each token was minted (`tokens`, read once per token).
 */
export async function formatVaultTable(ownerId: string, vault: Vault, nextNonce: bigint, tokens: TokenDirectory): Promise<string> {
  const data = vault.data ?? undefined
  const rows: string[][] = [
    ['role', roleOf(vault)],
    ['next nonce', nextNonce.toString()],
    ['native', formatAmount(vault.balance, NATIVE_TOKEN_INFO)],
  ]
  if (data !== undefined && 'FungibleTokenMint' in data) {
    const { metadata, supply } = data.FungibleTokenMint
    rows.push(['mints', `${metadata.symbol} "${metadata.name}", supply ${formatAmount(supply, metadata)} (${supply})`])
  }
  const lines = [`local view of ${ownerId} (shard ${vault.shard}):`, ...table(rows)]
  if (data !== undefined && 'TokenHoldings' in data) {
    const fungibles = Object.entries(data.TokenHoldings.fungibles)
    const tokenRows = [['TOKEN', 'NAME', 'BALANCE', 'RAW', 'TOKEN ID']]
    for (const [tokenId, balance] of fungibles) {
      const info = await tokens.describe(tokenId)
      tokenRows.push([info?.symbol ?? '?', info?.name ?? '(unknown token)', formatAmount(balance, info), balance.toString(), tokenId])
    }
    if (fungibles.length > 0) lines.push('', ...table(tokenRows))
    for (const [collection, ids] of Object.entries(data.TokenHoldings.nfts)) lines.push(`NFTs of ${collection}: ${ids.join(', ')}`)
  }
  return lines.join('\n')
}

function roleOf(vault: Vault): string {
  const data = vault.data ?? undefined
  if (data === undefined) return 'holder (native token only)'
  if ('TokenHoldings' in data) return 'holder'
  if ('FungibleTokenMint' in data) return 'fungible token mint'
  return `NFT collection mint ("${data.NftMint.collection.metadata.name}")`
}

function table(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)))
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd())
}
