import type { Vault } from '@verity/ledger'
import { formatAmount, NATIVE_TOKEN_INFO, type TokenDirectory } from '@verity/sdk'

/** One balance of a vault for a person: the raw integer (as a decimal string) beside it as money. */
export type BalanceShown = { token: string; token_name?: string; amount: string; amount_shown: string }

/**
 * get_vault's balances as money: the native token, then each fungible token with its symbol and
 * name read from its mint (`tokens`, once per token), as `verity vault show` prints them
 * (`$19.99 USD`; `1,999 minor units of DMD` for a token without decimals). A token whose mint
 * cannot be read is shown in minor units.
 */
export async function balancesShown(vault: Vault, tokens: TokenDirectory): Promise<BalanceShown[]> {
  const shown: BalanceShown[] = [{ token: 'native', amount: vault.balance.toString(), amount_shown: formatAmount(vault.balance, NATIVE_TOKEN_INFO) }]
  const data = vault.data ?? undefined
  if (data === undefined || !('TokenHoldings' in data)) return shown
  for (const [token, balance] of Object.entries(data.TokenHoldings.fungibles)) {
    const info = await tokens.describe(token).catch(() => undefined)
    shown.push({ token, ...(info === undefined ? {} : { token_name: `${info.name} (${info.symbol})` }), amount: balance.toString(), amount_shown: formatAmount(balance, info) })
  }
  return shown
}
