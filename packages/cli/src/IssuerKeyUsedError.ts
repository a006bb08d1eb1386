import { formatAddress, VerityError } from '@verity/core'
import type { Vault } from '@verity/ledger'

/** `verity mint` / `nft create` with an issuer key whose mint vault already issued another token (the domain would answer MINT_EXISTS). */
export class IssuerKeyUsedError extends VerityError {
  readonly code = 'ISSUER_KEY_USED'
  constructor(readonly fields: { keyFile: string; issued: string; hint: string }) {
    super(`--key ${fields.keyFile} already issued ${fields.issued}: one key issues one token or one NFT collection; ${fields.hint}`)
  }
}

/**
 * Refuses, before anything is signed, an issuer key whose vault is already a mint of the other
 * kind (`wanted: 'fungible'`, `verity mint`) or any mint (`wanted: 'nft'`, `verity nft create`).
 */
export function refuseUsedIssuer(vault: Vault | null, keyFile: string, ownerId: string, wanted: 'fungible' | 'nft'): void {
  const data = vault?.data ?? undefined
  if (data === undefined || 'TokenHoldings' in data) return
  const id = formatAddress(ownerId, vault!.shard)
  const fresh = 'make a new key for this one: verity keygen --out new-issuer.json'
  if ('FungibleTokenMint' in data) {
    if (wanted === 'fungible') return
    const { symbol, name } = data.FungibleTokenMint.metadata
    throw new IssuerKeyUsedError({ keyFile, issued: `token ${symbol} "${name}" (${id})`, hint: fresh })
  }
  const name = data.NftMint.collection.metadata.name
  const hint = wanted === 'nft' ? `mint more of it with verity nft mint --key ${keyFile}, or ${fresh}` : fresh
  throw new IssuerKeyUsedError({ keyFile, issued: `NFT collection "${name}" (${id})`, hint })
}
