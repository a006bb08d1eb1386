import { parseAddress } from '@verity/core'
import type { DomainClient } from '../clients/DomainClient.ts'
import { NATIVE_TOKEN_INFO, type TokenInfo } from './formatAmount.ts'

/** Where a TokenDirectory reads mint vaults: a DomainClient, or the web app's proxy to one. */
export type MintVaultReader = Pick<DomainClient, 'getVault'>

/**
 * The symbol and name of tokens, read from where each was minted (the token id is its mint vault's
 * address: `FungibleTokenMint.metadata`) once, and cached for the life of the directory. A token
 * the domain does not know (or an id that is no address) is undefined: shown in minor units.
 * @example const tokens = new TokenDirectory(domain); formatAmount(1999n, await tokens.describe(usd))
 */
export class TokenDirectory {
  readonly #domain: MintVaultReader
  readonly #cache = new Map<string, Promise<TokenInfo | undefined>>()

  constructor(domain: MintVaultReader) {
    this.#domain = domain
  }

  describe(tokenId: string): Promise<TokenInfo | undefined> {
    if (tokenId === 'native') return Promise.resolve(NATIVE_TOKEN_INFO)
    let info = this.#cache.get(tokenId)
    if (info === undefined) {
      info = this.#read(tokenId)
      this.#cache.set(tokenId, info)
    }
    return info
  }

  async #read(tokenId: string): Promise<TokenInfo | undefined> {
    let ownerId: string
    try {
      ownerId = parseAddress(tokenId).ownerId
    } catch {
      return undefined
    }
    const vault = await this.#domain.getVault(ownerId)
    const data = vault?.data
    if (data === undefined || data === null || !('FungibleTokenMint' in data)) return undefined
    const { name, symbol } = data.FungibleTokenMint.metadata
    return { name, symbol }
  }
}
