/** The root of a shard's empty state tree (from the ledger's state tree). */
export function emptyStateRoot(): string {
  throw new Error('the ledger state tree has not landed yet')
}
