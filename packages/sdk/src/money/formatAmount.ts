/** What a reader needs to see an amount of a token as money: its symbol, name and decimals. */
export type TokenInfo = {
  symbol: string
  name: string
  /** Digits after the decimal point; undefined when the token does not say (TOKEN_DECIMALS_BY_SYMBOL). */
  decimals?: number
}

/**
 * Decimals of the tokens whose symbol names a currency with cents. A token's mint metadata
 * (`{name, symbol}`) has no decimals; a token minted with one of these symbols (the devnet's
 * "Devnet Dollar" is `USD`) is read as that currency, in minor units. Any other token's amounts
 * are shown as whole minor units.
 */
export const TOKEN_DECIMALS_BY_SYMBOL: Readonly<Record<string, { decimals: number; sign: string }>> = {
  USD: { decimals: 2, sign: '$' },
  EUR: { decimals: 2, sign: '€' },
  GBP: { decimals: 2, sign: '£' },
}

/** The native token of a domain, whose amounts are plancks. */
export const NATIVE_TOKEN_INFO: TokenInfo = { symbol: 'native', name: 'native token (plancks)', decimals: 0 }

/**
 * An amount as a person reads it: `$19.99 USD` for a token with known decimals, `1,999 minor units
 * of DMD` for one without, `1,999 minor units` when the token is unknown. The raw integer stays
 * in `--json` output and on the wire; this is for text.
 * @example formatAmount(1999n, { symbol: 'USD', name: 'Devnet Dollar' }) // '$19.99 USD'
 */
export function formatAmount(amount: bigint | number, token?: TokenInfo): string {
  const minor = BigInt(amount)
  if (token === undefined) return `${group(minor)} minor units`
  if (token.symbol === NATIVE_TOKEN_INFO.symbol) return `${group(minor)} plancks`
  const known = TOKEN_DECIMALS_BY_SYMBOL[token.symbol]
  const decimals = token.decimals ?? known?.decimals
  if (decimals === undefined || decimals === 0) return `${group(minor)} minor units of ${token.symbol}`
  const negative = minor < 0n
  const absolute = negative ? -minor : minor
  const scale = 10n ** BigInt(decimals)
  const fraction = (absolute % scale).toString().padStart(decimals, '0')
  return `${negative ? '-' : ''}${known?.sign ?? ''}${group(absolute / scale)}.${fraction} ${token.symbol}`
}

function group(value: bigint): string {
  const text = (value < 0n ? -value : value).toString()
  return `${value < 0n ? '-' : ''}${text.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
}
