// The balances of a vault as rows (token, amount), from any of the views the explorer shows: the
// domain's local vault (`{balance, data: {TokenHoldings: {fungibles, nfts}}}`), the base layer's
// (the same shape), or an EVM chain's checked finalized view (`{balance, fungibles, nfts}`).

/** One row of the balances table: the native token, a fungible token, or an NFT collection. */
export type BalanceRow = { token: string; kind: 'native' | 'fungible' | 'nft'; amount: string }

type Holdings = { fungibles?: Record<string, unknown>; nfts?: Record<string, unknown> }

function holdingsOf(vault: Record<string, unknown>): Holdings {
  if ('fungibles' in vault || 'nfts' in vault) return vault as Holdings
  const data = vault.data as { TokenHoldings?: Holdings } | null | undefined
  return data?.TokenHoldings ?? {}
}

/** The rows of `vault` (null: no vault, no rows): native first, then tokens, then NFT collections, each in token order. */
export function balanceRows(vault: unknown): BalanceRow[] {
  if (vault === null || typeof vault !== 'object') return []
  const record = vault as Record<string, unknown>
  const rows: BalanceRow[] = []
  if (record.balance !== undefined) rows.push({ token: 'native', kind: 'native', amount: String(record.balance) })
  const { fungibles = {}, nfts = {} } = holdingsOf(record)
  for (const token of Object.keys(fungibles).sort()) rows.push({ token, kind: 'fungible', amount: String(fungibles[token]) })
  for (const token of Object.keys(nfts).sort()) {
    const ids = Array.isArray(nfts[token]) ? (nfts[token] as unknown[]).map(String) : []
    rows.push({ token, kind: 'nft', amount: `${ids.length} NFT${ids.length === 1 ? '' : 's'}${ids.length > 0 ? ` (#${ids.join(', #')})` : ''}` })
  }
  return rows
}

/** The owner id of a token id (`owner,shard`: the address of its mint vault), for looking its metadata up. */
export function mintOwnerOf(token: string): string {
  return token.split(',')[0]!
}

/** A mint vault's symbol (fungible) or collection name (NFTs), from the domain's local view of it; undefined when it is none. */
export function symbolOfMint(mintVault: unknown): string | undefined {
  const data = (mintVault as { data?: { FungibleTokenMint?: { metadata?: { symbol?: unknown } }; NftMint?: { collection?: { metadata?: { name?: unknown } } } } } | null)?.data
  const symbol = data?.FungibleTokenMint?.metadata?.symbol ?? data?.NftMint?.collection?.metadata?.name
  return typeof symbol === 'string' ? symbol : undefined
}
