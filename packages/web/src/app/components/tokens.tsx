import { useEffect, useState } from 'preact/hooks'
import { formatAmount, type TokenInfo } from '../../../../sdk/src/money/formatAmount.ts'
import { TokenDirectory, type MintVaultReader } from '../../../../sdk/src/money/TokenDirectory.ts'
import { ApiError } from '../api/ApiError.ts'
import { callApi } from '../api/callApi.ts'

/**
 * The page's token directory (the SDK's TokenDirectory over the web server's proxy to the domain):
 * a token's symbol and name are read from its mint vault once per page load, then cached.
 */
export const pageTokens = new TokenDirectory({
  getVault: (ownerId: string) =>
    callApi<Awaited<ReturnType<MintVaultReader['getVault']>>>(`/api/domain/vaults/${encodeURIComponent(ownerId)}`).catch((failure: unknown) => {
      if (failure instanceof ApiError && failure.status === 404) return null
      throw failure
    }),
})

/** The token's symbol and name (undefined while read, or when the domain does not know it: shown in minor units). */
export function useTokenInfo(tokenId: string | undefined): TokenInfo | undefined {
  const [info, setInfo] = useState<TokenInfo>()
  useEffect(() => {
    setInfo(undefined)
    if (tokenId === undefined) return
    let stopped = false
    pageTokens.describe(tokenId).then((found) => !stopped && setInfo(found), () => undefined)
    return () => void (stopped = true)
  }, [tokenId])
  return info
}

/** `$19.99 USD Devnet Dollar` for an amount of a token (`withName`: the token's name after it), as the CLI's `verity pay` shows it (SDK formatAmount). */
export function AmountOfToken({ amount, tokenId, testId, withName = true }: { amount: bigint | number; tokenId: string; testId?: string; withName?: boolean }) {
  const token = useTokenInfo(tokenId)
  return (
    <span data-testid={testId} title={`${String(amount)} minor units of ${tokenId}`}>
      <span class="money">{formatAmount(amount, token)}</span>
      {token === undefined || !withName ? null : <span class="muted">{token.name}</span>}
    </span>
  )
}
